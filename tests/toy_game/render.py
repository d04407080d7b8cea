"""The toy game's pictures, as render/<game>/ offers them: a bar filled up to the total, from
a view (never a state), with no words."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 320, 60


def _bar(view: Mapping[str, Any], colour: str) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), "#1b2233")
    filled = round((WIDTH - 20) * view["total"] / view["goal"])
    ImageDraw.Draw(image).rectangle((10, 20, 10 + filled, 40), fill=colour)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    return _bar(view, "#f2b705")


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    return _bar(view, "#5fb3f9")


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    return _bar({"total": 0, "goal": 1}, "#5fb3f9")  # nothing private to show
