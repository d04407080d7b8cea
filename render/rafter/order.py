"""The order to paint boxes in (a painter's algorithm for the ¾ view): wherever two boxes
overlap in the picture, the one nearer the eye is painted later.

Which of two boxes is nearer is decided by a plane between them (the separating axis test of
two oriented boxes): the box on the eye's side of that plane is in front, wherever their
pictures overlap. Boxes the simulation left slightly interpenetrating still have such a
plane within `_TOUCH_MM`; deeper overlaps fall back to the distance of their centres. The
answer depends only on the two boxes (the eye never moves), so it is cached: the panel after
the board, and the animation's still pieces, cost it once.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import lru_cache

from .camera import EYE, depth, normalized
from .geometry import Box3, Pt, convex_hull

_TOUCH_MM = 0.6


def _unit(v: Sequence[float]) -> tuple[float, float, float] | None:
    n = math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
    return None if n < 1e-9 else (v[0] / n, v[1] / n, v[2] / n)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def nearer(a: Box3, b: Box3) -> int:
    """1 if `b` is in front of `a` (paint it later), -1 if `a` is, 0 if no plane tells."""
    axes = [u for u in (_unit(v) for v in (*a.axes, *b.axes)) if u is not None]
    for u in a.axes:
        for v in b.axes:
            c = _unit((u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                       u[0] * v[1] - u[1] * v[0]))
            if c is not None:
                axes.append(c)
    best: tuple[float, float, int] | None = None  # gap, plane position times sign, sign
    best_n: tuple[float, float, float] = (0.0, 0.0, 1.0)
    for n in axes:
        ca, cb = _dot(a.center, n), _dot(b.center, n)
        ra = sum(abs(_dot(h, n)) for h in a.axes)
        rb = sum(abs(_dot(h, n)) for h in b.axes)
        up = (cb - rb) - (ca + ra)  # b beyond a along n
        down = (ca - ra) - (cb + rb)  # a beyond b along n
        if best is None or up > best[0]:
            best, best_n = (up, ((ca + ra) + (cb - rb)) / 2, 1), n
        if down > best[0]:
            best, best_n = (down, ((ca - ra) + (cb + rb)) / 2, -1), n
    if best is None or best[0] < -_TOUCH_MM:
        return 0
    eye_side = _dot(EYE, best_n) - best[1]
    # sign 1: b lies on the +n side of the plane; it is nearer when the eye is there too
    return 1 if (eye_side > 0) == (best[2] > 0) else -1


def _separate(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    """Whether two convex counter-clockwise polygons are apart (an edge separates them)."""
    for poly, other in ((p, q), (q, p)):
        for i in range(len(poly)):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
            ex, ey = bx - ax, by - ay
            if all(ex * (y - ay) - ey * (x - ax) <= 1e-12 for x, y in other):
                return True
    return False


@lru_cache(maxsize=1 << 14)
def outline(box: Box3) -> tuple[Pt, ...]:
    """The box's silhouette on the unit image plane (convex, counter-clockwise)."""
    return tuple(convex_hull([normalized(*c)[:2] for c in box.corners]))


@lru_cache(maxsize=1 << 15)
def _relation(a: Box3, b: Box3) -> int:
    """`nearer(a, b)` where their pictures overlap, 0 where they do not."""
    ha, hb = outline(a), outline(b)
    if len(ha) < 3 or len(hb) < 3 or _separate(ha, hb):
        return 0
    return nearer(a, b)


def paint_order(boxes: Sequence[Box3], keys: Sequence[str]) -> list[int]:
    """Indices of `boxes`, farthest first, each after every box it may hide. Where boxes
    overlap without a separating plane (or in a cycle) the farther centre goes first; ties
    go by `keys`, so the same boxes always give the same order."""
    n = len(boxes)
    hulls = [outline(b) for b in boxes]
    bbox = [(min(p[0] for p in h), min(p[1] for p in h), max(p[0] for p in h),
             max(p[1] for p in h)) if h else (0.0, 0.0, 0.0, 0.0) for h in hulls]
    after: list[list[int]] = [[] for _ in range(n)]
    waiting = [0] * n
    for i in range(n):
        bi = bbox[i]
        for j in range(i + 1, n):
            bj = bbox[j]
            if bi[2] <= bj[0] or bj[2] <= bi[0] or bi[3] <= bj[1] or bj[3] <= bi[1]:
                continue
            sign = _relation(boxes[i], boxes[j])
            if sign == 0:
                continue
            first, later = (i, j) if sign > 0 else (j, i)
            after[first].append(later)
            waiting[later] += 1
    far = [(-depth(b.center), keys[i], i) for i, b in enumerate(boxes)]
    heap = [far[i] for i in range(n) if waiting[i] == 0]
    heapq.heapify(heap)
    done = [False] * n
    order: list[int] = []
    while len(order) < n:
        if not heap:  # a cycle: the farthest box left goes first
            heap.append(min(far[i] for i in range(n) if not done[i]))
        i = heapq.heappop(heap)[2]
        if done[i]:
            continue
        done[i] = True
        order.append(i)
        for k in after[i]:
            waiting[k] -= 1
            if waiting[k] == 0 and not done[k]:
                heapq.heappush(heap, far[k])
    return order
