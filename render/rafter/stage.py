"""What the ¾ view shows of a view, in space: the pedestal (the upturned box and the raft card
on it), the pieces on the raft, what the last move dropped where it came to lie, the
rafters in the sea in a row in front of the box, the face-down lumber pile right of it,
the face-up sea lumber left of it; which surface each piece's shadow falls on; and the
points any picture of it must frame."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine_data import CONFIG, raft_top_mm, yaw_quat
from .geometry import Box3, Placed, Pt, Vec, convex_hull, place
from .view import Piece, id_list, last, pieces

HALF_X, HALF_Y = CONFIG.raft_size[0] / 2, CONFIG.raft_size[1] / 2
SEA_Z = -raft_top_mm(CONFIG)
CARD = CONFIG.raft_size[2]
SHADOW_PER_MM: Pt = (0.45, 0.22)  # how far a shadow moves (x, y) per mm of height
_REACH = 70.0  # fallen pieces farther than this past the box are drawn this far out
_SIDE_GAP = 7.0  # between the box and the rows beside it


def box3(center: Vec, half: Vec) -> Box3:
    """A level box by its centre and half sizes."""
    axes = ((half[0], 0.0, 0.0), (0.0, half[1], 0.0), (0.0, 0.0, half[2]))
    corners = tuple((center[0] + sx * half[0], center[1] + sy * half[1], center[2] + sz * half[2])
                    for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1))
    return Box3(center, axes, corners)  # type: ignore[arg-type]


BODY = box3((0.0, 0.0, (SEA_Z - CARD) / 2), (HALF_X, HALF_Y, (-CARD - SEA_Z) / 2))
RAFT_CARD = box3((0.0, 0.0, -CARD / 2), (HALF_X, HALF_Y, CARD / 2))


@dataclass(frozen=True)
class Item:
    """A piece as staged: `kind` "raft" (on the raft), "fallen" (dropped by the last move,
    drawn faded), "sea" (a rafter or face-up card in the sea), "pile" (a face-down card)."""

    placed: Placed
    kind: str = "raft"

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.placed.piece.id}"


@dataclass
class Stage:
    items: list[Item] = field(default_factory=list)
    pile_count: int = 0
    pile_label: Vec = (0.0, 0.0, 0.0)
    last_rafter: int | None = None

    def rafters(self) -> dict[int, Item]:
        """The rafters shown (on the raft or in the sea), by id."""
        return {i.placed.piece.variant: i for i in self.items
                if i.placed.piece.kind == "R" and i.kind != "pile"}

    def cards_in_sea(self) -> dict[int, Item]:
        """The face-up sea cards shown, by card id."""
        return {i.placed.piece.variant: i for i in self.items
                if i.kind == "sea" and i.placed.piece.kind == "L"}

    def frame_points(self) -> list[Vec]:
        """Every point a picture of this stage must show."""
        pts: list[Vec] = list(BODY.corners)
        for item in self.items:
            pts.extend(c for b in item.placed.boxes for c in b.corners)
        if self.pile_count:
            pts.append(self.pile_label)
        return pts


def _sea_rafters(ids: Iterable[int]) -> list[Piece]:
    """The rafters in the sea in a row in front of the box, from the left by id."""
    out = []
    x = -HALF_X + 2.0
    for rid in sorted(set(ids)):
        if not 0 <= rid < len(CONFIG.rafters):
            continue
        parts = CONFIG.rafters[rid].parts
        half_x = max(abs(p.pos[0]) + p.size[0] / 2 for p in parts)
        half_y = max(p.size[1] / 2 for p in parts)
        x += half_x
        out.append(Piece(f"R{rid}", "R", rid, 0, (x, -HALF_Y - _SIDE_GAP - half_y, SEA_Z),
                         (1.0, 0.0, 0.0, 0.0)))
        x += half_x + 9.0
    return out


def _pile(count: int) -> tuple[list[Piece], Vec]:
    """The face-down lumber pile right of the box (a stack of up to three cards, turned to
    run front to back) and where its count goes (on top of its near end, clear of the raft)."""
    w = CONFIG.lumber.size[1]
    x = HALF_X + _SIDE_GAP + w / 2
    t = CONFIG.lumber.sim_thickness
    flip = (0.0, math.sqrt(0.5), math.sqrt(0.5), 0.0)  # a quarter turn about z, turned over
    cards = [Piece(f"pile{i}", "L", 0, 0, (x + 0.8 * i, -1.2 * i, SEA_Z + (i + 1) * t), flip)
             for i in range(min(3, count))]
    return cards, (x + 1.6, -CONFIG.lumber.size[0] / 2 + 14.0, SEA_Z + 3 * t)


def _sea_wood(ids: Sequence[int]) -> list[Piece]:
    """Face-up sea cards left of the box, side by side, running front to back (the picture
    is wider than deep, so they go sideways)."""
    width = CONFIG.lumber.size[1]
    out = []
    for n, card in enumerate(ids):
        x = -HALF_X - _SIDE_GAP - width / 2 - (width + 6.0) * n
        out.append(Piece(f"L{card}", "L", card, 0, (x, 0.0, SEA_Z), yaw_quat(90.0)))
    return out


def near_raft(piece: Piece) -> Piece:
    """A piece that slid far away pulled back to `_REACH` past the box, so the picture
    stays on the raft."""
    x, y, z = piece.pos
    dx = max(0.0, abs(x) - HALF_X - _REACH) * math.copysign(1.0, x)
    dy = max(0.0, abs(y) - HALF_Y - _REACH) * math.copysign(1.0, y)
    if not dx and not dy:
        return piece
    return Piece(piece.id, piece.kind, piece.variant, piece.index, (x - dx, y - dy, z),
                 piece.quat)


def stage(view: Mapping[str, Any], raft_pieces: Sequence[Piece] | None = None) -> Stage:
    """The stage of a view (`raft_pieces`: these instead of the view's, e.g. a frame)."""
    on = list(pieces(view.get("pieces")) if raft_pieces is None else raft_pieces)
    shown = {p.id for p in on}
    items = [Item(place(p)) for p in on]
    sea_rafters = [r for r in id_list(view.get("sea_rafters")) if f"R{r}" not in shown]
    sea_wood = [c for c in id_list(view.get("sea_wood")) if f"L{c}" not in shown]
    if raft_pieces is None:
        for p in last(view).fallen:
            if p.id in shown:
                continue
            q = near_raft(p)
            sea = (p.kind == "R" and p.variant in sea_rafters) or \
                (p.kind == "L" and p.variant in sea_wood)
            items.append(Item(place(q), "sea" if sea else "fallen"))
            shown.add(p.id)
    items += [Item(place(p), "sea") for p in _sea_rafters(r for r in sea_rafters
                                                         if f"R{r}" not in shown)]
    items += [Item(place(p), "sea") for p in
              _sea_wood([c for c in dict.fromkeys(sea_wood) if f"L{c}" not in shown])]
    count = max(0, _int(view.get("sea_lumber")))
    cards, label = _pile(count)
    items += [Item(place(p), "pile") for p in cards]
    forbidden = view.get("last_rafter")
    return Stage(items, count, label, forbidden if isinstance(forbidden, int)
                 and not isinstance(forbidden, bool) else None)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# ---------------------------------------------------------------------------
# Shadows

def _clip(poly: Sequence[Pt], window: Sequence[Pt]) -> list[Pt]:
    """`poly` cut to the convex counter-clockwise `window` (Sutherland-Hodgman)."""
    out = list(poly)
    for i in range(len(window)):
        if not out:
            break
        (ax, ay), (bx, by) = window[i], window[(i + 1) % len(window)]
        sides = [(bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) for p in out]
        src, out = out, []
        for j in range(len(src)):
            p, q = src[j], src[(j + 1) % len(src)]
            sp, sq = sides[j], sides[(j + 1) % len(src)]
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


RAFT_RECT: list[Pt] = [(-HALF_X, -HALF_Y), (HALF_X, -HALF_Y), (HALF_X, HALF_Y), (-HALF_X, HALF_Y)]


def _xy_box(b: Box3) -> tuple[float, float, float, float, float]:
    xs, ys = [c[0] for c in b.corners], [c[1] for c in b.corners]
    return min(xs), min(ys), max(xs), max(ys), b.top


def shadows(items: Sequence[Item]) -> dict[str, list[list[Vec]]]:
    """The shadow polygons (raft points) each surface receives: by receiver key, "raft"
    (the raft card), "sea", or "<item key>#<box>" (a box's top)."""
    out: dict[str, list[list[Vec]]] = {}
    boxes = [(f"{it.key}#{n}", it, b, _xy_box(b)) for it in items
             for n, b in enumerate(it.placed.boxes)]
    for item in items:
        corners = [c for b in item.placed.boxes for c in b.corners]
        bottom = min(c[2] for c in corners)
        hull = item.placed.outline
        x = sum(p[0] for p in hull) / max(1, len(hull))
        y = sum(p[1] for p in hull) / max(1, len(hull))
        key, h, receiver = "sea", SEA_Z, None
        if abs(x) <= HALF_X and abs(y) <= HALF_Y and bottom > -1.0:
            key, h = "raft", 0.0
        for bkey, other, b, (x0, y0, x1, y1, z1) in boxes:
            if other is item or z1 <= h or not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            top = b.ray_top(x, y)
            if top is not None and h < top <= bottom + 0.8:
                key, h, receiver = bkey, top, b
        if bottom - h < 0.05:
            continue
        flat = convex_hull([(c[0] + SHADOW_PER_MM[0] * (c[2] - h),
                             c[1] + SHADOW_PER_MM[1] * (c[2] - h)) for c in corners])
        if key == "raft":
            flat = _clip(flat, RAFT_RECT)
        elif receiver is not None:
            flat = _clip(flat, convex_hull(receiver.top_face()))
        if len(flat) < 3:
            continue
        pts = []
        for px, py in flat:
            z = receiver.ray_top(px, py) if receiver is not None else None
            pts.append((px, py, (h if z is None else z) + 0.05))
        out.setdefault(key, []).append(pts)
    return out
