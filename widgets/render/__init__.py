"""Drawing without widgets: the board and small map pictures in SVG, HTML of goods, cards, scores and
refusals, the words every view shares, charts in SVG and the palette. Nothing here imports a widget library,
so a picture of a state shows anywhere (a notebook without a widget manager, a printed sheet, a test)."""
