"""The message catalog, managed with Babel: extract every text of the engine and widgets, merge it into
the Japanese catalog, and compile it.

    .venv/bin/python scripts/catalog.py update    # extract -> concordia_core/locale/concordia.pot, merge into ja .po
    .venv/bin/python scripts/catalog.py compile   # ja .po -> .mo (what the tutor reads at run time)
    .venv/bin/python scripts/catalog.py check     # every message translated, placeholders kept, .mo up to date
    .venv/bin/python scripts/catalog.py todo OUT.json [PATH-PREFIX ...]
                                                  # the untranslated texts (used under those paths) as
                                                  # {"english": ""} for a translator to fill in
    .venv/bin/python scripts/catalog.py merge IN.json   # put filled-in translations into the ja catalog

Texts are marked in the code with `_("...")`, `n_("singular", "plural", n)` and `N_("...")` (also as
`cc._` etc.); see docs/translating.md.
"""
from __future__ import annotations

import ast
import fcntl
import io
import json
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "concordia_core" / "locale"
POT = LOCALE / "concordia.pot"
LANGUAGES = ("ja",)
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
SOURCES = ("concordia_core", "widgets")
PLACEHOLDER = re.compile(r"{(\w+)(?:![rsa])?(?::[^}]*)?}")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "concordia.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def extract_python(fileobj: IO[bytes], keywords: object, comment_tags: object,
                   options: object) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    """Babel extraction method reading the Python syntax tree, so a catalog call is found wherever it
    is, inside an f-string's replacement field too (Babel's own Python extractor does not see those
    before Python 3.12): yields (line, function name, text or (singular, plural), comments)."""
    def literal(node: ast.expr) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    for node in ast.walk(ast.parse(fileobj.read().decode("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        texts = [literal(arg) for arg in node.args[:2]]
        found = [t for t in texts if t is not None]
        if name == "n_" and len(found) == 2:
            yield node.lineno, name, tuple(found), []
        elif name in ("_", "N_") and texts and texts[0] is not None:
            yield node.lineno, name, texts[0], []


def extract() -> Catalog:
    """Every marked text in the engine and the widgets, with where it is used."""
    catalog = Catalog(project="Concordia Tutor", charset="utf-8", fuzzy=False)
    method_map: list[tuple[str, Any]] = [("**.py", extract_python)]   # Babel takes a function as a method too
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_output=True, omit_header=False, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def update() -> None:
    with _locked():
        _update()


def _update() -> None:
    template = extract()
    write(POT, template)
    for language in LANGUAGES:
        path = po_path(language)
        catalog = read(path, language) if path.exists() else Catalog(locale=language, project="Concordia Tutor")
        catalog.update(template, no_fuzzy_matching=True)
        write(path, catalog)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {len(untranslated(catalog))} untranslated")


def compiled(language: str) -> bytes:
    catalog = read(po_path(language), language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for language in LANGUAGES:
        mo_path(language).write_bytes(compiled(language))
        print(f"wrote {mo_path(language).relative_to(ROOT)}")


def untranslated(catalog: Catalog) -> list[str]:
    result = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            result.append(_key(message.id))
    return result


def placeholder_problems(catalog: Catalog) -> list[str]:
    """Messages whose translation does not use exactly the placeholders of the English text."""
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
        wanted = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids))
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) != wanted:
                problems.append(f"{ids[0]!r}: {sorted(set(PLACEHOLDER.findall(text)))} instead of {sorted(wanted)}")
    return problems


def check() -> int:
    template = extract()
    status = 0
    for language in LANGUAGES:
        catalog = read(po_path(language), language)
        missing = [m.id for m in template if m.id and m.id not in catalog]
        for label, items in (("not in the catalog", missing), ("untranslated", untranslated(catalog)),
                             ("placeholders differ", placeholder_problems(catalog))):
            if items:
                status = 1
                print(f"{language}: {len(items)} {label}, e.g. {items[:3]}")
        if mo_path(language).read_bytes() != compiled(language):
            status = 1
            print(f"{language}: the .mo is older than the .po (run: scripts/catalog.py compile)")
    return status


def _key(message_id: str | Sequence[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def todo(out: Path, prefixes: list[str]) -> None:
    """Write the untranslated texts (used under any of the path prefixes) as {english: ""}."""
    catalog = read(po_path("ja"), "ja")
    missing = set(untranslated(catalog))
    wanted = {}
    for message in catalog:
        if not message.id or _key(message.id) not in missing:
            continue
        if prefixes and not any(loc.startswith(tuple(prefixes)) for loc, _line in message.locations):
            continue
        wanted[_key(message.id)] = ""
    out.write_text(json.dumps(wanted, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{out}: {len(wanted)} texts to translate")


@contextmanager
def _locked() -> Iterator[IO[str]]:
    with (LOCALE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield lock
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def merge(source: Path) -> None:
    """Fill the ja catalog with translations from a JSON object {english: japanese}; compile it."""
    translations: dict[str, str] = json.loads(source.read_text(encoding="utf-8"))
    with _locked():
        catalog = read(po_path("ja"), "ja")
        done = 0
        for message in catalog:
            text = translations.get(_key(message.id)) if message.id else None
            if text:
                message.string = (text,) if isinstance(message.id, tuple) else text
                message.flags.discard("fuzzy")
                done += 1
        write(po_path("ja"), catalog)
        mo_path("ja").write_bytes(compiled("ja"))
    unknown = set(translations) - {_key(m.id) for m in catalog if m.id}
    print(f"merged {done} translations; {len(untranslated(catalog))} untranslated left"
          + (f"; {len(unknown)} not in the catalog, e.g. {sorted(unknown)[:2]}" if unknown else ""))


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        return check()
    elif command == "todo" and len(argv) > 2:
        todo(Path(argv[2]), argv[3:])
    elif command == "merge" and len(argv) > 2:
        merge(Path(argv[2]))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
