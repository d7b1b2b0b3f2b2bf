"""The message catalogues' build steps, with Babel (a development tool: the referee
reads the compiled ``.mo`` files with the standard library's gettext).

    python tools/i18n.py extract   # referee/render/texts/*.py -> referee/locale/referee.pot
    python tools/i18n.py update    # extract, then merge the template into every <lang>.po
    python tools/i18n.py compile   # every <lang>.po -> its .mo files (what the wheel ships)
    python tools/i18n.py all       # extract, update, compile (after any change)
    python tools/i18n.py init LANG # a new language's .po, from the template

See docs/translating.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "referee" / "locale"
POT = LOCALE / "referee.pot"
DOMAIN = "referee"
KEYWORDS = ["--no-default-keywords", "-k", "m:1c,2", "-k", "n:1c,2,3"]


def pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists())


def extract() -> None:
    os.chdir(ROOT)  # the template names files relative to the repository
    pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        *KEYWORDS,
        "--project",
        "referee",
        "--copyright-holder",
        "the referee's authors",
        "--add-location",
        "file",
        "--omit-header",
        "--width",
        "100",
        "-o",
        "referee/locale/referee.pot",
        ".",
    )


def update() -> None:
    extract()
    for lang in languages():
        if lang == "xx":
            continue
        pybabel(
            "update",
            "-D",
            DOMAIN,
            "-i",
            str(POT),
            "-d",
            str(LOCALE),
            "-l",
            lang,
            "--no-fuzzy-matching",
            "--ignore-obsolete",
            "--width",
            "100",
        )


def split(catalog: Any) -> dict[str, Any]:
    """The catalogue cut by the texts module each message comes from (its location):
    ``{module: Catalog}``. A command loads only the parts it says something from."""
    from babel.messages.catalog import Catalog

    parts: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        files = {Path(f).stem for f, _ in message.locations} or {"wording"}
        for group in sorted(files):
            part = parts.get(group)
            if part is None:
                part = parts[group] = Catalog(
                    locale=catalog.locale,
                    domain=DOMAIN,
                    project="referee",
                    version=catalog.version,
                    fuzzy=False,
                    creation_date=catalog.creation_date,
                    revision_date=catalog.revision_date,
                    last_translator=catalog.last_translator,
                    language_team=catalog.language_team,
                )
                part._num_plurals = catalog.num_plurals
                part._plural_expr = catalog.plural_expr
            part.add(message.id, message.string, context=message.context)
    return parts


def compile_po(po: Path, lang: str) -> list[Path]:
    """``<lang>.po`` -> ``referee-<module>.mo`` beside it, one per texts module (the
    standard format; the referee reads them with gettext), stale ones removed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang if lang != "xx" else None)
    written = []
    for old in po.parent.glob(f"{DOMAIN}*.mo"):
        old.unlink()
    for group, part in split(catalog).items():
        path = po.parent / f"{DOMAIN}-{group}.mo"
        with path.open("wb") as f:
            write_mo(f, part)
        written.append(path)
    return written


def compile_all() -> None:
    for lang in languages():
        if lang == "xx":
            continue
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        written = compile_po(po, lang)
        print(f"{po.relative_to(ROOT)}: {len(written)} .mo files")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "all", "init"):
        print(__doc__, file=sys.stderr)
        return 2
    step = argv[0]
    if step == "extract":
        extract()
    elif step == "update":
        update()
    elif step == "compile":
        compile_all()
    elif step == "init":
        pybabel("init", "-D", DOMAIN, "-i", str(POT), "-d", str(LOCALE), "-l", argv[1])
    else:
        update()
        compile_all()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main(sys.argv[1:]))
