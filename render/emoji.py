"""Colour emoji in names: drawn from Noto Color Emoji's COLRv1 font, painted here.

A name made only of emoji (or one mixing letters and emoji) is drawn with its emoji, as the
captions show it. The font is `data/fonts/Noto-COLRv1-noflags.ttf` (Google's Noto Color
Emoji in its vector COLRv1 form, SIL Open Font License, `data/fonts/OFL.txt`): 3,560
emoji including skin tones and ZWJ sequences, 2.8 MB. FreeType cannot paint COLRv1 through
Pillow, so this module does: each emoji is a small tree of paints (layers, glyph outlines
filled with a solid colour or a linear or radial gradient, affine transforms), read with
fontTools, and each layer is filled supersampled and composited in order. Pictures stay
deterministic: no system font is looked up and nothing is random.

Flags (regional indicator pairs) are not in this cut of the font; they are dropped like
any other character nothing can draw.

* `clusters(text)`: the text cut into user-perceived characters (an emoji with its skin
  tone, variation selector or ZWJ partners stays whole);
* `is_emoji(cluster)`: whether the font has that emoji;
* `emoji_sprite(cluster, size)`: the emoji as an RGBA picture `size` px square, cached.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np
from fontTools.misc.transform import Transform
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw

from .fonts import FONTS_DIR, font_file

log = logging.getLogger(__name__)

FONT_NAME = "Noto-COLRv1-noflags.ttf"
FONT_PATH = FONTS_DIR / FONT_NAME

_ZWJ = 0x200D
_VS16 = 0xFE0F
_KEYCAP = 0x20E3
_SUPERSAMPLE = 4
_FOREGROUND = (245, 240, 228, 255)  # palette index 0xFFFF: the text colour


def _joins(cp: int) -> bool:
    """Code points that belong to the character before them in an emoji sequence."""
    return (cp in (_VS16, _KEYCAP, 0xFE0E) or 0x1F3FB <= cp <= 0x1F3FF  # skin tones
            or 0xE0020 <= cp <= 0xE007F)  # tag sequences (subdivision flags)


def clusters(text: str) -> Iterator[str]:
    """`text` cut into characters, an emoji sequence kept whole (base, skin tone, variation
    selector, keycap, tags and ZWJ-joined partners)."""
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        while j < n:
            cp = ord(text[j])
            if _joins(cp):
                j += 1
            elif cp == _ZWJ and j + 1 < n:
                j += 2
            else:
                break
        yield text[i:j]
        i = j


@dataclass(frozen=True)
class _Font:
    tt: TTFont
    cmap: dict[int, str]
    ligatures: dict[tuple[str, ...], str]
    paints: dict[str, Any]  # base glyph name -> its root paint
    layers: list[Any]
    palette: list[tuple[int, int, int, int]]
    glyphs: Any  # the glyph set (outlines)
    advance: int
    middle: float  # the vertical middle of the em box, in font units


@cache
def _font() -> _Font | None:
    """The emoji font, read once (None if it is missing: names then drop their emoji)."""
    try:
        tt = TTFont(str(font_file(FONT_NAME)), lazy=True)  # only what is used is decompiled
        colr = tt["COLR"].table
        ligatures: dict[tuple[str, ...], str] = {}
        for lookup in tt["GSUB"].table.LookupList.Lookup:
            for sub in lookup.SubTable:
                sub = getattr(sub, "ExtSubTable", sub)
                for first, ligs in (getattr(sub, "ligatures", None) or {}).items():
                    for lig in ligs:
                        ligatures[(first, *lig.Component)] = lig.LigGlyph
        paints = {rec.BaseGlyph: rec.Paint for rec in colr.BaseGlyphList.BaseGlyphPaintRecord}
        palette = [(c.red, c.green, c.blue, c.alpha) for c in tt["CPAL"].palettes[0]]
        hhea = tt["hhea"]
        return _Font(tt, dict(tt.getBestCmap()), ligatures, paints, list(colr.LayerList.Paint),
                     palette, tt.getGlyphSet(), tt["hmtx"]["u1F600"][0],
                     (hhea.ascent + hhea.descent) / 2)
    except Exception:
        log.exception("cannot read the emoji font %s", FONT_PATH)
        return None


@lru_cache(maxsize=4096)
def _glyph(cluster: str) -> str | None:
    font = _font()
    if font is None or not cluster:
        return None
    cps = [ord(c) for c in cluster]
    # A single character is an emoji only if it is a pictograph or asks for emoji
    # presentation: the font also maps digits, '#', '*', '©' (for keycaps and the like).
    if len(cps) == 1 and (cps[0] < 0x2000 or cps[0] not in font.cmap):
        return None
    names = [font.cmap.get(cp) for cp in cps]
    if None not in names:
        whole = font.ligatures.get(tuple(names))  # type: ignore[arg-type]
        if whole is not None:
            return whole if whole in font.paints else None
        bare = tuple(n for n, cp in zip(names, cps) if cp != _VS16)
        whole = font.ligatures.get(bare)  # type: ignore[arg-type]
        if whole is not None and whole in font.paints:
            return whole
    # a sequence the font does not know: its first emoji stands for it
    base = font.cmap.get(cps[0])
    return base if base in font.paints else None


def is_emoji(cluster: str) -> bool:
    """True when `cluster` (one of `clusters(...)`) is an emoji the font can paint."""
    return _glyph(cluster) is not None


# ---------------------------------------------------------------------------
# Painting COLRv1


class _PolygonPen(BasePen):
    """Glyph outlines flattened to polygons (quadratic and cubic curves cut in segments)."""

    def __init__(self, glyphs: Any, transform: Transform, steps: int = 8) -> None:
        super().__init__(glyphs)
        self.transform = transform
        self.steps = steps
        self.contours: list[list[tuple[float, float]]] = []

    def _point(self, pt: tuple[float, float]) -> None:
        self.contours[-1].append(self.transform.transformPoint(pt))

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self.contours.append([])
        self._point(pt)
        self._last = pt

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self._point(pt)
        self._last = pt

    def _qCurveToOne(self, p1: tuple[float, float], p2: tuple[float, float]) -> None:
        p0 = self._last
        for i in range(1, self.steps + 1):
            t = i / self.steps
            u = 1 - t
            self._point((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                         u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
        self._last = p2

    def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float],
                    p3: tuple[float, float]) -> None:
        p0 = self._last
        for i in range(1, self.steps + 1):
            t = i / self.steps
            u = 1 - t
            self._point((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0]
                         + t ** 3 * p3[0],
                         u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1]
                         + t ** 3 * p3[1]))
        self._last = p3

    def _closePath(self) -> None:
        pass

    _endPath = _closePath


class _Painter:
    """Paints one emoji's paint tree into an RGBA image `side` px square."""

    def __init__(self, font: _Font, side: int) -> None:
        self.font = font
        self.side = side
        scale = side / font.advance
        # font units (y up, the em box's middle at `font.middle`) to pixels (y down)
        self.base = Transform(scale, 0, 0, -scale, 0, side / 2 + font.middle * scale)
        ys, xs = np.mgrid[0:side, 0:side].astype(np.float64) + 0.5
        self.pixels = (xs, ys)

    def new(self) -> Image.Image:
        return Image.new("RGBA", (self.side, self.side), (0, 0, 0, 0))

    def paint(self, target: Image.Image, paint: Any, transform: Transform) -> None:
        fmt = paint.Format
        if fmt == 1:  # PaintColrLayers
            first = paint.FirstLayerIndex
            for layer in self.font.layers[first:first + paint.NumLayers]:
                self.paint(target, layer, transform)
        elif fmt == 10:  # PaintGlyph: the child paint, cut to the glyph's outline
            mask = self.mask(paint.Glyph, transform)
            if mask.getbbox() is None:
                return
            fill = self.fill(paint.Paint, transform)
            if fill is None:
                return
            fill.putalpha(ImageChops.multiply(fill.getchannel("A"), mask))
            target.alpha_composite(fill)
        elif fmt == 11:  # PaintColrGlyph
            child = self.font.paints.get(paint.Glyph)
            if child is not None:
                self.paint(target, child, transform)
        elif fmt == 32:  # PaintComposite: drawn as the source over the backdrop
            self.paint(target, paint.BackdropPaint, transform)
            self.paint(target, paint.SourcePaint, transform)
        else:
            moved = _moved(paint, transform)
            if moved is not None:
                self.paint(target, paint.Paint, moved)
            else:  # a fill with no glyph to cut it: the whole square
                fill = self.fill(paint, transform)
                if fill is not None:
                    target.alpha_composite(fill)

    def mask(self, glyph: str, transform: Transform) -> Image.Image:
        pen = _PolygonPen(self.font.glyphs, self.base.transform(transform))
        self.font.glyphs[glyph].draw(pen)
        mask = Image.new("L", (self.side, self.side), 0)
        for contour in pen.contours:  # even-odd: holes (counter-wound contours) cut out
            if len(contour) < 3:
                continue
            one = Image.new("L", mask.size, 0)
            ImageDraw.Draw(one).polygon(contour, fill=255)
            mask = ImageChops.logical_xor(mask.convert("1"), one.convert("1")).convert("L")
        return mask

    def fill(self, paint: Any, transform: Transform) -> Image.Image | None:
        fmt = paint.Format
        moved = _moved(paint, transform)
        if moved is not None:
            return self.fill(paint.Paint, moved)
        if fmt == 2:  # PaintSolid
            rgba = self.color(paint.PaletteIndex, paint.Alpha)
            return Image.new("RGBA", (self.side, self.side), rgba)
        if fmt in (4, 6):  # PaintLinearGradient, PaintRadialGradient
            t = self.gradient_t(paint, transform)
            return self.colorize(paint.ColorLine, t)
        if fmt == 8:  # PaintSweepGradient: its mean colour
            stops = paint.ColorLine.ColorStop
            return Image.new("RGBA", (self.side, self.side),
                             self.color(stops[0].PaletteIndex, stops[0].Alpha))
        log.debug("emoji paint format %s not drawn", fmt)
        return None

    def color(self, index: int, alpha: float) -> tuple[int, int, int, int]:
        r, g, b, a = _FOREGROUND if index == 0xFFFF else self.font.palette[index]
        return r, g, b, round(a * max(0.0, min(1.0, alpha)))

    def gradient_t(self, paint: Any, transform: Transform) -> np.ndarray:
        """Where each pixel falls on the gradient's colour line (0 at its first point)."""
        inv = self.base.transform(transform).inverse()
        xx, yx, xy, yy, dx, dy = inv
        px, py = self.pixels
        x = xx * px + xy * py + dx
        y = yx * px + yy * py + dy
        if paint.Format == 4:
            x0, y0 = paint.x0, paint.y0
            # the gradient runs from p0 to p1 projected on the normal of p0 -> p2
            vx, vy = paint.x2 - x0, paint.y2 - y0
            nx, ny = -vy, vx
            ux, uy = paint.x1 - x0, paint.y1 - y0
            norm = nx * nx + ny * ny
            if norm > 0:
                k = (ux * nx + uy * ny) / norm
                ux, uy = k * nx, k * ny
            length = ux * ux + uy * uy or 1.0
            return ((x - x0) * ux + (y - y0) * uy) / length
        # two circles: t where the pixel lies on the circle interpolated between them
        cx, cy, r0 = paint.x0, paint.y0, paint.r0
        dcx, dcy, dr = paint.x1 - cx, paint.y1 - cy, paint.r1 - r0
        ex, ey = x - cx, y - cy
        a = dcx * dcx + dcy * dcy - dr * dr
        b = ex * dcx + ey * dcy + r0 * dr
        c = ex * ex + ey * ey - r0 * r0
        if abs(a) < 1e-9:
            return c / (2 * b + np.where(b == 0, 1e-9, 0))
        disc = np.sqrt(np.maximum(b * b - a * c, 0.0))
        return (b + disc) / a if a > 0 else (b - disc) / a

    def colorize(self, line: Any, t: np.ndarray) -> Image.Image:
        stops = sorted(line.ColorStop, key=lambda s: s.StopOffset)
        offsets = np.array([s.StopOffset for s in stops], dtype=np.float64)
        colors = np.array([self.color(s.PaletteIndex, s.Alpha) for s in stops], dtype=np.float64)
        if line.Extend == 1:  # repeat
            t = t - np.floor(t)
        elif line.Extend == 2:  # reflect
            t = 1 - np.abs(1 - np.mod(t, 2))
        # premultiplied interpolation, so a stop fading out does not darken its neighbour
        pre = colors.copy()
        pre[:, :3] *= pre[:, 3:4] / 255
        out = np.stack([np.interp(t, offsets, pre[:, ch]) for ch in range(4)], axis=-1)
        alpha = out[..., 3:4]
        out[..., :3] = np.where(alpha > 0, out[..., :3] * 255 / np.maximum(alpha, 1e-9), 0)
        return Image.fromarray(np.clip(np.rint(out), 0, 255).astype(np.uint8), "RGBA")


def _moved(paint: Any, transform: Transform) -> Transform | None:
    """The transform under a transforming paint (None for any other paint)."""
    fmt = paint.Format
    if fmt == 12:  # PaintTransform
        m = paint.Transform
        return transform.transform(Transform(m.xx, m.yx, m.xy, m.yy, m.dx, m.dy))
    if fmt == 14:  # PaintTranslate
        return transform.translate(paint.dx, paint.dy)
    if fmt == 16:  # PaintScale
        return transform.scale(paint.scaleX, paint.scaleY)
    if fmt == 18:  # PaintScaleAroundCenter
        return (transform.translate(paint.centerX, paint.centerY)
                .scale(paint.scaleX, paint.scaleY).translate(-paint.centerX, -paint.centerY))
    if fmt == 20:  # PaintScaleUniform
        return transform.scale(paint.scale)
    if fmt == 22:  # PaintScaleUniformAroundCenter
        return (transform.translate(paint.centerX, paint.centerY)
                .scale(paint.scale).translate(-paint.centerX, -paint.centerY))
    if fmt == 24:  # PaintRotate (in half turns)
        return transform.rotate(paint.angle * math.pi)
    if fmt == 26:  # PaintRotateAroundCenter
        return (transform.translate(paint.centerX, paint.centerY)
                .rotate(paint.angle * math.pi).translate(-paint.centerX, -paint.centerY))
    return None


@lru_cache(maxsize=512)
def emoji_sprite(cluster: str, size: int) -> Image.Image | None:
    """The emoji of `cluster` as an RGBA picture `size` px square (its em box), painted
    supersampled and shrunk; None if the font has no such emoji."""
    glyph = _glyph(cluster)
    font = _font()
    if glyph is None or font is None or size < 1:
        return None
    painter = _Painter(font, size * _SUPERSAMPLE)
    big = painter.new()
    try:
        painter.paint(big, font.paints[glyph], Transform())
    except Exception:  # a paint this module cannot read must not break a picture
        log.exception("cannot paint emoji %r", cluster)
        return None
    return big.resize((size, size), Image.Resampling.BOX)


