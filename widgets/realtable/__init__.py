"""At the real table: a set-up guide for the physical box and a scoring pad for a game played on cardboard.

Models, no widgets:

* `tiles`       the city tiles a group drew, checked against the tiles in the box (R-SETUP-2), and a game
                that mirrors their table (`cc.Scenario(...).city_goods(...)`, bonus tiles by R-SETUP-3)
* `boxguide`    the set-up steps for a map and a player count, from the engine's data, each with its rules,
                text and picture (`widgets.render.map_picture`), and a printable HTML sheet
* `pad_player`  what the pad counts for one player: kinds of cards (name and god) and one player's entries
* `pad_model`   the scoring pad's entries as a plain validated value, to and from JSON

Views:

* `guideview`   the box guide as a widget: tick boxes beside the steps, the tiles, the sheet, save by name
* `pad`         the scoring pad widget: cards, houses (map clicks, a menu or checkboxes by province), colonists,
                goods, coins, the Concordia card and the Praefectus Magnus; scores from `cc.score`
* `pad_sheet`   what the pad shows, as text and HTML: the scores (or what they wait for, or lack), the house menu's
                cities, how far the tiles are, the board as a picture
* `inputs`      the shared inputs: city checkboxes grouped by province, +/- counters, the tile buttons, map picks,
                and the tools' own style (every label whole on a phone)
"""
