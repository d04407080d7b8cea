"""Painting pieces seen from above: each box as the projection of its corners (the sides a
tilt shows darker, the top face in the piece's colour), lighter and with a longer shadow the
higher it is; lumber cards with wood grain (and, in the advanced game, their nails and dark
joints), rafters in their own wood with their number, chests in their colour with its
symbol. Also the marks drawn on pieces: an outline, a number disc, a cross, a ghost."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.rafter.config import CONFIG
from render import kit
from render.kit import RGB, blend, exact

from .geometry import Placed, Pt, RaftView
from .theme import (
    GOLD,
    GOLD_DEEP,
    INK_DARK,
    JOINT,
    LUMBER_EDGE,
    LUMBER_TINTS,
    NAIL,
    RAFTER_EDGE,
    SEA,
    TEXT,
    chest,
    rafter_ink,
    rafter_tint,
)

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
HIGH_MM = 40.0  # a top this high is drawn the lightest
FADE = 0.4  # how far a fallen piece's colours go into the sea's


def shade(rgb: RGB, top: float) -> RGB:
    """A piece's colour at the height of its top (mm above the raft card): darker low,
    lighter high, so stacking reads at a glance."""
    t = max(0.0, min(1.0, (top + 2.0) / HIGH_MM))
    return exact(blend(blend(rgb, BLACK, 0.22), blend(rgb, WHITE, 0.34), t))


def base_color(p: Placed, colors: Sequence[str]) -> RGB:
    piece = p.piece
    if piece.kind == "C":
        name = colors[piece.variant] if piece.variant < len(colors) else "?"
        return chest(name).fill
    if piece.kind == "R":
        return rafter_tint(piece.variant)
    return LUMBER_TINTS[piece.variant % len(LUMBER_TINTS)]


@lru_cache(maxsize=64)
def _grain(card: int) -> tuple[tuple[float, float, float], ...]:
    """Grain lines of a lumber card (v, u from, u to) in the card frame, the same each time."""
    rng = random.Random(card * 7919 + 17)
    half_u, half_v = CONFIG.lumber.size[0] / 2, CONFIG.lumber.size[1] / 2
    lines = []
    v = -half_v + rng.uniform(2.0, 4.0)
    while v < half_v - 2.0:
        a = -half_u + rng.uniform(1.5, 30.0)
        b = half_u - rng.uniform(1.5, 30.0)
        lines.append((v, a, b))
        v += rng.uniform(3.0, 5.5)
    return tuple(lines)


@dataclass
class Painter:
    """Paints on `img`, a picture `k` times larger than the 1x one, whose (0, 0) is the
    1x pixel `origin`; `rv` maps the raft frame to the 1x picture."""

    img: Image.Image
    rv: RaftView
    k: float
    origin: Pt = (0.0, 0.0)
    colors: Sequence[str] = ()
    advanced: bool = False
    draw: ImageDraw.ImageDraw = field(init=False)
    solid: ImageDraw.ImageDraw = field(init=False)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.img, "RGBA")  # blends: shadows and ghosts
        self.solid = ImageDraw.Draw(self.img)  # opaque paint, several times faster than blending

    def pt(self, x: float, y: float) -> Pt:
        return self.rv.px(x, y, self.k, *self.origin)

    def poly(self, pts: Sequence[Pt]) -> list[Pt]:
        return [self.pt(x, y) for x, y in pts]

    @property
    def mm(self) -> float:
        """Pixels of the painted picture per mm."""
        return self.rv.scale * self.k

    # -----------------------------------------------------------------------
    def shadow(self, p: Placed) -> None:
        """The piece's shadow cast down-right. Only the strip outside the piece shows (the
        piece is painted over the rest), so only that strip is blended: each edge facing
        the light's way swept by the offset, far less to blend than the whole outline."""
        top = max(0.0, p.top)
        d = 0.4 + 0.12 * top
        alpha = round(56 + min(72, 2.2 * top))
        hull = p.hull()
        if len(hull) < 3:
            return
        turn = 1.0 if _signed_area(hull) > 0 else -1.0
        for (ax, ay), (bx, by) in zip(hull, hull[1:] + hull[:1]):
            # the outward normal of a counter-clockwise edge is (dy, -dx)
            if turn * ((by - ay) * d - (bx - ax) * -d) <= 0:
                continue
            band = [(ax, ay), (bx, by), (bx + d, by - d), (ax + d, ay - d)]
            self.draw.polygon(self.poly(band), fill=(0, 0, 0, alpha))

    def piece(self, p: Placed, *, faded: bool = False, ghost: RGB | None = None) -> None:
        """One piece. `faded`: fallen, drawn dim into the sea; `ghost`: a translucent piece
        outlined in that colour (a move being considered)."""
        base = base_color(p, self.colors)
        edge = RAFTER_EDGE if p.piece.kind == "R" else LUMBER_EDGE if p.piece.kind == "L" \
            else chest(self.colors[p.piece.variant] if p.piece.variant < len(self.colors)
                       else "?").edge
        draw, opacity = (self.draw, (150,)) if ghost is not None else (self.solid, ())
        for box in sorted(p.boxes, key=lambda b: b.top):
            fill = shade(base, box.top)
            side = blend(fill, BLACK, 0.32)
            if faded:
                fill, side = blend(fill, SEA, FADE), blend(side, SEA, FADE)
            hull = self.poly(box.hull())
            if len(hull) < 3:
                continue
            if box.tilted:  # a lying box's sides are hidden under its top face
                draw.polygon(hull, fill=side + opacity)
            draw.polygon(self.poly(box.top_face()), fill=fill + opacity)
            draw.polygon(hull, outline=(blend(edge, SEA, FADE) if faded else edge) + opacity,
                         width=max(1, round(self.k * (1 if self.rv.scale < 4 else 1.5))))
        up = p.rot[2][2] > 0.2  # the printed side is seen
        if p.piece.kind == "L" and up:
            self._lumber_face(p, base, faded)
        elif p.piece.kind == "C":
            self._chest_symbol(p, faded)
        elif p.piece.kind == "R":
            self._rafter_number(p, faded)
        if ghost is not None:
            self.outline(p, ghost, width=3.0)

    def _lumber_face(self, p: Placed, base: RGB, faded: bool) -> None:
        top = CONFIG.lumber.sim_thickness
        grain = blend(shade(base, p.top), LUMBER_EDGE, 0.38)
        if faded:
            grain = blend(grain, SEA, FADE)
        w = max(1, round(self.k * self.rv.scale / 5))
        for v, a, b in _grain(p.piece.variant):
            pa, pb = p.local(a, v, top), p.local(b, v, top)
            self.draw.line([self.pt(pa[0], pa[1]), self.pt(pb[0], pb[1])], fill=grain, width=w)
        if not self.advanced or faded or not 0 <= p.piece.variant < len(CONFIG.prints):
            return
        pr = CONFIG.prints[p.piece.variant]
        for u0, v0, u1, v1 in pr.dark:
            corners = [p.local(u, v, top) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]
            self.draw.polygon(self.poly([(c[0], c[1]) for c in corners]), fill=JOINT)
        r = CONFIG.lumber.nail_radius * self.mm
        for u, v in pr.nails:
            c = p.local(u, v, top)
            x, y = self.pt(c[0], c[1])
            self.draw.ellipse([x - r, y - r, x + r, y + r], fill=NAIL, outline=INK_DARK,
                              width=max(1, round(r / 5)))

    def _face_center(self, p: Placed) -> Pt:
        face = max(p.boxes, key=lambda b: b.top).top_face()
        return self.pt(sum(q[0] for q in face) / 4, sum(q[1] for q in face) / 4)

    def _chest_symbol(self, p: Placed, faded: bool) -> None:
        name = self.colors[p.piece.variant] if p.piece.variant < len(self.colors) else "?"
        spec = chest(name)
        ink = blend(spec.ink, SEA, FADE) if faded else spec.ink
        size = 0.62 * CONFIG.chest.size * self.mm
        self.draw.polygon(kit.symbol_points(spec.symbol, self._face_center(p), size), fill=ink)

    def _rafter_number(self, p: Placed, faded: bool) -> None:
        ink = rafter_ink(p.piece.variant)
        if faded:
            ink = blend(ink, SEA, FADE)
        size = max(8, round(5.6 * self.mm))
        x, y = self._face_center(p)
        kit.draw_text(self.draw, (x, y + size * 0.05), str(p.piece.variant + 1),
                      kit.font(size, "black"), ink, "mm")

    # -----------------------------------------------------------------------
    def outline(self, p: Placed, color: RGB, *, width: float = 3.0) -> None:
        hull = self.poly(p.hull())
        if len(hull) >= 3:
            self.draw.line(hull + [hull[0]], fill=color, width=max(1, round(width * self.k)),
                           joint="curve")

    def center(self, p: Placed) -> Pt:
        hull = p.hull()
        return self.pt(sum(q[0] for q in hull) / len(hull), sum(q[1] for q in hull) / len(hull))

    def number(self, at: Pt, text: str, radius: float, *, fill: RGB = GOLD,
               ink: RGB = INK_DARK) -> None:
        """A number disc, `radius` in 1x pixels, at a painted-picture point."""
        r = radius * self.k
        kit.number_disc(self.draw, at, r, text, kit.font(round(r * 1.3), "black"), fill=fill,
                        ink=ink, outline=GOLD_DEEP, width=max(1, round(2 * self.k)))

    def cross(self, at: Pt, half: float) -> None:
        """A bold X (the rafter that may not be taken), `half` in 1x pixels."""
        x, y = at
        h = half * self.k
        for w, c in ((round(9 * self.k), INK_DARK), (round(5 * self.k), TEXT)):
            self.draw.line([(x - h, y - h), (x + h, y + h)], fill=c, width=w)
            self.draw.line([(x - h, y + h), (x + h, y - h)], fill=c, width=w)


def _signed_area(points: Sequence[Pt]) -> float:
    """Positive for a counter-clockwise outline (x right, y up)."""
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]]))
