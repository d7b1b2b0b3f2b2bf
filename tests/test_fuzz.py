"""Issue 16 item 4: a fuzz test over the CLI entry point, in-process. Mutations of real
files (tests/fuzzkit.py: lines deleted and swapped, hostile values and keys, deep
nesting, tags, odd encodings, bad bytes, truncation) fed to every command that reads a
file (validate, adjudicate, show, verify, history, rollback, moves, odds, orders, new,
house rules, standard input). Each run ends with a documented exit code, never 70,
never a traceback. Bounded and deterministic for CI (``derandomize``);
``REFEREE_FUZZ_EXAMPLES=N`` explores further at random. The campaign (thousands of
inputs, whole processes too) is ``tools/fuzz.py`` (docs/hostile.md)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clikit import referee
from fuzzkit import DOCUMENTED, KINDS, KINDS_26, Seeds, make_case, make_seeds

_EXPLORE = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "0"))


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Seeds:
    return make_seeds(tmp_path_factory.mktemp("fuzz-seeds"))


@settings(
    max_examples=_EXPLORE or 60,
    deadline=None,
    derandomize=not _EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_files_through_every_command(
    seeds: Seeds,
    seed: int,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    work = tmp_path_factory.mktemp("fuzz")
    case = make_case(seeds, random.Random(seed), KINDS)
    case.write(work)
    run = referee(*case.argv(work), stdin=case.stdin)
    what = f"referee {' '.join(case.args)} (seed {seed})"
    assert run.code in DOCUMENTED, f"{what}: exit {run.code}\n{run.err}"
    assert run.code != 70
    assert "Traceback" not in run.err + run.out, f"{what}:\n{run.err}"
    assert "internal error" not in run.err, f"{what}:\n{run.err}"
    if run.code:  # (exit 1, orders refused: the report on stdout says why)
        assert run.err.strip() or (run.code == 1 and run.out.strip()), (
            f"{what}: exit {run.code} without a message"
        )


def _run(seeds: Seeds, seed: int, work: Path, kinds: list[str] | None = None) -> None:
    case = make_case(seeds, random.Random(seed), kinds)
    case.write(work)
    cwd = os.getcwd()
    os.chdir(work)  # (a scenario's CSV file is found beside it)
    try:
        run = referee(*case.argv(work), stdin=case.stdin)
    finally:
        os.chdir(cwd)
    what = f"referee {' '.join(case.args)} (seed {seed})"
    assert run.code in DOCUMENTED and run.code != 70, f"{what}: exit {run.code}\n{run.err}"
    assert "Traceback" not in run.err + run.out, f"{what}:\n{run.err}"
    if run.code:
        assert run.err.strip() or (run.code == 1 and run.out.strip()), (
            f"{what}: exit {run.code} without a message"
        )


# Issue 26: mail messages (MIME nesting, parts, parameters, comments, header fields,
# encodings, boundaries), choices and reveal files (also inside a mail), the CSV file a
# scenario names (and names it may not use).
_FILES_26 = [k for k in KINDS_26 if not k.startswith("blob-")]


@settings(
    max_examples=_EXPLORE or 40,
    deadline=None,
    derandomize=not _EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_file_kinds_of_issue_26(
    seeds: Seeds, seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _run(seeds, seed, tmp_path_factory.mktemp("fuzz26"), _FILES_26)


# History blobs (the compressed initial position and orders) replaced by hostile ones
# (JSON zeros, deep nesting, huge integers and strings, an ~enum's huge index, junk):
# bounded as they stream (referee/io/blob.py).
@settings(
    max_examples=_EXPLORE or 15,
    deadline=None,
    derandomize=not _EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_history_blobs(seeds: Seeds, seed: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    _run(
        seeds,
        seed,
        tmp_path_factory.mktemp("fuzzblob"),
        [k for k in KINDS_26 if k.startswith("blob-")],
    )


def test_the_mutations_change_the_files(seeds: Seeds) -> None:
    """The harness is not a no-op: mutated files differ from the seeds."""
    from fuzzkit import mutate

    rng = random.Random(1)
    changed = sum(mutate(seeds.state, rng) != seeds.state for _ in range(50))
    assert changed >= 45
