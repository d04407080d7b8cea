"""The raft in the ¾ view: the sea, the pedestal (the box, and the raft card with a 10 mm
grid), every piece's boxes painted farthest first with soft shadows on the surfaces below,
the last move's pieces outlined in gold and what it dropped faded where it came to lie, the
rafters, the face-up cards and the face-down pile (with its count) in the sea, the rafter
that may not be taken crossed, and what a menu step points at (ghosts where they would
land, numbered target areas and spots, the rafters and sea cards that may be taken)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import labels
from .camera import RaftView, fit
from .engine_data import yaw_quat
from .geometry import Box3, Placed, Vec, place
from .order import paint_order
from .pieces import Painter, base_color, edge_color, shade
from .stage import BODY, HALF_X, HALF_Y, RAFT_CARD, Item, Stage, shadows, stage
from .theme import (
    BOX_SIDE,
    GOLD,
    ILLEGAL,
    INK_DARK,
    LEGAL,
    RAFT,
    RAFT_EDGE,
    RAFT_GRID,
    SEA,
    SEA_WAVE,
    SS,
    TEXT,
)
from .view import Focus, Piece, last


@dataclass(frozen=True)
class Ghosts:
    """The focus's pieces placed where they would land, and its numbered points."""

    pieces: tuple[tuple[Placed, tuple[int, int, int]], ...] = ()  # with the outline colour
    verdict: tuple[Vec, bool] | None = None
    numbers: tuple[tuple[int, Vec], ...] = ()


def _surface(items: Sequence[Item], x: float, y: float) -> float:
    """The height of the highest top at (x, y) on the raft (0: the raft card)."""
    tops = [t for it in items if it.kind == "raft" for t in (it.placed.ray_top(x, y),)
            if t is not None]
    return max([0.0, *tops])


def _landed(piece: Piece, z: float | None, items: Sequence[Item]) -> Placed:
    """A ghost at height `z`, or (no `z`) on the highest top under its outline."""
    if z is None:
        hull = place(piece).outline
        cx = sum(p[0] for p in hull) / max(1, len(hull))
        cy = sum(p[1] for p in hull) / max(1, len(hull))
        z = max(_surface(items, (x + cx) / 2, (y + cy) / 2) for x, y in [*hull, (cx, cy)])
    x, y, _ = piece.pos
    return place(Piece(piece.id, piece.kind, piece.variant, piece.index, (x, y, z), piece.quat))


def ghosts(f: Focus, st: Stage, colors: Sequence[str]) -> tuple[Ghosts, list[str]]:
    """Where the focus's ghosts land and its numbers go; the colour names (one added for a
    ghost chest named by colour)."""
    names = list(colors)
    out: list[tuple[Placed, tuple[int, int, int]]] = []
    verdict = None
    if f.ghost is not None:
        g = f.ghost
        q = _landed(Piece("ghost", "L", max(0, g.card), 0, (g.x, g.y, 0.0), yaw_quat(g.yaw)),
                    g.z, st.items)
        out.append((q, LEGAL if g.legal else ILLEGAL))
        verdict = ((g.x, g.y, q.top + 2.0), g.legal)
    if f.rafter is not None:
        v, x, y, yaw, z = f.rafter
        out.append((_landed(Piece("ghost-r", "R", v, 0, (x, y, 0.0), yaw_quat(yaw)), z,
                            st.items), TEXT))
    if f.chest is not None:
        c, x, y, z = f.chest
        if isinstance(c, str):
            names.append(c)
            index = len(names) - 1
        else:
            index = c if isinstance(c, int) and 0 <= c < len(names) else len(names)
        out.append((_landed(Piece("ghost-c", "C", index, 0, (x, y, 0.0), (1.0, 0.0, 0.0, 0.0)),
                            z, st.items), TEXT))
    numbers = [(n, (x, y, _surface(st.items, x, y))) for n, x, y in (*f.targets, *f.spots)]
    return Ghosts(tuple(out), verdict, tuple(numbers)), names


def frame(view: Mapping[str, Any], box: tuple[int, int, int, int], f: Focus | None = None,
          st: Stage | None = None) -> RaftView:
    """The view of `box` that frames the raft, its pieces, what lies in the sea near it and
    what the focus points at."""
    st = st if st is not None else stage(view)
    pts = st.frame_points()
    if f is not None:
        g, _ = ghosts(f, st, [])
        pts += [c for q, _ in g.pieces for b in q.boxes for c in b.corners]
        pts += [p for _, p in g.numbers]
    return fit(box, pts, margin=0.05)


@lru_cache(maxsize=8)
def _sea(size: tuple[int, int], k: int) -> Image.Image:
    """The sea with its waves, `k` times larger (cached: copy before painting on it)."""
    w, h = size
    img = Image.new("RGB", (w * k, h * k), SEA)
    d = ImageDraw.Draw(img)
    step = 64.0 * k
    r = step * 0.22
    row = 0
    yy = step * 0.4
    while yy < h * k + step:
        xx = step * (0.2 + 0.5 * (row % 2))
        while xx < w * k + step:
            d.arc([xx - r, yy - r, xx + r, yy + r], 20, 160, fill=SEA_WAVE,
                  width=max(1, round(k * 1.5)))
            xx += step
        yy += step * 0.55
        row += 1
    return img


def _grid(p: Painter) -> None:
    """The raft card's 10 mm grid, its centre lines darker."""
    g = 10.0
    for i in range(-int(HALF_X // g), int(HALF_X // g) + 1):
        p.solid.line([p.pt((i * g, -HALF_Y, 0.0)), p.pt((i * g, HALF_Y, 0.0))],
                     fill=RAFT_EDGE if i == 0 else RAFT_GRID, width=p.line)
    for j in range(-int(HALF_Y // g), int(HALF_Y // g) + 1):
        p.solid.line([p.pt((-HALF_X, j * g, 0.0)), p.pt((HALF_X, j * g, 0.0))],
                     fill=RAFT_EDGE if j == 0 else RAFT_GRID, width=p.line)


def paint_stage(p: Painter, st: Stage, *, placed: frozenset[str] = frozenset(),
                pedestal: bool = True) -> None:
    """The pedestal and every staged piece, farthest first, with their shadows; the pieces
    whose ids are in `placed` outlined in gold."""
    cast = shadows(st.items) if pedestal else {}
    for pts in cast.get("sea", ()):
        p.shadow(pts)
    boxes: list[Box3] = [BODY, RAFT_CARD] if pedestal else []
    keys = ["~body", "~card"] if pedestal else []
    owners: list[Item | None] = [None, None] if pedestal else []
    for it in st.items:
        for n, b in enumerate(it.placed.boxes):
            boxes.append(b)
            keys.append(f"{it.key}#{n}")
            owners.append(it)
    left = {}
    for it in st.items:
        left[it.key] = len(it.placed.boxes)
    for i in paint_order(boxes, keys):
        it = owners[i]
        if it is None:
            if keys[i] == "~body":
                p.box(BODY, BOX_SIDE, INK_DARK)
            else:
                p.box(RAFT_CARD, RAFT, RAFT_EDGE)
                _grid(p)
                for pts in cast.get("raft", ()):
                    p.shadow(pts)
            continue
        piece = it.placed.piece
        faded = it.kind == "fallen"
        base = base_color(piece.kind, piece.variant, p.colors)
        if it.kind == "pile":
            base = shade(base, -30.0)
        seen = p.box(boxes[i], base, edge_color(piece.kind, piece.variant, p.colors),
                     faded=faded)
        if piece.kind == "L" and it.kind != "pile":
            p.lumber_face(it.placed, faded)
        elif piece.kind == "C":
            p.chest_symbols(seen, p.colors[piece.variant] if piece.variant < len(p.colors)
                            else "?", faded)
        elif piece.kind == "R" and boxes[i] is max(it.placed.boxes, key=lambda b: b.top):
            p.rafter_number(seen, piece.variant, faded)
        for pts in cast.get(keys[i], ()):
            p.shadow(pts)
        left[it.key] -= 1
        if not left[it.key] and piece.id in placed and it.kind == "raft":
            p.outline(it.placed.boxes, GOLD, width=3.0)


def _top_center(q: Placed, lift: float = 0.0) -> Vec:
    hull = q.outline
    x = sum(c[0] for c in hull) / max(1, len(hull))
    y = sum(c[1] for c in hull) / max(1, len(hull))
    return (x, y, q.top + lift)


def draw_raft(view: Mapping[str, Any], rv: RaftView, *, focus: Focus | None = None,
              colors: Sequence[str] = (), text_px: float = 12.0,
              st: Stage | None = None) -> Image.Image:
    """The area `rv.box` as a `SS` times larger RGB picture (shrink it with
    `labels.shrink_onto`)."""
    k = SS
    st = st if st is not None else stage(view)
    _, _, w, h = rv.box
    img = _sea((w, h), k).copy()
    p = Painter(img, rv, k, (rv.box[0], rv.box[1]), colors, view.get("advanced") is True,
                text_px)
    paint_stage(p, st, placed=last(view).placed)
    if st.pile_count:
        labels.text(p.draw, p.pt(st.pile_label), str(st.pile_count), text_px, k, TEXT,
                    stroke=INK_DARK)
    rafters = st.rafters()
    if st.last_rafter in rafters:
        q = rafters[st.last_rafter].placed
        p.cross(p.pt(_top_center(q)), 0.55 * text_px)
    if focus is not None:
        _focus_marks(p, focus, st, colors, text_px)
    return img


def _focus_marks(p: Painter, f: Focus, st: Stage, colors: Sequence[str],
                 text_px: float) -> None:
    g, names = ghosts(f, st, colors)
    ghost_painter = Painter(p.img, p.rv, p.k, p.origin, names, p.advanced, text_px)
    for q, color in g.pieces:
        base = base_color(q.piece.kind, q.piece.variant, names)
        for b in q.boxes:
            ghost_painter.box(b, base, color, ghost=color)
    if g.verdict is not None:
        at, legal = g.verdict
        p.verdict(p.pt(at), legal, 0.62 * text_px)
    rafters = st.rafters()
    for rid in f.take:
        if rid in rafters:
            q = rafters[rid].placed
            p.outline(q.boxes, GOLD, width=4.0)
            p.number(p.pt(_top_center(q)), str(rid + 1))
    cards = st.cards_in_sea()
    for n, card in enumerate(f.wood, 1):
        if card in cards:
            q = cards[card].placed
            p.outline(q.boxes, GOLD, width=4.0)
            p.number(p.pt(_top_center(q)), str(n))
    for n, at in g.numbers:
        p.number(p.pt(at), str(n))
