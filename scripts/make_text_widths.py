"""Write widgets/render/text_widths.json: advance widths (in em) of the characters the board labels use,
for DejaVu Sans regular, bold and bold italic, measured with matplotlib's own copy of the font.

The board lays its labels out with these widths, so drawing a map never imports matplotlib (which
alone costs ~0.4 s in a fresh process). Run again only if the label font changes:
    .venv/bin/python scripts/make_text_widths.py
"""
from __future__ import annotations

import json
from pathlib import Path

from matplotlib.font_manager import FontProperties, findfont
from matplotlib.ft2font import FT2Font

OUT = Path(__file__).resolve().parents[1] / "widgets" / "render" / "text_widths.json"
CHARS = "".join(chr(c) for c in range(32, 127)) + "ÆæŒœ·—–→×✓"
STYLES = {"regular": FontProperties(family="DejaVu Sans"),
          "bold": FontProperties(family="DejaVu Sans", weight="bold"),
          "bolditalic": FontProperties(family="DejaVu Sans", weight="bold", style="italic")}


def widths(prop: FontProperties) -> dict[str, float]:
    font = FT2Font(findfont(prop))
    font.set_size(100, 72)  # 100 pt at 72 dpi: 100 px per em
    result = {}
    for ch in CHARS:
        glyph = font.load_char(ord(ch))
        result[ch] = round(glyph.linearHoriAdvance / 65536 / 100, 4)
    return result


def main() -> None:
    data = {"font": "DejaVu Sans", "unit": "em", "default": 0.62,
            "widths": {style: widths(prop) for style, prop in STYLES.items()}}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
