"""One message catalog for every text a person reads (docs/architecture.md principle 7), English or Japanese.

Texts are written in English with named placeholders and looked up in a gettext catalog
(`locale/ja/LC_MESSAGES/concordia.po`, compiled to `.mo` beside it; managed with Babel, see
docs/translating.md):

    _("a house in {city} needs {price}", city=..., price=...)
    n_("{n} coin", "{n} coins", coins)           # counted forms; Japanese has one form (3コイン)
    N_("text")                                   # marks a constant for the catalog; translate with _()

Game terms (cards, gods, goods, provinces, cities, maps and words such as "storehouse") come from
`data/glossary.json`, shared by the catalog and the chapters: `term("good", "brick")`.
Rule ids (R-ARCH-4) and the move notation are language-neutral and never translated.

The language is chosen with `set_language("ja")`, or at start-up from the environment variable
CONCORDIA_LANG (for the app mode); the default is English.
"""
from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

from .data import read_json
from .errors import InvalidAction

LANGUAGES: tuple[str, ...] = ("en", "ja")
DOMAIN = "concordia"
ENVIRONMENT_VARIABLE = "CONCORDIA_LANG"


def _initial_language() -> str:
    wanted = os.environ.get(ENVIRONMENT_VARIABLE, "en").strip().lower()[:2]
    return wanted if wanted in LANGUAGES else "en"


_language = _initial_language()


def set_language(language: str) -> None:
    """Use `language` ("en" or "ja") for every text produced from now on."""
    global _language
    key = str(language).strip().lower()
    if key not in LANGUAGES:
        raise InvalidAction(f"unknown language {language!r}; languages are {', '.join(LANGUAGES)}")
    _language = key


def get_language() -> str:
    """The language texts are produced in now ("en" or "ja")."""
    return _language


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    localedir = str(Path(__file__).with_name("locale"))
    return gettext.translation(DOMAIN, localedir=localedir, languages=[language])


def _(message: str, /, **fields: object) -> str:
    """The message in the current language, its {named} placeholders filled from `fields`."""
    text = _catalog(_language).gettext(message)
    return text.format(**fields) if fields else text


def n_(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The counted message for `n` (placeholder {n}) in the current language."""
    return _catalog(_language).ngettext(singular, plural, n).format(n=n, **fields)


def N_(message: str, /) -> str:
    """Mark a constant text for the catalog without translating it yet (translate it with `_`)."""
    return message


@cache
def _glossary() -> dict[str, dict[str, dict[str, str]]]:
    terms: dict[str, dict[str, dict[str, str]]] = read_json("glossary.json")["terms"]
    return terms


def term(kind: str, key: str) -> str:
    """The name of a game term in the current language: term("card", "TRIBUNE"), term("good", "brick"),
    term("god", "vesta"), term("province", "ETRVRIA"), term("city", "COSA"), term("term", "storehouse")."""
    entry = _glossary().get(kind, {}).get(key)
    if entry is None:
        return key
    return entry.get(_language) or entry["en"]


def glossary() -> dict[str, dict[str, dict[str, str]]]:
    """Every game term by kind and key, with its English and Japanese names."""
    return {kind: {key: dict(names) for key, names in entries.items()} for kind, entries in _glossary().items()}
