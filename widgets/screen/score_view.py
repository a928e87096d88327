"""ScoreView: the score table above its bar chart (both from `widgets.render.score`), shown in the game
screen's Score tab."""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..render.score import score_chart_svg, score_table_html


class ScoreView(ipw.VBox):
    """Score table (HTML) above a bar chart (SVG, named and described, its numbers the table's); `.show(state)`
    refreshes both."""

    def __init__(self, state: cc.GameState | None = None, **kwargs: Any) -> None:
        self.table = ipw.HTML()
        self.chart = ipw.HTML(layout=ipw.Layout(max_width="100%", align_self="flex-start"))   # an <svg role="img">
        super().__init__(children=[self.table, self.chart], **kwargs)
        if state is not None:
            self.show(state)

    def show(self, state: cc.GameState) -> None:
        """Render the score of `state` (live while the game runs, final once it is over)."""
        self.table.value = score_table_html(state)
        self.chart.value = score_chart_svg(state)
