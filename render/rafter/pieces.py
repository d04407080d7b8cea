"""Painting boxes in the ¾ view: each box's faces that look at the eye, lit by a light from
the front left above (tops brightest, right sides darkest) and lighter the higher the box
is, with dark edges; lumber cards with wood grain on their wood side (nails and dark joints
in the advanced game), rafters in their own wood with their number on top, chests in their
colour with its symbol on every face seen. Also the marks drawn over the scene: outlines,
number discs, crosses, the ghost's verdict, soft shadows."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, blend, exact

from . import labels
from .camera import EYE, RaftView, project
from .engine_data import CONFIG
from .geometry import Box3, Placed, Pt, Vec, convex_hull, place
from .theme import (
    ILLEGAL,
    INK_DARK,
    JOINT,
    LEGAL,
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
from .view import Piece

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
HIGH_MM = 40.0  # a top this high is drawn the lightest
FADE = 0.45  # how far a fallen piece's colours go into the sea's
_LIGHT = (-0.5, -0.25, 1.0)  # towards the light: front left, above
_LN = math.sqrt(sum(c * c for c in _LIGHT))
LIGHT: Vec = (_LIGHT[0] / _LN, _LIGHT[1] / _LN, _LIGHT[2] / _LN)
_TOP_LIGHT = 0.42 + 0.58 * (LIGHT[2] + 1) / 2


def shade(rgb: RGB, top: float) -> RGB:
    """The colour of a level top face at height `top` (mm above the raft card): darker low,
    lighter high, so stacking reads at a glance."""
    t = max(0.0, min(1.0, (top + 2.0) / HIGH_MM))
    return exact(blend(blend(rgb, BLACK, 0.18), blend(rgb, WHITE, 0.28), t))


def lit(rgb: RGB, normal: Vec) -> RGB:
    """A face's colour turned towards `normal` (a level top keeps `rgb`)."""
    dot = normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2]
    f = (0.42 + 0.58 * (dot + 1) / 2) / _TOP_LIGHT
    return (min(255, round(rgb[0] * f)), min(255, round(rgb[1] * f)), min(255, round(rgb[2] * f)))


def base_color(piece_kind: str, variant: int, colors: Sequence[str]) -> RGB:
    if piece_kind == "C":
        return chest(colors[variant] if variant < len(colors) else "?").fill
    if piece_kind == "R":
        return rafter_tint(variant)
    return LUMBER_TINTS[variant % len(LUMBER_TINTS)]


def edge_color(piece_kind: str, variant: int, colors: Sequence[str]) -> RGB:
    if piece_kind == "R":
        return RAFTER_EDGE
    if piece_kind == "L":
        return LUMBER_EDGE
    return chest(colors[variant] if variant < len(colors) else "?").edge


@dataclass(frozen=True)
class Face:
    """A box face: centre, outward unit normal, its two half axes (`right` x `up` points
    out, `up` the one nearer the vertical); `flat` its corners on the unit image plane."""

    center: Vec
    normal: Vec
    right: Vec
    up: Vec
    flat: tuple[Pt, ...] = ()

    def at(self, s: float, t: float) -> Vec:
        """The face point `s` half-widths right and `t` half-heights up of the centre."""
        c, r, u = self.center, self.right, self.up
        return (c[0] + s * r[0] + t * u[0], c[1] + s * r[1] + t * u[1],
                c[2] + s * r[2] + t * u[2])

    @property
    def corners(self) -> list[Vec]:
        return [self.at(s, t) for s, t in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

    @property
    def seen(self) -> bool:
        c, n = self.center, self.normal
        return (EYE[0] - c[0]) * n[0] + (EYE[1] - c[1]) * n[1] + (EYE[2] - c[2]) * n[2] > 1e-9


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _norm(v: Vec) -> float:
    return math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)


@lru_cache(maxsize=1 << 14)
def faces(box: Box3) -> tuple[Face, ...]:
    """The six faces of a box."""
    out = []
    for i in range(3):
        ax = box.axes[i]
        length = _norm(ax)
        if length < 1e-9:
            continue
        others = [box.axes[j] for j in range(3) if j != i]
        for s in (1.0, -1.0):
            n = (s * ax[0] / length, s * ax[1] / length, s * ax[2] / length)
            center = (box.center[0] + s * ax[0], box.center[1] + s * ax[1],
                      box.center[2] + s * ax[2])
            # up: the half axis nearest the vertical (on a level face: the one nearest +y),
            # pointing up (away from the viewer), so symbols stand upright
            up, other = sorted(others, key=lambda v: (-round(abs(v[2]) / max(_norm(v), 1e-9), 3),
                                                      -abs(v[1]) / max(_norm(v), 1e-9)))
            if up[2] < -1e-9 or (abs(up[2]) <= 1e-9 and up[1] < 0):
                up = (-up[0], -up[1], -up[2])
            side = _cross(up, n)  # right = up x n keeps a symbol unmirrored seen from outside
            if side[0] * other[0] + side[1] * other[1] + side[2] * other[2] < 0:
                other = (-other[0], -other[1], -other[2])
            face = Face(center, n, other, up)
            out.append(Face(center, n, other, up, tuple(project(face.corners))))
    return tuple(out)


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


Flat = tuple[Pt, ...]


@lru_cache(maxsize=512)
def _print_flat(piece: Piece) -> tuple[tuple[Flat, ...], tuple[Flat, ...], tuple[Flat, ...]]:
    """A lumber card's grain lines, dark joints and nails on the unit image plane (cached:
    a card that has not moved is not projected again)."""
    p = place(piece)
    top = CONFIG.lumber.sim_thickness

    def flat(points: Sequence[tuple[float, float]]) -> Flat:
        return tuple(project([p.local(u, v, top) for u, v in points]))

    lines = tuple(flat(((a, v), (b, v))) for v, a, b in _grain(piece.variant))
    if not 0 <= piece.variant < len(CONFIG.prints):
        return lines, (), ()
    pr = CONFIG.prints[piece.variant]
    joints = tuple(flat(((u0, v0), (u1, v0), (u1, v1), (u0, v1))) for u0, v0, u1, v1 in pr.dark)
    r = CONFIG.lumber.nail_radius
    nails = tuple(flat([(u + r * math.cos(i * math.pi / 5), v + r * math.sin(i * math.pi / 5))
                        for i in range(10)]) for u, v in pr.nails)
    return lines, joints, nails


@dataclass
class Painter:
    """Paints on `img`, a picture `k` times larger than the 1x one, whose (0, 0) is the 1x
    pixel `origin`; `rv` maps the raft frame to the 1x picture; `text_px` is the smallest
    readable text of the picture, in its pixels."""

    img: Image.Image
    rv: RaftView
    k: float
    origin: Pt = (0.0, 0.0)
    colors: Sequence[str] = ()
    advanced: bool = False
    text_px: float = 12.0
    draw: ImageDraw.ImageDraw = field(init=False)
    solid: ImageDraw.ImageDraw = field(init=False)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.img, "RGBA")  # blends: shadows and ghosts
        self.solid = ImageDraw.Draw(self.img)  # opaque paint, several times faster
        self._affine = self.rv.affine(self.k, *self.origin)

    def flat(self, pts: Sequence[Pt]) -> list[Pt]:
        """Unit-image-plane points on the painted picture."""
        s, tx, ty = self._affine
        return [(tx + s * a, ty - s * b) for a, b in pts]

    def pt(self, p: Sequence[float]) -> Pt:
        return self.flat(project((p,)))[0]

    def poly(self, pts: Sequence[Sequence[float]]) -> list[Pt]:
        return self.flat(project(pts))

    def mm(self, p: Sequence[float]) -> float:
        """Painted pixels per mm at a raft point."""
        return self.rv.mm_at(p[0], p[1], p[2]) * self.k

    @property
    def line(self) -> int:
        return max(1, round(self.k * 1.2))

    # -----------------------------------------------------------------------
    def box(self, box: Box3, base: RGB, edge: RGB, *, faded: bool = False,
            ghost: RGB | None = None) -> list[Face]:
        """The faces of `box` the eye sees; returns them (decorations go on them)."""
        draw, alpha = (self.draw, (150,)) if ghost is not None else (self.solid, ())
        top = shade(base, box.top)
        seen = [f for f in faces(box) if f.seen]
        for f in seen:
            fill = lit(top, f.normal)
            line = edge if ghost is None else ghost
            if faded:
                fill, line = blend(fill, SEA, FADE), blend(line, SEA, FADE)
            pts = self.flat(f.flat)
            # the outline as a line: polygon() with a wide outline masks the whole picture
            draw.polygon(pts, fill=fill + alpha)
            draw.line([*pts, pts[0]], fill=line + alpha,
                      width=self.line if ghost is None else round(2.5 * self.k))
        return seen

    def lumber_face(self, p: Placed, faded: bool) -> None:
        """Grain (and in the advanced game nails and dark joints) on the wood side, if seen."""
        top = CONFIG.lumber.sim_thickness
        normal = (p.rot[0][2], p.rot[1][2], p.rot[2][2])
        center = p.local(0, 0, top)
        if (EYE[0] - center[0]) * normal[0] + (EYE[1] - center[1]) * normal[1] \
                + (EYE[2] - center[2]) * normal[2] <= 0:
            return
        base = lit(shade(LUMBER_TINTS[p.piece.variant % len(LUMBER_TINTS)], p.top), normal)
        grain = blend(base, LUMBER_EDGE, 0.38)
        if faded:
            grain = blend(grain, SEA, FADE)
        w = max(1, round(self.mm(center) / 5))
        lines, joints, nails = _print_flat(p.piece)
        for line in lines:
            self.solid.line(self.flat(line), fill=grain, width=w)
        if not self.advanced or faded:
            return
        for joint in joints:
            self.solid.polygon(self.flat(joint), fill=JOINT)
        for nail in nails:
            self.solid.polygon(self.flat(nail), fill=NAIL, outline=INK_DARK)

    def chest_symbols(self, seen: Sequence[Face], name: str, faded: bool) -> None:
        """The colour's symbol on every face seen well enough."""
        spec = chest(name)
        ink = blend(spec.ink, SEA, FADE) if faded else spec.ink
        unit = kit.symbol_points(spec.symbol, (0.0, 0.0), 1.0)
        for f in seen:
            pts = self.flat(f.flat)
            if _area(pts) < (6 * self.k) ** 2:
                continue
            shape = [f.at(1.25 * x, -1.25 * y) for x, y in unit]
            self.solid.polygon(self.poly(shape), fill=ink)

    def rafter_number(self, seen: Sequence[Face], variant: int, faded: bool) -> None:
        """The rafter's number (id + 1) on its face turned most upwards, if seen."""
        f = max(seen, key=lambda q: q.normal[2], default=None)
        if f is None or f.normal[2] < 0.3:
            return
        pts = self.flat(f.flat)
        cx, cy = sum(q[0] for q in pts) / 4, sum(q[1] for q in pts) / 4
        ink = rafter_ink(variant)
        halo = INK_DARK if ink == TEXT else TEXT
        if faded:
            ink, halo = blend(ink, SEA, FADE), blend(halo, SEA, FADE)
        size = max(self.text_px, min(1.6 * self.text_px, 0.7 * _span(pts) / self.k))
        labels.text(self.draw, (cx, cy), str(variant + 1), size, self.k, ink, stroke=halo)

    # -----------------------------------------------------------------------
    def outline(self, boxes: Sequence[Box3], color: RGB, *, width: float = 3.0) -> None:
        """A line round the silhouette of some boxes (a piece)."""
        hull = convex_hull([self.pt(c) for b in boxes for c in b.corners])
        if len(hull) >= 3:
            self.draw.line(hull + [hull[0]], fill=color, width=max(1, round(width * self.k)),
                           joint="curve")

    def number(self, at: Pt, value: object, *, fill: RGB | None = None) -> float:
        """A golden number disc at a painted-picture point; returns its radius there."""
        if fill is None:
            return labels.disc(self.draw, at, self.text_px, self.k, value)
        return labels.disc(self.draw, at, self.text_px, self.k, value, fill=fill)

    def cross(self, at: Pt, half: float) -> None:
        """A bold X (the rafter that may not be taken), `half` in 1x pixels."""
        x, y = at
        h = half * self.k
        for w, c in ((round(0.3 * h), INK_DARK), (round(0.16 * h), TEXT)):
            self.draw.line([(x - h, y - h), (x + h, y + h)], fill=c, width=w)
            self.draw.line([(x - h, y + h), (x + h, y - h)], fill=c, width=w)

    def verdict(self, at: Pt, legal: bool, r: float) -> None:
        """A tick (legal) or a cross (not legal) on a disc: the ghost's verdict without
        colour; `r` in 1x pixels."""
        x, y = at
        r *= self.k
        self.draw.ellipse([x - r, y - r, x + r, y + r], fill=(LEGAL if legal else ILLEGAL),
                          outline=INK_DARK, width=max(1, round(0.1 * r)))
        w = max(2, round(r / 4))
        if legal:
            self.draw.line([(x - 0.5 * r, y), (x - 0.12 * r, y + 0.4 * r),
                            (x + 0.5 * r, y - 0.4 * r)], fill=INK_DARK, width=w, joint="curve")
        else:
            h = 0.42 * r
            self.draw.line([(x - h, y - h), (x + h, y + h)], fill=INK_DARK, width=w)
            self.draw.line([(x - h, y + h), (x + h, y - h)], fill=INK_DARK, width=w)

    def shadow(self, pts: Sequence[Vec]) -> None:
        """A soft shadow over the raft points `pts` (a polygon on a surface): a faint wider
        rim, then the core."""
        core = self.poly(pts)
        if len(core) < 3:
            return
        cx = sum(q[0] for q in core) / len(core)
        cy = sum(q[1] for q in core) / len(core)
        grow = 1.2 * self.mm(pts[0])
        rim = []
        for x, y in core:
            d = math.hypot(x - cx, y - cy) or 1.0
            rim.append((x + (x - cx) / d * grow, y + (y - cy) / d * grow))
        self.draw.polygon(rim, fill=(0, 0, 0, 34))
        self.draw.polygon(core, fill=(0, 0, 0, 58))


def _area(pts: Sequence[Pt]) -> float:
    return abs(sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(pts, [*pts[1:], pts[0]]))) / 2


def _span(pts: Sequence[Pt]) -> float:
    """The smaller of a polygon's width and height."""
    return min(max(q[0] for q in pts) - min(q[0] for q in pts),
               max(q[1] for q in pts) - min(q[1] for q in pts))

