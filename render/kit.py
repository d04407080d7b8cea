"""The shared drawing kit every game renderer uses.

* Fonts: Source Sans Pro (Latin incl. Polish, Cyrillic), shipped in the package and pinned
  by checksum (render/fonts.py), loaded once per (weight, size).
* Safe text: `clean_text`, `fit_text` and `draw_text` never raise and never draw tofu.
  Emoji (ZWJ sequences and skin tones included) are painted in colour by `render.emoji`;
  whatever else the font has no glyph for (scripts the font lacks, control and bidi
  characters, stray combining marks, flags) is dropped or replaced by a neutral middle
  dot before it reaches FreeType; the font's cmap is read once with fontTools to know
  what it has.
* Readable on a phone: `readable_px(width)` is the smallest font size a picture `width`
  px wide may use (11 px once shown 360 px wide); `measuring_text()` collects the font
  size of every text each encoded picture drew, cached sprites included (see "Measuring
  text" below for how a renderer takes part).
* Palette: the seven lantern colours, tuned for a dark-blue lake, each with a symbol
  (red circle, blue diamond, green triangle, white star, purple cross, orange square,
  black pentagon) so colours are told apart without colour vision. Symbols are
  polygons, not font glyphs.
* Sprites: small pictures drawn supersampled once, cached, and pasted many times.
* The night theme every game draws on (`NIGHT`, `PANEL`, `GOLD`...) and the pieces the
  games share: `new_canvas`, `frame` (a rounded panel), `number_disc` (a number on a
  golden disc), `arrow_sprite` and `medal_sprite`, `fade`, `player_name`, `as_int`.
* `to_png`: deterministic, fast PNG bytes (palette image, fixed zlib level).

Everything here is deterministic: the same calls give the same pixels and bytes.
"""

from __future__ import annotations

import io
import logging
import math
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from . import emoji
from .fonts import font_file

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[int, int, int, int]  # x, y, width, height
Weight = Literal["regular", "semibold", "bold", "black"]

# ---------------------------------------------------------------------------
# Fonts

_FONT_FILES: Mapping[str, str] = {
    "regular": "SourceSansPro-Regular.ttf",
    "semibold": "SourceSansPro-Semibold.ttf",
    "bold": "SourceSansPro-Bold.ttf",
    "black": "SourceSansPro-Black.ttf",
}


@cache
def font_path(weight: Weight = "semibold") -> str:
    """The TTF file of a weight of Source Sans Pro."""
    return str(font_file(_FONT_FILES.get(weight, _FONT_FILES["semibold"])))


@cache
def font(size: int, weight: Weight = "semibold") -> ImageFont.FreeTypeFont:
    """Source Sans Pro at `size` px, loaded once.

    The basic layout engine is used on purpose: it is the same on every machine (raqm
    may or may not be installed), so pictures stay byte-identical, and `clean_text`
    already removed everything that would need complex shaping.
    """
    return ImageFont.truetype(font_path(weight), max(1, int(size)),
                              layout_engine=ImageFont.Layout.BASIC)


def _path_of(fnt: ImageFont.FreeTypeFont) -> str:
    path = getattr(fnt, "path", None)
    return path if isinstance(path, str) else font_path()


@cache
def _codepoints(path: str) -> frozenset[int]:
    """Code points the font file has a glyph for (read once with fontTools)."""
    try:
        with TTFont(path, lazy=True) as tt:
            return frozenset(tt.getBestCmap() or {})
    except Exception:
        log.exception("cannot read cmap of %s", path)
        return frozenset(range(0x20, 0x7F))


def supports(fnt: ImageFont.FreeTypeFont, char: str) -> bool:
    """True when `fnt` has a glyph for the single character `char`."""
    return ord(char) in _codepoints(_path_of(fnt))


# ---------------------------------------------------------------------------
# Safe text

REPLACEMENT = "\u00b7"  # middle dot: neutral, and in every font we use
ELLIPSIS = "\u2026"

_ZERO_WIDTH_CATEGORIES = frozenset({"Cf", "Mn", "Me"})  # ZWJ, bidi marks, VS, combining


def _is_pictographic(cp: int, category: str) -> bool:
    """Emoji and other pictographs: dropped rather than replaced, like decoration."""
    return (
        category in ("So", "Sk")
        or 0x1F000 <= cp <= 0x1FAFF
        or 0x2600 <= cp <= 0x27BF
        or 0x2B00 <= cp <= 0x2BFF
        or 0xE0000 <= cp <= 0xE007F
    )


@lru_cache(maxsize=4096)
def _clean(text: str, path: str) -> str:
    have = _codepoints(path)
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        cp = ord(ch)
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Zl", "Zp", "Zs"):  # tabs, newlines, odd spaces: one plain space
            out.append(" ")
        elif cat in _ZERO_WIDTH_CATEGORIES:
            continue  # invisible or combining: basic layout cannot place marks well
        elif cp in have:
            out.append(ch)
        elif _is_pictographic(cp, cat):
            continue
        else:
            # A letter the font lacks: its base letter if it has one (e.g. a rare
            # accented Latin letter), otherwise a neutral dot.
            base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                           if ord(c) in have and unicodedata.category(c)[0] in "LNP")
            out.append(base or REPLACEMENT)
    cleaned = " ".join("".join(out).split())
    while REPLACEMENT * 4 in cleaned:  # "·······" says no more than "···"
        cleaned = cleaned.replace(REPLACEMENT * 4, REPLACEMENT * 3)
    return cleaned


def clean_text(text: object, fnt: ImageFont.FreeTypeFont) -> str:
    """`text` with only what `fnt` can draw: emoji dropped, other missing glyphs as '·'.

    Whitespace is collapsed; the result may be empty (a name made only of emoji).
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    return _clean(text, _path_of(fnt))


# Emoji: names made of emoji (or mixing them with letters) draw them in colour, from the
# emoji font of `render.emoji`; the text font draws everything else. A "line" below is
# text ready to draw: clean text with the emoji it keeps.

Piece = tuple[str, bool]  # a run of clean text, or one emoji (True)


def _may_hold_emoji(text: str) -> bool:
    return any(ord(ch) >= 0x203C for ch in text)  # Latin, Cyrillic, Polish, "…": never


@lru_cache(maxsize=4096)
def _pieces(text: str, path: str) -> tuple[Piece, ...]:
    runs: list[tuple[str, bool]] = []
    buf: list[str] = []
    for cluster in emoji.clusters(unicodedata.normalize("NFC", text)):
        if emoji.is_emoji(cluster):
            runs.append(("".join(buf), False))
            runs.append((cluster, True))
            buf = []
        else:
            buf.append(cluster)
    runs.append(("".join(buf), False))
    out: list[Piece] = []
    for raw, is_emoji in runs:
        if is_emoji:
            out.append((raw, True))
            continue
        core = _clean(raw, path)
        # one space where the run met an emoji across whitespace ("Eve 🎲", "🦊 🌙")
        lead = " " if raw[:1].isspace() or (raw and not core and raw.isspace()) else ""
        trail = " " if raw[-1:].isspace() and core else ""
        piece = (lead + core + trail) if core else lead
        if piece:
            out.append((piece, False))
    while out and not out[0][1] and not out[0][0].strip():  # no spaces at either end
        out.pop(0)
    while out and not out[-1][1] and not out[-1][0].strip():
        out.pop()
    if out and not out[0][1]:
        out[0] = (out[0][0].lstrip(), False)
    if out and not out[-1][1]:
        out[-1] = (out[-1][0].rstrip(), False)
    return tuple(out)


def pieces(text: object, fnt: ImageFont.FreeTypeFont) -> tuple[Piece, ...]:
    """`text` as what can be drawn: runs of clean text (see `clean_text`) and the emoji
    the emoji font has, in order. Empty when nothing of it can be drawn."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if not _may_hold_emoji(text):
        cleaned = _clean(text, _path_of(fnt))
        return ((cleaned, False),) if cleaned else ()
    return _pieces(text, _path_of(fnt))


def drawable_text(text: object, fnt: ImageFont.FreeTypeFont) -> str:
    """`text` as a line to draw: like `clean_text`, but emoji the emoji font has are kept."""
    return "".join(p for p, _ in pieces(text, fnt))


def emoji_size(fnt: ImageFont.FreeTypeFont) -> int:
    """The side of an emoji drawn with text of `fnt`: about as tall as the text's line."""
    return max(1, round(fnt.size * 1.1))


def _emoji_advance(fnt: ImageFont.FreeTypeFont) -> float:
    return emoji_size(fnt) + 0.08 * fnt.size


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """Advance width of a line (clean text, with or without emoji)."""
    try:
        if not _may_hold_emoji(text):
            return float(fnt.getlength(text))
        return sum(_emoji_advance(fnt) if is_emoji else float(fnt.getlength(p))
                   for p, is_emoji in pieces(text, fnt))
    except Exception:  # measuring must never break a picture
        log.exception("text_width failed for %r", text)
        return 0.0


def fit_text(text: object, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text` as a line to draw (see `drawable_text`), shortened with an ellipsis until it
    is at most `max_width` wide (an emoji is kept whole or left out)."""
    line = drawable_text(text, fnt)
    if text_width(line, fnt) <= max_width:
        return line
    units = [p for p, is_emoji in pieces(line, fnt) for p in ((p,) if is_emoji else p)]
    lo, hi = 0, len(units)  # longest prefix that fits together with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width("".join(units[:mid]).rstrip() + ELLIPSIS, fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if text_width(ELLIPSIS, fnt) <= max_width else ""
    return "".join(units[:lo]).rstrip() + ELLIPSIS


def draw_text(draw: ImageDraw.ImageDraw, xy: Point, text: object,
              fnt: ImageFont.FreeTypeFont, fill: RGB | tuple[int, int, int, int],
              anchor: str = "la", *, max_width: float | None = None) -> float:
    """Draw one line of text safely and return its width in pixels.

    Never raises and never draws tofu: the text goes through `drawable_text` (and
    `fit_text` when `max_width` is given); emoji are painted in colour, the rest with
    `fnt`. `anchor` is Pillow's two-letter anchor.
    """
    line = fit_text(text, fnt, max_width) if max_width is not None else drawable_text(text, fnt)
    if not line:
        return 0.0
    try:
        parts = pieces(line, fnt) if _may_hold_emoji(line) else ((line, False),)
        if any(is_emoji for _, is_emoji in parts):
            _draw_pieces(draw, xy, parts, fnt, fill, anchor)
        else:
            draw.text(xy, line, font=fnt, fill=fill, anchor=anchor)
    except Exception:
        log.exception("draw_text failed for %r", line)
        return 0.0
    note_text(draw, fnt.size)
    return text_width(line, fnt)


def _draw_pieces(draw: ImageDraw.ImageDraw, xy: Point, parts: Sequence[Piece],
                 fnt: ImageFont.FreeTypeFont, fill: RGB | tuple[int, int, int, int],
                 anchor: str) -> None:
    """Text runs and emoji side by side, placed as Pillow would place the whole line."""
    x, y = xy
    widths = [_emoji_advance(fnt) if is_emoji else float(fnt.getlength(p)) for p, is_emoji in parts]
    x -= {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}.get(anchor[0], 0.0)
    ascent, descent = fnt.getmetrics()
    baseline = y + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0,
                    "b": -descent, "d": -descent}.get(anchor[1:2], ascent)
    middle = baseline - (ascent - descent) / 2
    image = getattr(draw, "_image", None)
    side = emoji_size(fnt)
    for (part, is_emoji), width in zip(parts, widths):
        if not is_emoji:
            draw.text((x, baseline), part, font=fnt, fill=fill, anchor="ls")
        elif isinstance(image, Image.Image):
            sprite = emoji.emoji_sprite(part, side)
            if sprite is not None:
                box = (round(x + (width - side) / 2), round(middle - side / 2))
                if image.mode == "RGBA":
                    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
                    layer.paste(sprite, box)
                    image.alpha_composite(layer)
                else:
                    image.paste(sprite, box, sprite)
        x += width


# ---------------------------------------------------------------------------
# Measuring text: is every text of a picture readable on a phone?
#
# Every image remembers the font sizes of the text drawn on it (in its own pixels) in
# `Image.info`, so the sizes travel with cached sprites: `supersampled` divides them by
# its scale, `paste` hands a sprite's sizes to the canvas, and `to_png` reports the
# finished picture to whoever is `measuring_text`. A renderer is measured for free when
# its text goes through `draw_text` (or `note_text` for a direct `ImageDraw.text`), its
# sprites through `supersampled`/`paste`, and its picture through `to_png`. An image
# scaled or composed by other means hands its sizes on with `carry_text(source, target,
# scale)`; a picture not encoded by `to_png` (a GIF's frames) is read with `text_sizes`.
# For Rafter Five, for example: `with measuring_text() as seen: board_png(view, names=n)`,
# then `assert min(p.smallest_shown() for p in seen) >= READABLE_PX`, as
# tests/test_readable_pictures.py does for the other three games (with `bench.readable`).

_TEXT_PX = "chatgames.text_px"  # the Image.info key
READABLE_PX = 11.0
"""The smallest text a person reads on a phone: font px when the picture is 360 px wide."""
PHONE_WIDTH = 360


def readable_px(picture_width: int) -> int:
    """The smallest font size (px) that stays readable in a picture `picture_width` px wide
    shown on a phone: `READABLE_PX` at `PHONE_WIDTH` (40 px in a 1280 px picture, 33 in 1080)."""
    return math.ceil(READABLE_PX * picture_width / PHONE_WIDTH - 1e-9)


def note_text(target: Image.Image | ImageDraw.ImageDraw, size: float) -> None:
    """Remember that text of font size `size` px was drawn on `target` (an image or a pen)."""
    image = getattr(target, "_image", target)  # a pen knows its image
    if isinstance(image, Image.Image):
        image.info[_TEXT_PX] = image.info.get(_TEXT_PX, ()) + (float(size),)


def text_sizes(image: Image.Image) -> tuple[float, ...]:
    """The font sizes (in `image`'s pixels) of every text drawn on or pasted into `image`."""
    return tuple(image.info.get(_TEXT_PX, ()))


def carry_text(source: Image.Image, target: Image.Image, scale: float = 1.0) -> None:
    """Add the text sizes of `source`, times `scale`, to those of `target`."""
    sizes = text_sizes(source)
    if sizes:
        target.info[_TEXT_PX] = text_sizes(target) + tuple(s * scale for s in sizes)


@dataclass(frozen=True)
class MeasuredPicture:
    """A picture `to_png` encoded while measuring: its size and every text's font size."""

    size: tuple[int, int]
    text_px: tuple[float, ...]

    def smallest_shown(self, width: int = PHONE_WIDTH) -> float:
        """The smallest text's font size when the picture is shown `width` px wide
        (infinite for a picture without text)."""
        return min(self.text_px, default=math.inf) * width / self.size[0]


_MEASURED: ContextVar[list[MeasuredPicture] | None] = ContextVar("measured", default=None)


@contextmanager
def measuring_text() -> Iterator[list[MeasuredPicture]]:
    """Collect a `MeasuredPicture` for every picture `to_png` encodes inside the block."""
    seen: list[MeasuredPicture] = []
    token = _MEASURED.set(seen)
    try:
        yield seen
    finally:
        _MEASURED.reset(token)


# ---------------------------------------------------------------------------
# Colours and symbols

def exact(rgb: Sequence[int]) -> RGB:
    """`rgb` with each channel a multiple of 4: such colours come out of `to_png` unchanged.

    (Pillow maps pixels to a palette through a cache of 4x4x4 cells, looked up at each
    cell's low corner; a palette colour on that corner always wins its cell.)
    """
    return (int(rgb[0]) & ~3, int(rgb[1]) & ~3, int(rgb[2]) & ~3)


def blend(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@dataclass(frozen=True)
class Lantern:
    """One lantern colour: its fill, the ink of its symbol on that fill, an edge shade."""

    name: str
    fill: RGB
    ink: RGB
    edge: RGB
    symbol: str

    def __post_init__(self) -> None:
        for field in ("fill", "ink", "edge"):  # exact colours survive PNG encoding
            object.__setattr__(self, field, exact(getattr(self, field)))


LANTERNS: Mapping[str, Lantern] = {
    lantern.name: lantern
    for lantern in (
        Lantern("red", (214, 48, 49), (255, 226, 222), (140, 22, 26), "circle"),
        Lantern("blue", (44, 128, 222), (232, 243, 255), (22, 72, 140), "diamond"),
        Lantern("green", (88, 184, 82), (18, 62, 22), (44, 110, 42), "triangle"),
        Lantern("white", (240, 236, 224), (64, 66, 82), (160, 156, 146), "star"),
        Lantern("purple", (146, 90, 200), (246, 236, 255), (86, 46, 128), "cross"),
        Lantern("orange", (246, 152, 32), (86, 42, 0), (170, 96, 10), "square"),
        Lantern("black", (36, 36, 44), (214, 216, 228), (10, 10, 14), "pentagon"),
    )
}
COLORS: tuple[str, ...] = tuple(LANTERNS)
"""The lantern colours in the game's canonical order."""

UNKNOWN = Lantern("?", (128, 128, 128), (32, 32, 32), (70, 70, 70), "dot")
"""The grey dot drawn for a colour name nobody knows."""


def lantern(name: object) -> Lantern:
    """The palette entry of a colour name (a grey dot for names we do not know)."""
    return LANTERNS.get(name, UNKNOWN) if isinstance(name, str) else UNKNOWN


def symbol_points(symbol: str, center: Point, size: float) -> list[Point]:
    """The polygon of a symbol fitting a `size`-wide box around `center`.

    Shapes are sized to look about equally heavy. 'circle' and 'dot' give a 48-gon.
    """
    cx, cy = center
    r = size / 2.0

    def ring(n: int, radius: float, start: float = -math.pi / 2) -> list[Point]:
        return [(cx + radius * math.cos(start + 2 * math.pi * i / n),
                 cy + radius * math.sin(start + 2 * math.pi * i / n)) for i in range(n)]

    if symbol == "diamond":  # tall and narrow, so never mistaken for a turned square
        return [(cx, cy - r), (cx + 0.66 * r, cy), (cx, cy + r), (cx - 0.66 * r, cy)]
    if symbol == "triangle":
        h = r * 1.0
        return [(cx, cy - h), (cx + 0.98 * r, cy + 0.74 * h), (cx - 0.98 * r, cy + 0.74 * h)]
    if symbol == "star":
        outer = ring(5, r * 1.04, -math.pi / 2)
        inner = ring(5, r * 0.44, -math.pi / 2 + math.pi / 5)
        return [p for pair in zip(outer, inner) for p in pair]
    if symbol == "cross":
        a, b = 0.32 * r, 0.9 * r
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a),
                (cx + b, cy + a), (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b),
                (cx - a, cy + a), (cx - b, cy + a), (cx - b, cy - a), (cx - a, cy - a)]
    if symbol == "square":
        a = 0.76 * r
        return [(cx - a, cy - a), (cx + a, cy - a), (cx + a, cy + a), (cx - a, cy + a)]
    if symbol == "pentagon":
        return ring(5, r * 0.98)
    radius = r * (0.86 if symbol == "circle" else 0.5)
    return ring(48, radius)


def draw_symbol(draw: ImageDraw.ImageDraw, color_name: str, center: Point, size: float, *,
                fill: RGB | None = None, outline: RGB | None = None, width: int = 0) -> None:
    """Draw the symbol of a lantern colour (aliased; draw supersampled for smooth edges).

    By default the symbol is filled with the colour itself and outlined with its ink,
    so it reads on any background; pass `fill` (e.g. the colour's `ink`) to draw it on
    top of that colour instead.
    """
    spec = lantern(color_name)
    fill = spec.fill if fill is None else fill
    if outline is None and width == 0 and fill == spec.fill:
        outline, width = spec.ink, max(1, round(size / 12))
    pts = symbol_points(spec.symbol, center, size)
    draw.polygon(pts, fill=fill)
    if outline is not None and width > 0:
        draw.line(pts + [pts[0]], fill=outline, width=width, joint="curve")


SUPERSAMPLE = 4


def supersampled(width: int, height: int,
                 paint: Callable[[ImageDraw.ImageDraw, float], None],
                 *, scale: int = SUPERSAMPLE) -> Image.Image:
    """An RGBA sprite painted at `scale`x and shrunk with a box filter (antialiasing).

    `paint(draw, s)` draws in the big image; multiply 1x coordinates by `s`.
    """
    big = Image.new("RGBA", (max(1, width) * scale, max(1, height) * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(scale))
    # resize() premultiplies alpha, so edges do not get dark fringes
    sprite = big.resize((max(1, width), max(1, height)), Image.Resampling.BOX)
    sprite.info.pop(_TEXT_PX, None)
    carry_text(big, sprite, 1 / scale)
    return sprite


@lru_cache(maxsize=512)
def symbol_sprite(color_name: str, size: int, *, on_fill: bool = False) -> Image.Image:
    """A smooth RGBA picture of a colour's symbol, `size` px square, cached.

    `on_fill` draws it in the colour's ink, to sit on top of that colour.
    """
    spec = lantern(color_name)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        c = (size * s / 2, size * s / 2)
        if on_fill:
            draw_symbol(d, color_name, c, size * s * 0.98, fill=spec.ink)
        else:
            draw_symbol(d, color_name, c, size * s * 0.92, fill=spec.fill,
                        outline=spec.ink, width=max(1, round(size * s / 14)))

    return supersampled(size, size, paint)


def paste(canvas: Image.Image, sprite: Image.Image, xy: Point, *, anchor: str = "mm") -> None:
    """Paste an RGBA sprite onto an RGB canvas; `anchor` like text: l/m/r then t/m/b."""
    x, y = xy
    w, h = sprite.size
    x -= {"l": 0, "m": w / 2, "r": w}.get(anchor[0], 0)
    y -= {"t": 0, "m": h / 2, "b": h}.get(anchor[1], 0)
    box = (round(x), round(y))
    carry_text(sprite, canvas)
    if sprite.mode == "RGBA":
        canvas.paste(sprite, box, sprite)
    else:
        canvas.paste(sprite, box)


# ---------------------------------------------------------------------------
# The night theme and the pieces every game draws

NIGHT: RGB = exact((10, 15, 30))
PANEL: RGB = exact((24, 32, 54))
PANEL_EDGE: RGB = exact((46, 58, 92))
PANEL_HOT: RGB = exact((44, 50, 70))
TEXT: RGB = exact((245, 240, 228))
TEXT_DIM: RGB = exact((112, 124, 156))
GOLD: RGB = exact((255, 198, 64))
GOLD_DEEP: RGB = exact((184, 124, 18))
INK_DARK: RGB = exact((34, 22, 4))


def text_blends(*backgrounds: RGB) -> tuple[RGB, ...]:
    """`TEXT` a quarter, half and three quarters of the way into each background: the
    antialiased edges of text, worth keeping exact in a PNG palette."""
    return tuple(exact(blend(TEXT, bg, t)) for bg in backgrounds for t in (0.25, 0.5, 0.75))


def as_int(value: object, default: int = 0) -> int:
    """`int(value)`, or `default` for what is no number (views are read tolerantly)."""
    try:
        return int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return default


def player_name(names: Sequence[str], seat: int) -> str:
    """The player's name as drawable text (emoji included), or '#n' when nothing of it can
    be drawn."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return raw if drawable_text(raw, font(30, "bold")).strip(REPLACEMENT + " ") \
        else f"#{seat + 1}"


def new_canvas(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank night-coloured RGB picture of `size` and a pen for it."""
    canvas = Image.new("RGB", size, NIGHT)
    return canvas, ImageDraw.Draw(canvas)


def frame(draw: ImageDraw.ImageDraw, box: Box, *, hot: bool = False, fill: RGB | None = None,
          edge: RGB | None = None) -> None:
    """A rounded panel; `hot` (the player to act) lights it up with a golden edge."""
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14,
                           fill=fill or (PANEL_HOT if hot else PANEL),
                           outline=edge or (GOLD if hot else PANEL_EDGE), width=3 if hot else 2)


def number_disc(draw: ImageDraw.ImageDraw, center: Point, radius: float, text: str,
                fnt: ImageFont.FreeTypeFont, *, fill: RGB = GOLD, ink: RGB = INK_DARK,
                outline: RGB | None = GOLD_DEEP, width: int = 2) -> None:
    """A number on a disc (by default golden, as on the buttons: spots, slots, cells)."""
    cx, cy = center
    draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fill,
                 outline=outline, width=width)
    draw_text(draw, (cx, cy + 1), text, fnt, ink, "mm")


def fade(sprite: Image.Image, percent: int) -> Image.Image:
    """Make an RGBA sprite `percent` % as opaque, in place (copy cached sprites first)."""
    sprite.putalpha(sprite.getchannel("A").point(lambda a: a * percent // 100))
    return sprite


@lru_cache(maxsize=16)
def arrow_sprite(size: int) -> Image.Image:
    """A golden arrow pointing right, at the player to act."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.polygon([(0.12 * u, 0.12 * u), (0.92 * u, 0.5 * u), (0.12 * u, 0.88 * u),
                   (0.3 * u, 0.5 * u)], fill=GOLD, outline=GOLD_DEEP)

    return supersampled(size, size, paint)


MEDALS: Mapping[int, tuple[RGB, RGB]] = {
    1: (GOLD, GOLD_DEEP), 2: (exact((208, 214, 226)), exact((120, 128, 148))),
    3: (exact((214, 140, 84)), exact((136, 78, 36))),
    4: (exact((96, 104, 128)), exact((9, 14, 26))),
}
"""A medal's fill and edge by place: gold, silver, bronze, then plain."""


@lru_cache(maxsize=16)
def medal_sprite(rank: int, size: int, *, places: int = 4) -> Image.Image:
    """A finished game's place: a medal with the rank on it. A game with fewer `places`
    gives every rank past the last one the last place's colours."""
    fill, edge = MEDALS[rank if 1 <= rank <= places else places]

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.ellipse([0.08 * u, 0.08 * u, 0.92 * u, 0.92 * u], fill=fill, outline=edge,
                  width=round(0.08 * u))

    sprite = supersampled(size, size, paint)
    draw_text(ImageDraw.Draw(sprite), (size / 2, size / 2 + 1), str(rank),
              font(round(size * 0.62), "black"), INK_DARK, "mm")
    return sprite


# ---------------------------------------------------------------------------
# PNG

PNG_COMPRESS_LEVEL = 3
"""zlib level for our palette PNGs. Measured on a 1280x1104 late-game board: level 1
4.0 ms / 79 KB, 3 4.5 ms / 70 KB, 6 9.7 ms / 57 KB, 9 59 ms / 53 KB; truecolour level 1
30 ms / 140 KB. Level 3 is the knee."""


def _palette_image(img: Image.Image, keep: Iterable[Sequence[int]]) -> Image.Image:
    colors: list[RGB] = []
    seen: set[RGB] = set()
    for c in keep:
        rgb = exact(c)
        if rgb not in seen and len(colors) < 200:
            seen.add(rgb)
            colors.append(rgb)
    # The rest of the 256 entries: the picture's own colours (antialiased edges, text),
    # found on a quarter-size copy, which is fast and deterministic.
    small = img.reduce(4) if min(img.size) >= 16 else img
    free = 256 - len(colors)
    octree = small.quantize(colors=max(2, free), method=Image.Quantize.FASTOCTREE,
                            dither=Image.Dither.NONE)
    flat = octree.getpalette() or []
    for _count, index in sorted(octree.getcolors(256) or [], key=lambda t: t[1]):
        rgb = (flat[3 * index], flat[3 * index + 1], flat[3 * index + 2])
        if rgb not in seen and len(colors) < 256:
            seen.add(rgb)
            colors.append(rgb)
    colors += [colors[0]] * (256 - len(colors))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for rgb in colors for v in rgb])
    return pal


def to_png(img: Image.Image, *, keep: Iterable[Sequence[int]] = ()) -> bytes:
    """Encode a picture as PNG bytes, quickly, small and deterministically.

    Our pictures are flat colours plus antialiased edges, so a 256-colour palette
    (the colours in `keep`, the rest chosen from the picture) looks the same as
    truecolour while encoding several times faster and smaller than RGB PNG. Colours
    made with `exact` (all of the kit's palette) come out unchanged; others may move
    by a few values.
    """
    measured = _MEASURED.get()
    if measured is not None:
        measured.append(MeasuredPicture(img.size, text_sizes(img)))
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    pal = _palette_image(rgb, list(keep) + [lan.fill for lan in LANTERNS.values()]
                         + [lan.ink for lan in LANTERNS.values()])
    quantized = rgb.quantize(palette=pal, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    quantized.save(buf, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()
