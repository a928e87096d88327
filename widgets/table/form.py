"""Set up a table without code: the map, 2-5 seats (each a person or a practice bot of a level), names,
the first-game option and a seed (or "random"). Bad choices are listed in plain sentences, all at once;
the allowed player counts come from the maps (`cc.player_counts`, `cc.maps_for`, R-SETUP-1) and the bot
levels from `concordia_core.bots.LEVELS`."""
from __future__ import annotations

import html
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.style import HIDDEN_LABEL, page_style
from ..render import palette as pal
from .seats import HUMAN, KINDS, MAX_NAME, Seat, default_map, kind_label

DEFAULT_NAMES = ("Aiko", "Ben", "Livia", "Marcus", "Julia")
DEFAULT_KINDS = (HUMAN, HUMAN, "greedy", "greedy", "greedy")
RANDOM = "random"
RANDOM_WORD = cc.N_("random")         # the seed box's word for a seed drawn at random, in the learner's language
MAX_SEED = 2**31 - 1
SEED_DIGITS = re.compile("[0-9]+")   # ASCII digits only ("²" and "١" are digits to str.isdigit)
WIDE = {"description_width": "initial"}


@dataclass(frozen=True)
class TableSetup:
    """What the form asks for: the seats in turn order, the map, the seed and the first-game option."""

    seats: tuple[Seat, ...]
    map_name: str
    seed: int
    first_game: bool


def map_label(map_name: str) -> str:
    """'Italia (2 to 4 players)'."""
    counts = cc.player_counts(map_name)
    return cc._("{map} ({low} to {high} players)", map=cc.term("map", map_name), low=counts[0], high=counts[-1])


def random_word() -> str:
    """The word the seed box takes for a seed drawn at random: 'random', or its translation (「ランダム」)."""
    return cc._(RANDOM_WORD)


def is_random(text: str) -> bool:
    """Whether the seed box's text asks for a seed drawn at random (the English word is taken in every language)."""
    return text.lower() in (RANDOM, random_word().lower())


def seed_problem(text: str) -> str | None:
    """Why the seed box's text is not a seed (None when it is one): digits are counted before any conversion."""
    if is_random(text):
        return None
    if not SEED_DIGITS.fullmatch(text):
        return cc._("The seed is a whole number (the same seed deals the same game) or the word {random}; "
                    "“{value}” is neither.", random=random_word(), value=cc.brief(text))
    if len(text) > len(str(MAX_SEED)) or int(text) > MAX_SEED:
        return cc._("The seed {value} is too large: a seed is a whole number from 0 to {most}, or the word {random}.",
                    value=cc.brief(text, 14), most=MAX_SEED, random=random_word())
    return None


class TableForm(widgets.VBox):
    """The set-up form. `problems()` lists what is wrong; `setup()` returns a TableSetup (cc.SetupError with
    every problem if any); Start calls `on_start(setup)` when nothing is wrong. `person` and `intro` word a person's
    seat and the form's first line otherwise (a table for friends: each on their own device)."""

    def __init__(self, on_start: Callable[[TableSetup], object] | None = None, *, log: ErrorLog | None = None,
                 players: int = 3, person: str | None = None, intro: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_start = on_start or (lambda setup: None)
        counts = cc.player_counts()
        self.map = widgets.Dropdown(options=[(cc._("chosen by the number of players"), "")]
                                    + [(map_label(m), m) for m in sorted(cc.available_maps(), reverse=True)],
                                    value="", description=cc._("Map"), style=WIDE,
                                    layout=widgets.Layout(width="auto", max_width="460px"))
        self.count = widgets.ToggleButtons(options=[(str(n), n) for n in counts], value=players,
                                           description=cc._("Players"), style={**WIDE, "button_width": "48px"})
        kinds = [(person if person and k == HUMAN else kind_label(k), k) for k in KINDS]
        self.names = [widgets.Text(value=DEFAULT_NAMES[i], description=cc._("Seat {n}", n=i + 1), style=WIDE,
                                   layout=widgets.Layout(width="210px")) for i in range(counts[-1])]
        # each menu is named for screen readers (the row shows it beside the seat's name)
        self.kinds = [widgets.Dropdown(options=kinds, value=DEFAULT_KINDS[i] if DEFAULT_KINDS[i] in KINDS else HUMAN,
                                       description=cc._("Who plays seat {n}", n=i + 1),
                                       layout=widgets.Layout(width="auto", max_width="460px"))
                      for i in range(counts[-1])]
        for menu in self.kinds:
            menu.add_class(HIDDEN_LABEL)
        self.rows = [widgets.HBox([n, k], layout=widgets.Layout(flex_flow="row wrap")) for n, k in
                     zip(self.names, self.kinds, strict=True)]
        self.first_game = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"),
                                           description=cc._("First game: a scoring after each player's first Tribune, "
                                                            "with small prizes (R-MID-1)"))
        self.seed = widgets.Text(value=random_word(), description=cc._("Seed"), style=WIDE,
                                 placeholder=cc._("a whole number, or {random}", random=random_word()),
                                 layout=widgets.Layout(width="240px"))
        same = cc._("The same seed deals the same game and the same bot choices: handy to replay a lesson.")
        seed_help = widgets.HTML(f"<span class='cc-muted'>{html.escape(same)}</span>")
        self.start = widgets.Button(description=cc._("Start the game"), button_style="success", icon="play",
                                    layout=widgets.Layout(width="auto", min_width="fit-content", align_self="flex-start"))
        self.errors = widgets.HTML()
        self.start.on_click(guarded(lambda _b: self.submit(), log))
        self.count.observe(guarded(lambda _c: self._show_rows(), log), names="value")
        title = widgets.HTML(f"<h3 style='margin:4px 0'>{html.escape(cc._('Set up a table'))}</h3>"
                             + html.escape(intro or cc._("Choose who plays: people take turns at this screen (the "
                                                         "device is passed between them); practice bots play by "
                                                         "themselves.")))
        self.children = [page_style(), title, self.count, *self.rows, self.map, self.first_game,
                         widgets.HBox([self.seed, seed_help], layout=widgets.Layout(flex_flow="row wrap",
                                                                                   align_items="center")),
                         self.start, self.errors]
        self._show_rows()

    def _show_rows(self) -> None:
        for i, row in enumerate(self.rows):
            row.layout.display = None if i < self.count.value else "none"

    # --- reading the form ------------------------------------------------------------------------
    def seats(self) -> list[Seat]:
        n = self.count.value
        return [Seat(self.names[i].value.strip(), self.kinds[i].value) for i in range(n)]

    def problems(self) -> list[str]:
        """Every problem of the form as a plain sentence (empty when the table can start)."""
        found: list[str] = []
        seats = self.seats()
        n = len(seats)
        for i, seat in enumerate(seats, start=1):
            if not seat.name:
                found.append(cc._("Seat {n} needs a name.", n=i))
            elif len(seat.name) > MAX_NAME:
                found.append(cc._("The name in seat {n} is longer than {most} characters.", n=i, most=MAX_NAME))
        names = [s.name for s in seats if s.name]
        for name in sorted({x for x in names if names.count(x) > 1}):
            found.append(cc._("{name} sits at two seats: give each player their own name.", name=name))
        for seat in seats:
            if seat.kind not in KINDS:
                found.append(cc._("{name}: there is no practice bot of level {level}.", name=seat.name,
                                  level=seat.kind))
        if self.map.value:
            counts = cc.player_counts(self.map.value)
            if n not in counts:
                found.append(cc._("{map} is for {low} to {high} players (R-SETUP-1); with {n} players choose "
                                  "{maps}.", map=cc.term("map", self.map.value), low=counts[0], high=counts[-1], n=n,
                                  maps=cc.listing(cc.term("map", m) for m in cc.maps_for(n))))
        seed = seed_problem(self.seed.value.strip())
        if seed:
            found.append(seed)
        return found

    def setup(self) -> TableSetup:
        """The table the form describes; cc.SetupError listing every problem if it cannot start."""
        found = self.problems()
        if found:
            raise cc.SetupError(None, " ".join(found))
        text = self.seed.value.strip()
        seed = 1 + secrets.randbelow(999_999) if is_random(text) else int(text)
        n = self.count.value
        map_name = self.map.value or default_map(n)
        return TableSetup(tuple(self.seats()), map_name, seed, self.first_game.value)

    def submit(self) -> TableSetup | None:
        """Start: the problems in plain sentences, or `on_start(setup)`."""
        found = self.problems()
        if found:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in found)
            self.errors.value = (f"<div class='cc-form-errors' style='border:1px solid {pal.DANGER};background:{pal.ERROR_FILL};"
                                 f"padding:4px 8px;border-radius:4px'><b>{html.escape(cc._('Not yet:'))}</b>"
                                 f"<ul style='margin:2px 0'>{items}</ul></div>")
            return None
        self.errors.value = ""
        setup = self.setup()
        self.on_start(setup)
        return setup
