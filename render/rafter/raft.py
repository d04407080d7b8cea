"""The raft seen from above: the sea, the raft card with a 10 mm grid, every piece painted
from the lowest to the highest, the last move's pieces outlined and what it dropped faded in
the sea around the raft, the rafters and the lumber pile in the sea, the rafter that may not
be taken crossed, a 10 mm scale bar, and what a menu step points at (ghosts, numbered spots,
the rafters that may be taken)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.rafter.config import CONFIG
from engine.rafter.scene import yaw_quat
from render import kit

from .geometry import Placed, RaftView, paint_order, place
from .pieces import Painter
from .theme import (
    GOLD,
    ILLEGAL,
    INK_DARK,
    LEGAL,
    LUMBER_EDGE,
    LUMBER_TINTS,
    RAFT,
    RAFT_EDGE,
    RAFT_GRID,
    SCALE,
    SEA,
    SEA_WAVE,
    SS,
    TEXT,
)
from .view import Focus, Piece, id_list, last, pieces

HALF_X, HALF_Y = CONFIG.raft_size[0] / 2, CONFIG.raft_size[1] / 2
SPOT_RADIUS = 20.0  # px, a numbered spot's disc
_SEA_GAP = 2.0  # mm between the raft's edge and a fallen piece pushed off it


def raft_view(box: tuple[int, int, int, int], scale: float) -> RaftView:
    """The raft centred in a sea area `box` at `scale` px per mm."""
    x, y, w, h = box
    return RaftView((x + w / 2, y + h / 2), scale, box)


@lru_cache(maxsize=8)
def sea_background(rv: RaftView, k: int) -> Image.Image:
    """The sea with its waves and the raft card with its grid, `k` times larger (cached:
    copy before painting on it)."""
    _, _, w, h = rv.box
    img = Image.new("RGB", (w * k, h * k), SEA)
    d = ImageDraw.Draw(img, "RGBA")
    step = 14.0 * rv.scale * k
    r = step * 0.22
    row = 0
    yy = step * 0.4
    while yy < h * k + step:
        xx = step * (0.2 + 0.5 * (row % 2))
        while xx < w * k + step:
            d.arc([xx - r, yy - r, xx + r, yy + r], 20, 160, fill=SEA_WAVE,
                  width=max(1, round(k * 1.2)))
            xx += step
        yy += step * 0.55
        row += 1
    p = Painter(img, rv, k, (rv.box[0], rv.box[1]))
    card = [(-HALF_X, -HALF_Y), (HALF_X, -HALF_Y), (HALF_X, HALF_Y), (-HALF_X, HALF_Y)]
    s = 3.0
    d.polygon(p.poly([(x + s, y - s) for x, y in card]), fill=(0, 0, 0, 110))
    d.polygon(p.poly(card), fill=RAFT)
    g = 10.0
    for i in range(-int(HALF_X // g), int(HALF_X // g) + 1):
        a, b = p.pt(i * g, -HALF_Y), p.pt(i * g, HALF_Y)
        d.line([a, b], fill=RAFT_EDGE if i == 0 else RAFT_GRID, width=max(1, k))
    for j in range(-int(HALF_Y // g), int(HALF_Y // g) + 1):
        a, b = p.pt(-HALF_X, j * g), p.pt(HALF_X, j * g)
        d.line([a, b], fill=RAFT_EDGE if j == 0 else RAFT_GRID, width=max(1, k))
    d.polygon(p.poly(card), outline=RAFT_EDGE, width=round(2 * k))
    return img


def push_off_raft(piece: Piece) -> Piece:
    """A fallen piece that ended over the raft card (caught mid-fall at its edge) moved
    straight out past the nearest edge, so it lies in the sea around the raft."""
    hull = place(piece).hull()
    if not hull:
        return piece
    x0, x1 = min(q[0] for q in hull), max(q[0] for q in hull)
    y0, y1 = min(q[1] for q in hull), max(q[1] for q in hull)
    if x1 < -HALF_X or x0 > HALF_X or y1 < -HALF_Y or y0 > HALF_Y:
        return piece
    moves = [(HALF_X + _SEA_GAP - x0, 0.0), (-HALF_X - _SEA_GAP - x1, 0.0),
             (0.0, HALF_Y + _SEA_GAP - y0), (0.0, -HALF_Y - _SEA_GAP - y1)]
    dx, dy = min(moves, key=lambda m: (abs(m[0]) + abs(m[1]), m))
    x, y, z = piece.pos
    return Piece(piece.id, piece.kind, piece.variant, piece.index, (x + dx, y + dy, z), piece.quat)


def sea_rafter_spots(rv: RaftView, ids: Sequence[int]) -> list[Piece]:
    """The rafters in the sea, in a row in the band above the raft, left to right by id."""
    _, _, w, h = rv.box
    reach_x, reach_y = w / 2 / rv.scale, h / 2 / rv.scale
    y = (HALF_Y + reach_y) / 2
    x = -reach_x + 8.0
    out = []
    for rid in sorted(set(ids)):
        if not 0 <= rid < len(CONFIG.rafters):
            continue
        half = max(abs(part.pos[0]) + part.size[0] / 2 for part in CONFIG.rafters[rid].parts)
        x += half
        out.append(Piece(f"R{rid}", "R", rid, 0, (x, y, 0.0), (1.0, 0.0, 0.0, 0.0)))
        x += half + 7.0
    return out


def _lumber_pile(p: Painter, count: int) -> None:
    """The face-down lumber cards left in the sea: a little stack and their number."""
    rv = p.rv
    _, _, w, h = rv.box
    reach_x, reach_y = w / 2 / rv.scale, h / 2 / rv.scale
    cx, cy = -reach_x + 16.0, -(HALF_Y + reach_y) / 2
    for i in range(3):
        o = 1.2 * (2 - i)
        pts = [(cx - 12 + o, cy - 3 - o), (cx + 12 + o, cy - 3 - o), (cx + 12 + o, cy + 3 - o),
               (cx - 12 + o, cy + 3 - o)]
        p.draw.polygon(p.poly(pts), fill=LUMBER_TINTS[i], outline=LUMBER_EDGE,
                       width=max(1, round(p.k * 1.5)))
    x, y = p.pt(cx + 15, cy)
    kit.draw_text(p.draw, (x, y), str(count), kit.font(round(4.4 * p.mm), "black"), TEXT, "lm")


def _scale_bar(p: Painter) -> None:
    """A 10 mm bar with end ticks and its length, bottom right."""
    rv = p.rv
    _, _, w, h = rv.box
    reach_x, reach_y = w / 2 / rv.scale, h / 2 / rv.scale
    x1, y = reach_x - 6.0, -reach_y + 5.0
    a, b = p.pt(x1 - 10.0, y), p.pt(x1, y)
    t = 1.6 * p.mm
    wd = max(2, round(3 * p.k))
    for color, extra in ((INK_DARK, round(2 * p.k)), (SCALE, 0)):
        p.draw.line([a, b], fill=color, width=wd + extra)
        p.draw.line([(a[0], a[1] - t), (a[0], a[1] + t)], fill=color, width=wd + extra)
        p.draw.line([(b[0], b[1] - t), (b[0], b[1] + t)], fill=color, width=wd + extra)
    kit.draw_text(p.draw, ((a[0] + b[0]) / 2, a[1] - t - 2 * p.k), "10",
                  kit.font(round(3.6 * p.mm), "bold"), SCALE, "mb")


def _check(p: Painter, at: tuple[float, float], legal: bool, r: float) -> None:
    """A tick (legal) or a cross (not legal) on a disc: the ghost's verdict without colour."""
    x, y = at
    r *= p.k
    p.draw.ellipse([x - r, y - r, x + r, y + r], fill=(LEGAL if legal else ILLEGAL) + (230,),
                   outline=INK_DARK, width=max(1, round(2 * p.k)))
    w = max(2, round(r / 4))
    if legal:
        p.draw.line([(x - 0.5 * r, y), (x - 0.12 * r, y + 0.4 * r), (x + 0.5 * r, y - 0.4 * r)],
                    fill=INK_DARK, width=w, joint="curve")
    else:
        h = 0.42 * r
        p.draw.line([(x - h, y - h), (x + h, y + h)], fill=INK_DARK, width=w)
        p.draw.line([(x - h, y + h), (x + h, y - h)], fill=INK_DARK, width=w)


def _raft_pieces(view: Mapping[str, Any]) -> list[Placed]:
    return [place(q) for q in pieces(view.get("pieces"))]


def draw_raft(view: Mapping[str, Any], rv: RaftView, *, focus: Focus | None = None,
              colors: Sequence[str] = ()) -> Image.Image:
    """The sea area of `rv.box` as a 1x RGB picture."""
    k = SS
    img = sea_background(rv, k).copy()
    p = Painter(img, rv, k, (rv.box[0], rv.box[1]), colors, view.get("advanced") is True)
    lst = last(view)
    on_raft = paint_order(_raft_pieces(view))
    raft_ids = {q.piece.id for q in on_raft}
    fallen = paint_order([place(push_off_raft(q)) for q in lst.fallen
                          if q.id not in raft_ids])
    for q in fallen:
        p.piece(q, faded=True)
    sea_ids = [r for r in id_list(view.get("sea_rafters")) if f"R{r}" not in raft_ids]
    sea = [place(q) for q in sea_rafter_spots(rv, sea_ids)]
    for q in sea:
        p.shadow(q)
        p.piece(q)
    _lumber_pile(p, max(0, kit.as_int(view.get("sea_lumber"))))
    _scale_bar(p)
    for q in on_raft:
        p.shadow(q)
        p.piece(q)
    for q in on_raft:
        if q.piece.id in lst.placed:
            p.outline(q, GOLD, width=3.0)
    rafters = {q.piece.variant: q for q in on_raft + sea if q.piece.kind == "R"}
    forbidden = view.get("last_rafter")
    if isinstance(forbidden, int) and not isinstance(forbidden, bool) and forbidden in rafters:
        p.cross(p.center(rafters[forbidden]), 13.0)
    if focus is not None:
        _focus_marks(p, focus, rafters, colors)
    return img.reduce(k)


def _focus_marks(p: Painter, f: Focus, rafters: Mapping[int, Placed],
                 colors: Sequence[str]) -> None:
    if f.ghost is not None:
        g = f.ghost
        ghost = place(Piece("ghost", "L", max(0, g.card), 0, (g.x, g.y, 0.0), yaw_quat(g.yaw)))
        p.piece(ghost, ghost=LEGAL if g.legal else ILLEGAL)
        _check(p, p.center(ghost), g.legal, 18.0)
    if f.rafter is not None:
        v, x, y, yaw = f.rafter
        p.piece(place(Piece("ghost-r", "R", v, 0, (x, y, 0.0), yaw_quat(yaw))), ghost=TEXT)
    if f.chest is not None:
        c, x, y = f.chest
        names = list(colors)
        if isinstance(c, str):
            names.append(c)
            index = len(names) - 1
        else:
            index = kit.as_int(c, -1)
            index = index if 0 <= index < len(names) else len(names)
        q = place(Piece("ghost-c", "C", index, 0, (x, y, 0.0), (1.0, 0.0, 0.0, 0.0)))
        Painter(p.img, p.rv, p.k, p.origin, names).piece(q, ghost=TEXT)
    for rid in f.take:
        if rid in rafters:
            p.outline(rafters[rid], GOLD, width=4.0)
            p.number(p.center(rafters[rid]), str(rid + 1), 20.0)
    for n, x, y in f.spots:
        p.number(p.pt(x, y), str(n), SPOT_RADIUS)
