"""The rules at hand: a panel that finds rules by word or id (widgets/support/rulebook.py) and shows their text.

A refusal cites a rule; the game screen opens this panel at that rule (`open(rule_id)`), so the learner
reads why right beside the move that was refused.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..render.refusal import rule_html
from ..support import rulebook

MAX_SHOWN = 8


class RulesPanel(widgets.VBox):
    """A search box (a word, several words, or an id such as R-ARCH-4), the matching rules with their
    text (the first one open), and how many were found."""

    def __init__(self, log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.query = widgets.Text(continuous_update=False, placeholder=cc._("a word or a rule id, e.g. storehouse or R-ARCH-4"),
                                  description=cc._("Find"), style={"description_width": "initial"},
                                  layout=widgets.Layout(flex="1 1 auto", width="auto"))
        self.go = widgets.Button(description=cc._("Search"), layout=widgets.Layout(width="auto"))
        self.results = widgets.HTML()
        self.shown: list[str] = []
        self.go.on_click(guarded(lambda _b: self.search(self.query.value), log))
        self.query.observe(guarded(lambda change: self.search(change["new"]), log), names="value")
        self.children = [widgets.HBox([self.query, self.go]), self.results]
        self.results.value = html.escape(cc._("Type a word (e.g. Prefect, storehouse, tie) or a rule id and press "
                                              "Search."))

    def search(self, query: str) -> list[str]:
        """Show the rules matching `query` (an exact id first); the ids shown."""
        text = query.strip()
        exact = rulebook.rule(text.upper()) if text else None
        found = [exact] if exact is not None else rulebook.search(text) if text else []
        self.shown = [r.id for r in found[:MAX_SHOWN]]
        if not found:
            self.results.value = html.escape(cc._("No rule mentions {query}.", query=text) if text
                                             else cc._("Type a word or a rule id."))
            return []
        head = cc.n_("{n} rule found", "{n} rules found", len(found))
        more = cc._("; the first {shown} are shown", shown=MAX_SHOWN) if len(found) > MAX_SHOWN else ""
        body = "".join(rule_html(rid, open_=k == 0) for k, rid in enumerate(self.shown))
        self.results.value = f"<div class='cc-rules'><i>{html.escape(head + more)}</i>{body}</div>"
        return self.shown

    def show_rule(self, rule_id: str) -> None:
        """Show one rule, open (the rule a refusal cites)."""
        self.query.value = rule_id
        self.search(rule_id)


__all__ = ["RulesPanel"]
