"""The ``pbem`` section of the benchmark (bench/run.py): `referee pbem send` and `referee
pbem receive` for one player-turn of the quickstart battle, against one `referee
adjudicate` of that battle at the same moment (issue 22 item 7: at most 1.5x).

The game is samples/pbem/mail-game.sh's (three game turns, 8 mails); then the Greeks'
turn 4: their activation and movement sent, the combat orders written. Timed, each run
on a fresh copy of the folder (`cp -r` inside the timed shell, for the command and the
reference alike):

* `send`: the Greeks' combat orders, which need the Persians' reveal: the mail of the
  player-turn (its activation and movement entries, the combat orders with the standing
  rout and pursuit) is written;
* `receive`: the Persians apply that mail: their own turn-3 combat, rout and pursuit as
  the Greeks applied them, the Greeks' activation and movement, then the Greeks' combat
  with their own reveal, and the rout and pursuit (standing orders);
* the reference: `adjudicate` of the Greeks' turn-4 movement on the exported state (with
  `--secret`, which signs it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

from procs import HERE, paired, referee
from report import Row, fmt_s, progress

ROOT = os.path.dirname(HERE)
SCRIPT = os.path.join(ROOT, "samples", "pbem", "mail-game.sh")
TARGET = 1.5


def _edit(path: str) -> None:
    """Uncomment the first option of every unit and leader (mail-game.sh's editor)."""
    out, open_ = [], False
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  #   ") or re.match(r"  # [A-Z]", line):
                open_ = True
            if line.startswith("  # - ") and open_:
                line, open_ = "  - " + line[len("  # - ") :], False
            out.append(line)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("".join(out))


def _run(*args: str) -> None:
    done = subprocess.run(referee(*args), capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)}: exit {done.returncode}: {done.stderr[:300]}")


def _fresh(src: str, dst: str, *args: str) -> list[str]:
    """A shell that copies ``src`` to ``dst`` and then becomes the referee command."""
    quoted = " ".join(f"'{a}'" for a in referee(*args))
    return ["sh", "-c", f"rm -rf '{dst}' && cp -r '{src}' '{dst}' && exec {quoted}"]


def bench_pbem(repeats: int) -> list[Row]:
    rows: list[Row] = []
    target = f"<= {TARGET}x `adjudicate`"
    with tempfile.TemporaryDirectory() as tmp:
        progress("pbem: the mail game (3 game turns)")
        subprocess.run(["bash", SCRIPT, tmp], capture_output=True, check=True)
        a, b = os.path.join(tmp, "A"), os.path.join(tmp, "B")
        for _ in range(2):  # the Greeks' turn-4 activation and movement
            _edit(os.path.join(a, "orders.yaml"))
            if _ == 1:
                shutil.copytree(a, os.path.join(tmp, "A-movement"))
            _run("pbem", "send", a, os.path.join(a, "orders.yaml"))
        _edit(os.path.join(a, "orders.yaml"))  # the combat orders
        shutil.copytree(a, os.path.join(tmp, "A-combat"))
        _run("pbem", "send", a, os.path.join(a, "orders.yaml"))
        mail = sorted(os.listdir(os.path.join(a, "outbox")))[-1]
        mail_path = os.path.join(a, "outbox", mail)
        moved = os.path.join(tmp, "A-movement")
        _run("pbem", "export", moved, "-o", os.path.join(tmp, "state.yaml"))
        work = os.path.join(tmp, "x")
        reference = _fresh(
            moved,
            work,
            "adjudicate",
            os.path.join(work, "game.yaml"),
            os.path.join(work, "orders.yaml"),
            "--secret",
            os.path.join(work, "secret.txt"),
            "-o",
            os.path.join(work, "out.yaml"),
        )
        commands = {
            "send": _fresh(
                os.path.join(tmp, "A-combat"),
                work,
                "pbem",
                "send",
                work,
                os.path.join(work, "orders.yaml"),
            ),
            "receive": _fresh(b, work, "pbem", "receive", work, mail_path),
        }
        for what, cmd in commands.items():
            label = f"`referee pbem {what}`, one player-turn of the quickstart battle"
            progress(label)
            try:
                p = paired(cmd, reference, repeats)
            except RuntimeError as exc:
                rows.append(Row("pbem", label, f"failed ({exc})", target, False))
                continue
            rows.append(
                Row(
                    "pbem",
                    label,
                    f"cpu {fmt_s(p.cmd.cpu)}, `adjudicate` "
                    f"{fmt_s(p.floor.cpu)}: {p.ratio:.2f}x (wall "
                    f"{p.wall_ratio:.2f}x)",
                    target,
                    p.ratio <= TARGET,
                )
            )
    return rows
