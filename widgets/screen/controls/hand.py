"""Turn start: the hand as cards and as a menu; a card is chosen, then played (R-TURN-1)."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import menu
from ...render.card_text import card_action
from ...render.markup import esc
from ...render.picks import Pick
from ...render.words import capital
from ..card_row import hand_items
from .panel import BAD, Controls, Panel


class CardPicker(Panel):
    """Turn start: the hand as cards (hover for what each does; click to choose), the same as a menu, then
    Play. Nothing is chosen at first; cards on the discard pile are shown but refused."""

    title = cc.N_("play a card")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        options = []
        for cid in dict.fromkeys(self.player.hand):
            options.append((f"{cc.card(cid).display_name}{self.ok(cc.PlayCard(cid))}", cid))
        for cid in dict.fromkeys(self.player.discard):
            if cid not in self.player.hand:
                options.append((cc._("{card} (on your discard pile)", card=cc.card(cid).display_name) + BAD, cid))
        self.card = menu(cc._("Card"), options)
        self.apply.description = cc._("Play the card")
        self.watch(self.card)
        ctl.hand_row.show(hand_items(self.state, self.index, lambda c: cc.PlayCard(c) not in self.legal),
                          title=cc._("{whose} hand: click a card to choose it, again to play it",
                                     whose=capital(cc.possessive(self.player.name))))

    def action(self) -> cc.Action | None:
        return None if self.card.value is None else cc.PlayCard(self.card.value)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"card": [self.card, self.apply, self.ctl.hand_row]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        return [(self.card, action.card)] if isinstance(action, cc.PlayCard) else []

    def children(self) -> list[widgets.Widget]:
        return [self.ctl.hand_row, self.card, self.preview, widgets.HBox([self.apply])]

    def update(self) -> None:
        cid = self.card.value
        self.apply.disabled = cid is None
        if cid is None:
            self.apply.description = cc._("Play the card")
            self.preview.value = esc(cc._("Choose a card: click it in your hand (hover for what it does) or pick "
                                           "it in the menu; click it again, or press Play, to play it."))
        else:
            name = cc.card(cid).display_name
            self.apply.description = cc._("Play the {card}", card=name)
            self.preview.value = self.effect(self.action(), cc._("{card}: {action}", card=f"<b>{esc(name)}</b>",
                                                                 action=esc(card_action(cid))))
        self.ctl.hand_row.mark([p.key for p in self.picks()], [p.key for p in self.selected()])
        self.ctl.request_overlay(None)

    def picks(self) -> list[Pick]:
        return [Pick("card", a.card) for a in self.legal if isinstance(a, cc.PlayCard)]

    def selected(self) -> list[Pick]:
        return [Pick("card", self.card.value)] if self.card.value else []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "card":
            if self.card.value == pick.id:      # a second click on the chosen card plays it
                self.ctl.attempt(cc.PlayCard(pick.id))
            else:
                self.card.value = pick.id
