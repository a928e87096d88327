"""JSON text from a file someone else made, read safely: its size, nesting depth and number lengths are checked
before it is parsed, so no file can exhaust the parser's stack or Python's integer conversion (which refuses
more than 4,300 digits with advice about `sys.set_int_max_str_digits()`). Every problem is a RecordError with a
plain sentence naming it; nothing is parsed until the text passes."""
from __future__ import annotations

import json
import re
from itertools import accumulate

from .errors import RecordError
from .i18n import _

MAX_CHARS = 8_000_000     # a saved game of 100,000 actions is about 2 million characters
MAX_DEPTH = 64            # a saved game, table, pad or guide nests 6 levels at the most
MAX_DIGITS = 20           # every number the tutor saves fits in 64 bits (19 digits)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')     # a JSON string, escapes included (linear: no backtracking)
_DIGITS = re.compile("[0-9]{" + str(MAX_DIGITS + 1) + ",}")
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def parse(text: str | bytes) -> object:
    """The JSON value of `text`, after the checks; RecordError naming the first problem."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_("the file is not UTF-8 text")) from None
    if not isinstance(text, str):
        raise RecordError(_("a saved file is JSON text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_CHARS:
        raise RecordError(_("the file has {n} characters; a saved file has at most {limit}", n=len(text),
                            limit=MAX_CHARS))
    check_shape(text)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(_("the file is not valid JSON (truncated or edited?): {problem} at line {line}",
                            problem=exc.msg, line=exc.lineno)) from None
    except (RecursionError, ValueError):   # belt and braces: check_shape already refuses both causes
        raise RecordError(_("the file is not valid JSON")) from None


def check_shape(text: str) -> None:
    """RecordError if the text nests deeper than MAX_DEPTH or holds a number longer than MAX_DIGITS digits
    (outside strings: a name may hold any digits)."""
    bare = _STRING.sub('""', text)
    long_number = _DIGITS.search(bare)
    if long_number:
        raise RecordError(_("the file holds a number of {n} digits; numbers in a saved file have at most {limit}",
                            n=len(long_number.group()), limit=MAX_DIGITS))
    if bare.count("[") + bare.count("{") <= MAX_DEPTH:
        return
    for depth in accumulate(_STEP[m.group()] for m in _BRACKET.finditer(bare)):
        if depth > MAX_DEPTH:
            raise RecordError(_("the file is nested more than {limit} levels deep (lists or objects inside each other); "
                                "a saved file is nested at most {limit} levels", limit=MAX_DEPTH))
