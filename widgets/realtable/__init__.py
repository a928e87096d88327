"""At the real table: a set-up guide for the physical box and a scoring pad for a game played on cardboard.

* `tiles`      the city tiles a group drew, checked against the tiles in the box (R-SETUP-2), and a game
               that mirrors their table (`cc.Scenario(...).city_goods(...)`, bonus tiles by R-SETUP-3)
* `boardsvg`   small SVG pictures of a board or a region of it (for the guide's steps and its printable sheet)
* `boxguide`   the set-up steps for a map and a player count, from the engine's data, as a widget with tick
               boxes, pictures and a printable HTML sheet
* `pad_model`  the scoring pad's entries as a plain validated value, to and from JSON (no widgets)
* `pad`        the scoring pad widget: cards, houses (map clicks or checkboxes by province), colonists, goods,
               coins, the Concordia card and the Praefectus Magnus; scores from `cc.score`
* `inputs`     the shared inputs: city checkboxes grouped by province, +/- counters, map picks
"""
