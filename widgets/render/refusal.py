"""What a refusal or a problem looks like in words and HTML: the rule-citing refusal box, a rule folded
under its id, and plain sentences for file and unexpected problems.

A refusal cites its rule: the box shows the engine's sentence, the rule's title and text (from
`widgets.support.rulebook`, docs/rules.md) and a link to it, so the learner reads why right there.
"""
from __future__ import annotations

import html
import os

import concordia_core as cc
from concordia_core import ConcordiaError, IllegalAction

from ..support import rulebook
from .palette import CAUTION_EDGE, CAUTION_FILL

BOX = f"border:1px solid {CAUTION_EDGE};background:{CAUTION_FILL};padding:4px 8px;border-radius:4px;margin:2px 0"


def rule_html(rule_id: str, *, open_: bool = False) -> str:
    """A rule's title and text, folded under its id, with a link to it in docs/rules.md."""
    item = rulebook.rule(rule_id)
    if item is None:
        return f"<span style='font-family:monospace'>{html.escape(rule_id)}</span>"
    target = item.link()
    link = "" if target is None else (f"<a href='{html.escape(target)}' target='_blank'>"
                                      f"{html.escape(cc._('Open {rule} in the rules', rule=rule_id))}</a>")
    return (f"<details{' open' if open_ else ''} class='cc-rule'><summary><b>{html.escape(rule_id)}</b> — "
            f"{html.escape(item.title)}</summary><div style='margin:4px 0 2px 12px'>{item.html()}{link}</div></details>")


def explanation_html(err: ConcordiaError) -> str:
    """A friendly box with the engine's sentence (what is missing) and, for an IllegalAction, the rule it
    cites: id, title and text, and a link to it in docs/rules.md. It is an alert: a screen reader reads it
    out as it comes."""
    if isinstance(err, IllegalAction):
        title = cc._("Not allowed")
        rule = rule_html(err.rule)
        text = err.explanation
    elif isinstance(err, cc.SetupError):
        title, rule, text = cc._("Not possible"), rule_html(err.rule) if err.rule else "", str(err)
    elif isinstance(err, cc.InvalidAction | cc.RecordError):
        title, rule, text = cc._("Cannot read that"), "", str(err)
    else:       # any other plain refusal (a table for friends: not your turn, a turn already played)
        title, rule, text = cc._("Not possible"), "", str(err)
    said = cc._("{title}: {why}", title=f"<b>{html.escape(title)}</b>", why=html.escape(text))
    return f"<div class='cc-refusal' role='alert' style='{BOX}'>{said}{rule}</div>"


def os_reason(exc: OSError) -> str:
    """Why a file could not be used, in lower-case words ("permission denied")."""
    return os.strerror(exc.errno).lower() if exc.errno else str(exc)


def problem_sentence(exc: BaseException) -> str:
    """A plain sentence for an unexpected problem (no traceback): file problems say which file and why."""
    if isinstance(exc, OSError):
        reason = os_reason(exc)
        target = exc.filename if exc.filename is not None else ""
        return cc._("cannot use {file}: {reason}", file=target, reason=reason)
    problem = cc.brief(": ".join((type(exc).__name__, str(exc))), 160)
    return cc._("something went wrong ({problem}); nothing was changed", problem=problem)
