"""``referee/cli/clickapi.py``: click's exception classes found through typer's public
names (and a clear import error when typer moves them), and the two help-layout
functions of click's written again with the same output."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
import typer.main
from hypothesis import given
from hypothesis import strategies as st

from referee.cli import clickapi
from referee.cli.clickapi import NAMES, TyperLayoutChanged, find_classes, join_options, short_help

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------- the classes
def test_the_classes_are_clicks_and_in_its_hierarchy() -> None:
    found = {name: getattr(clickapi, name) for name in NAMES}
    assert {name: cls.__name__ for name, cls in found.items()} == {n: n for n in NAMES}
    assert len({cls.__module__ for cls in found.values()}) == 1
    assert clickapi.BadParameter is typer.BadParameter
    assert issubclass(clickapi.MissingParameter, clickapi.BadParameter)
    for name in NAMES:
        assert issubclass(found[name], clickapi.ClickException), name
        if name != "ClickException":
            assert issubclass(found[name], clickapi.UsageError), name


def _app() -> Any:
    app = typer.Typer(no_args_is_help=True)

    @app.command()
    def go(
        name: str,
        count: Annotated[int, typer.Option()] = 1,
        size: Annotated[int, typer.Option()] = 1,
        loud: Annotated[bool, typer.Option("--loud")] = False,
    ) -> None:
        pass

    @app.command()
    def stop() -> None:
        pass

    return typer.main.get_command(app)


def _raised(*args: str) -> Exception:
    with pytest.raises(clickapi.ClickException) as caught:
        _app().main(list(args), prog_name="prog", standalone_mode=False)
    return caught.value


def test_each_class_is_what_click_raises_with_the_data_declared() -> None:
    """What the referee reads of each (the TYPE_CHECKING declarations) is there."""
    exc: Any = _raised("go", "x", "--cout", "2")
    assert type(exc) is clickapi.NoSuchOption
    assert exc.option_name == "--cout"
    assert "--count" in exc.possibilities
    assert exc.ctx is not None and exc.ctx.info_name == "go"

    exc = _raised("go", "x", "--count")
    assert type(exc) is clickapi.BadOptionUsage
    assert exc.option_name == "--count"

    exc = _raised("go")
    assert type(exc) is clickapi.MissingParameter
    assert exc.param is not None and exc.param.name == "name"

    exc = _raised("go", "x", "--count", "many")
    assert type(exc) is clickapi.BadParameter
    assert exc.param is not None and exc.param.opts == ["--count"]

    exc = _raised()
    assert type(exc) is clickapi.NoArgsIsHelpError
    assert exc.exit_code == 2

    exc = _raised("walk")
    assert type(exc) is clickapi.UsageError
    assert exc.message == exc.format_message() == "No such command 'walk'."


def test_a_usage_error_shows_itself_as_click_does(capsys: pytest.CaptureFixture[str]) -> None:
    _raised("go", "x", "--sizes", "2").show()  # type: ignore[attr-defined]
    assert capsys.readouterr().err == (
        "Usage: prog go [OPTIONS] {name}\nTry 'prog go --help' for help.\n\n"
        "Error: No such option: --sizes (Possible options: --size)\n"
    )


def _hierarchy(drop: str = "", misplace: bool = False) -> type:
    """A stand-in for click's exception module, as typer might one day lay it out."""

    class ClickException(Exception):
        pass

    class UsageError(ClickException):
        pass

    class BadParameter(UsageError):
        pass

    made: dict[str, type] = {}
    for name in ("MissingParameter", "NoSuchOption", "BadOptionUsage", "NoArgsIsHelpError"):
        if name != drop:
            base = BadParameter if name == "MissingParameter" and not misplace else UsageError
            made[name] = type(name, (base,), {"__module__": UsageError.__module__})
    return BadParameter


def test_a_faithful_stand_in_is_found_whole() -> None:
    found = find_classes(_hierarchy())
    assert sorted(found) == sorted(NAMES)


@pytest.mark.parametrize(
    ("layout", "said"),
    [
        (lambda: ValueError, "ClickException, UsageError, BadParameter, MissingParameter"),
        (lambda: _hierarchy(drop="NoArgsIsHelpError"), "click's NoArgsIsHelpError under"),
        (lambda: _hierarchy(misplace=True), "MissingParameter (not a BadParameter)"),
    ],
)
def test_a_changed_layout_is_said_clearly(layout: Any, said: str) -> None:
    with pytest.raises(TyperLayoutChanged, match=r"typer \S+ does not have click's") as caught:
        find_classes(layout())
    assert said in str(caught.value)
    assert "pyproject.toml" in str(caught.value)


def test_a_class_of_the_same_name_elsewhere_is_not_taken() -> None:
    bad = _hierarchy(drop="NoSuchOption")
    type("NoSuchOption", (bad.__mro__[1],), {"__module__": "somewhere.else"})
    with pytest.raises(TyperLayoutChanged, match="NoSuchOption"):
        find_classes(bad)


def test_the_import_fails_loudly_when_typer_moves_them() -> None:
    code = "import typer\ntyper.BadParameter = ValueError\nimport referee.cli.clickapi\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("referee.cli.clickapi.TyperLayoutChanged: typer "), last
    assert "UsageError" in last
    assert isinstance(TyperLayoutChanged("x"), ImportError)


# ---------------------------------------------------------------- the help layout
@pytest.mark.parametrize(
    ("options", "joined"),
    [
        (["--output", "-o"], "-o, --output"),
        (["-o", "--output"], "-o, --output"),
        (["--lang"], "--lang"),
        (["--b", "--a", "-x", "/y"], "-x, /y, --b, --a"),
        (["name"], "name"),
        (["--no-color", "+c"], "+c, --no-color"),
    ],
)
def test_options_are_joined_as_click_joins_them(options: list[str], joined: str) -> None:
    assert join_options(options) == joined


@pytest.mark.parametrize(
    ("text", "limit", "short"),
    [
        ("Adjudicate one phase. Then more.", 45, "Adjudicate one phase."),
        (
            "Adjudicate one phase and write the state",
            45,
            "Adjudicate one phase and write the state",
        ),
        ("one two three four five six", 13, "one two..."),
        ("one two three four five six", 14, "one two..."),
        ("abcdefghij klm", 10, "..."),
        ("First line\nstill first.\n\nSecond paragraph.", 45, "First line still first."),
        ("\b\nkept as is", 45, "kept as is"),
        ("", 45, ""),
        ("\b", 45, ""),
        ("exactly ten and more", 11, "exactly..."),
        ("ends.", 5, "ends."),
        ("abcde fgh", 5, "..."),
    ],
)
def test_a_short_help_is_shortened_as_click_does(text: str, limit: int, short: str) -> None:
    assert short_help(text, limit) == short


def _clicks(module: str, name: str) -> Any:
    """click's own function, the reference (the test may name typer's copy: the
    program does not)."""
    try:
        return getattr(importlib.import_module(f"typer._click.{module}"), name)
    except (ImportError, AttributeError):
        pytest.skip(f"typer's click has no {module}.{name} any more: the tables above stand")


WORDS = st.lists(st.text(alphabet="ab.\b -", min_size=1, max_size=7), min_size=0, max_size=9).map(
    lambda words: " ".join(words)
)


@given(text=st.one_of(WORDS, st.text(alphabet="ab. \n\b\t", max_size=40)), limit=st.integers(0, 30))
def test_short_help_matches_clicks_own(text: str, limit: int) -> None:
    assert short_help(text, limit) == _clicks("utils", "make_default_short_help")(text, limit)


@given(st.lists(st.text(alphabet="-/+ab", min_size=1, max_size=5), max_size=5))
def test_join_options_matches_clicks_own(options: list[str]) -> None:
    assert join_options(options) == _clicks("formatting", "join_options")(options)[0]


def test_a_number_range_is_said_in_the_french_help() -> None:
    """No command of the referee's takes a range today: the French page still says
    one as click does (a duck-typed ``_describe_range``), should one come."""
    from referee.cli.translate import translate

    app = typer.Typer()

    @app.command()
    def run(
        count: Annotated[int, typer.Option(min=1, max=5, help="How many.")] = 2,
        low: Annotated[float, typer.Option(min=0.5)] = 1.0,
    ) -> None:
        pass

    command: Any = typer.main.get_command(app)
    translate(command, "fr")
    page = command.context_class(command, info_name="prog").get_help().replace("\xa0", " ")
    assert "How many.  [par défaut : 2; 1<=x<=5]" in page
    assert "[par défaut : 1.0; x>=0.5]" in page
