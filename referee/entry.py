"""The program's entry point (the ``referee`` script, ``python -m referee``): the one
place where the referee changes how the interpreter runs the process. Each setting is
kept for what it measurably saves (bench/RESULTS.md, "Issue 21"):

- **The cyclic garbage collector is off** for the whole run, from before the first
  import. A command builds large acyclic structures (a 50,000-unit state is millions
  of objects, a phase tens of thousands of events and records) that the collector
  would traverse again and again for nothing, and its peak memory is the same without
  it: importing alone builds tens of thousands of objects.
- **No interpreter teardown**: after the command, the standard streams are flushed and
  the process leaves with ``os._exit``, without freeing every module and object one by
  one. Nothing is lost by it: every file the referee writes is written, flushed and
  closed by ``referee.io.targets.write``, and the referee registers no ``atexit``
  function. A standard output that fails at the flush is said (exit 6), a standard
  error that fails has nobody to tell, and the status stands. When the exit status is
  not a number (a message), or when a tracer or a profiler watches the process
  (coverage, cProfile: they report at exit), the interpreter exits as usual.

A program of one's own calls ``referee.cli.main`` instead (the tests do): it leaves the
collector and the exit alone.
"""

from typing import NoReturn


def run() -> NoReturn:
    """``referee.cli.main`` with the collector off, then out without the teardown."""
    import gc

    gc.disable()
    import contextlib
    import os
    import sys

    from referee import errors
    from referee.cli.app import lost_output, main

    try:
        main()
        code: object = 0
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code
    if type(code) is not int or _watched():
        raise SystemExit(code)
    try:
        sys.stdout.flush()
    except OSError as exc:  # the report could not be written: said, exit 6
        try:
            lost_output(exc)
        except SystemExit as lost:
            code = lost.code if isinstance(lost.code, int) else errors.EXIT_IO
    for stream in (sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):  # nobody left to tell
            if stream is not None:
                stream.flush()
    os._exit(code)


def _watched() -> bool:
    """A tracer or a profiler watches the process (coverage, cProfile): it reports at
    the interpreter's exit."""
    import sys

    if sys.gettrace() is not None or sys.getprofile() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12: coverage's sysmon core
    return monitoring is not None and any(
        monitoring.get_tool(tool) is not None for tool in range(6)
    )
