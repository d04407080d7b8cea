"""The raft's rigid-body simulation (MuJoCo): drop pieces, lift a rafter, settle, sort.

Every function is pure: a `Scene` in, a `Settled` out. A run compiles a model from the scene
(all bodies at rest), steps it with a fixed timestep and a deterministic stopping rule, then
reads the poses back rounded. Identical scene, placements, seed and configuration therefore
give identical results, and a stored scene is exactly what the next run starts from.

Only the pieces a step can disturb move (`locality`): the others are static. The moment
motion reaches a static piece, that piece (and what rests on it) is set free and a model
with it free takes the motion over from there (`_Frontier`; at most `MAX_ROUNDS` times).
The other way round, pieces that have been still for a while and touch nothing moving are
held still where they are (`FREEZE_*`): a long settle is mostly a few pieces sliding or
falling while the rest of the column waits, and the solver's cost grows steeply with the
pieces free. A held piece that motion reaches again is set free again (even once the
widenings are used up). And before the raft is stored, the pieces held still come free again
for a moment (`RECHECK_S`): one that speeds up (it tips, slides, or lost what held it up)
rather than slowing down (easing into its contacts) sends the settle on.

Stopping rule: a settle ends once every free piece has been still for `still_windows`
windows of `still_window_s` in a row: its mean position over a window (at its centre of mass
and at its ends) differs from the previous window's by less than `still_mm_per_s` would
carry it; or, for a piece that jitters on a narrow footing, once its mean over the last
`DRIFT_WINDOWS` windows has drifted from the mean over the ones before by less than
`DRIFT_SHARE` of that speed; never before `min_settle_s` (a piece just starting to tip is
barely moving), and not past `max_settle_s` (a latency bound: MuJoCo's soft contacts let
some propped pieces creep), unless the settle stores the raft and a piece still moves faster
than the still speed: then it goes on while one does, `overtime_s` at most. Means over
windows, not speeds at a step: the solver's contact jitter averages out, a slow slide does
not. (MuJoCo's own sleeping judges speed over a few steps, and froze leaning cards
mid-slide.) A piece gone overboard stops counting once it has had time to land: it has
fallen, and its tumbling on the table holds nothing up. Whether the stored raft really is at
rest is checked by `rest` (every piece free, no stopping rule).

A slow tip: with the overdamped contacts (`solref_dampratio` 2) a group that has begun to tip
can creep slower than `still_mm_per_s` for seconds (in a seed-5 game a card levered over the
edge with a rafter and a chest on it fell 2.2 s after the build that stored it,
`bench.rafter_fall_left`). What kept the settle from seeing it was the locality, not the
contacts: the card was set free with its load held still (riders were taken two layers up
only), and a piece held still weighs nothing and pins what is under it; then the whole group,
still by 2 mm/s, was held still, and the recheck judged it by 10 mm/s while it tipped at
4 mm/s. Now a piece set free carries everything resting on it (`locality.Contacts.with_riders`),
the recheck judges by the still speed, and after the last recheck nothing is held still.
Retuning the contacts instead (dampratio 1 or 1.25, solimp 0.99) made that build finish the
fall too, but left falls and more pieces creeping over 2 mm in whole games.

A creep: a settle with every piece free stopped with a chest creeping at 0.9 mm/s, under the
still speed, bridging two cards while one slid out from under it at 0.4 mm/s; it fell a
second later (4 players, seed 11, move 71 of `bench.rafter_rest`, a take on 44 pieces). So a
settle whose end stores the raft (no recheck follows) does not stop while a piece creeps
without slowing down (`CREEP_SHARE`, `CREEP_KEEP`); a piece easing into its contacts slows
down and does not hold it up. After the last recheck pieces may be held still again, but
only those at rest by that measure, apart from everything that moves (before, nothing was
held then, and every piece the step had set free ran to the end). At rest means slower than
half the creep speed: with the creep speed itself (0.5 mm/s), 38 recorded moves on 40+
pieces took a third less process time (p95 12.5 -> 4.5 s; the same pieces fell, no fall
left, 36 rafts moving over 2 mm in 2 s instead of 38), but that take held C1.1 still and
dropped nothing.

A settle cut short: taking a rafter from a 69-piece raft set 66 pieces free, and the settle
that stored the raft (rechecked twice, so every piece free) ran into `max_settle_s` with a
card sliding at 10 mm/s; left free, the stored raft dropped a rafter and two chests within
2 s (2 players, seed 11, move 118 of `bench.rafter_rest`). Hence the overtime: the move
now runs 8.8 s of simulated time in all (2.5 s of it overtime) and drops them itself.

A piece has *fallen* when it went overboard, or its centre of mass ends below the raft
card's top surface, except a lumber card that leans on the raft (the raft card, the box or
what is on the raft) and does not reach the table: the rulebook keeps it as part of the raft
(`falls.fallen_ids`). Fallen pieces leave the returned scene, and what they still touched
settles again without them (`_after_removal`): players take what fell off the table.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import mujoco
import numpy as np

from .config import CONFIG, RafterConfig
from .falls import fallen_ids
from .locality import SINK_MM, STILL_DEG, STILL_MM, Contacts, column
from .mjcf import MM, OVERBOARD_BITS, piece_parts, raft_top_mm, scene_xml
from .probe import BOX, RAFT, SEA, RaftProbe, footprint_points, probe_for
from .scene import LUMBER, Piece, Pose, Scene, yaw_quat
from .tremor import lift_drift, perturb, rng_for

_FAR_AWAY_M = 1.0  # where a lifted piece is taken once the hand has raised it
_LANDING_S = 0.25  # a piece gone overboard reaches the table and stops tumbling within this
DRIFT_WINDOWS = 4
DRIFT_SHARE = 0.5
"""A piece rocking on two points of contact moves its window means back and forth; over
`DRIFT_WINDOWS` windows it is still if it drifts slower than `DRIFT_SHARE` of the limit."""
FREEZE_AFTER_S = 0.1
FREEZE_CALM_WINDOWS = 2
"""A settle this long may hold still the pieces still for `FREEZE_CALM_WINDOWS` windows
(`_Model.settle`)..."""
FREEZE_AT_LEAST = 3
"""... when at least this many (and a quarter of the free ones) are."""
CREEP_SHARE = 0.25
CREEP_KEEP = 0.8
"""A piece still by the still speed that creeps faster than `CREEP_SHARE` of it is not still
while it keeps `CREEP_KEEP` of its speed from one `DRIFT_WINDOWS` span to the next: a piece
easing into its contacts slows down, one sliding off what holds it does not (4 players,
seed 11, move 71: a card slid at 0.4 mm/s from under a chest bridging it and another card,
the settle stopped with the chest creeping at 0.9 mm/s, and it fell a second later)."""
MAX_FREEZES = 4
MAX_ROUNDS = 6
"""Times a step sets more pieces free (then the pieces never free stay static, whatever
reaches them; those held still for a while still come free again)."""
RECHECK_S = 0.1
"""Once a settle that held pieces still has ended, they all come free again, from where they
are, for this long: one held still a moment before it tipped, or left where what held it up
went away, moves within it (and the settle goes on, with the pieces the recheck found at
rest, apart from what moves, held still again at once: only what moved needs the time, and
freeing the whole column again for the usual 0.1 s before holding cost as much as the
recheck). Only then is the raft stored."""
MAX_RECHECKS = 2
"""Rechecks at most (after each that found motion, pieces may be held still `MAX_FREEZES`
more times, except after the last: what follows it settles with every piece free, as
nothing would recheck a piece held still then)."""


@dataclass(frozen=True)
class Placement:
    """A piece to put down: aimed at (x, y) mm in the raft frame with heading `yaw_deg`.
    `z` is the height of its bottom; None lets it be dropped onto whatever is below."""

    kind: str
    variant: int
    x: float
    y: float
    yaw_deg: float = 0.0
    index: int = 0
    z: float | None = None


@dataclass(frozen=True)
class Settled:
    """The result of one simulated step.

    * `scene`: the pieces still on the raft, at rest (poses rounded);
    * `fallen`: the pieces in the sea, where they came to lie;
    * `placed`: the pieces as they were let go (after the tremor), before settling;
    * `steps`: simulation steps (lift and settle);
    * `frames`: every piece's pose every `record_every` steps, from the
      first step until everything is still, if asked;
    * `free`: how many pieces were set free at some point; `runs`: how many models it
      took (a first one, then one each time pieces were set free or held still).
    """

    scene: Scene
    fallen: tuple[Piece, ...]
    placed: tuple[Piece, ...]
    steps: int
    frames: tuple[Scene, ...] = ()
    free: int = 0
    runs: int = 1

    @property
    def fallen_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.fallen)


def frames_every(per_second: float, config: RafterConfig = CONFIG) -> int:
    """The `record_every` that records about `per_second` frames per simulated second."""
    return max(1, round(1 / (per_second * config.simulation.timestep_s)))


def _dof_address(model: mujoco.MjModel, body: int) -> int:
    """Where a free body's six speeds start in `qvel`."""
    return int(model.jnt_dofadr[model.body_jntadr[body]])


class _Model:
    """One compiled scene: the MuJoCo model, its data, the piece ↔ body bookkeeping and the
    frames recorded so far. `free` names the pieces that may move (None: all). `carry` is
    an earlier model of the same step with fewer pieces free: its free pieces, the hand and
    the frames go on from where it stopped, the newly free pieces start at rest."""

    def __init__(self, scene: Scene, config: RafterConfig, *, held: str | None = None,
                 free: Collection[str] | None = None, record_every: int = 0,
                 carry: _Model | None = None) -> None:
        self.config = config
        self.scene = scene
        self.held = held
        self.top = raft_top_mm(config)
        self.model = mujoco.MjModel.from_xml_string(scene_xml(scene, config, held=held, free=free))
        self.data = mujoco.MjData(self.model)
        self.bodies = {p.id: self.model.body(p.id).id for p in scene.pieces}
        self.record_every = record_every
        self.frames: list[Scene] = []
        self.steps = 0
        self.overboard: set[str] = set()  # pieces gone into the sea: they touch only the base
        self._free = [(p, int(self.model.jnt_qposadr[self.model.body_jntadr[self.bodies[p.id]]]))
                      for p in scene.pieces
                      if p.id != held and (free is None or p.id in free)]
        self._free_bodies = np.array([self.bodies[p.id] for p, _ in self._free], dtype=int)
        self._sunk_at = np.full(len(self._free), -1)  # the step each free piece went overboard
        self.settle_from: int | None = None  # the step the settle began
        self.ever_free = {p.id for p, _ in self._free}  # by this model or those before it
        self.handover: tuple[list[str], np.ndarray, np.ndarray, list[np.ndarray]] | None = None
        """How a settle that stopped to hold pieces still judged the free pieces so far."""
        if carry is not None:
            self._carry_on(carry)
        mujoco.mj_forward(self.model, self.data)

    def _carry_on(self, old: _Model) -> None:
        """Take over `old`'s motion: poses and speeds of its free pieces, the hand's body,
        the pieces gone overboard, the step count and the frames."""
        free = {p.id: (qadr, body) for (p, qadr), body in zip(self._free, self._free_bodies)}
        for (piece, old_qadr), old_body in zip(old._free, old._free_bodies):
            if piece.id not in free:  # held still from now on, where it is
                continue
            qadr, body = free[piece.id]
            dadr, old_dadr = _dof_address(self.model, body), _dof_address(old.model, old_body)
            self.data.qpos[qadr:qadr + 7] = old.data.qpos[old_qadr:old_qadr + 7]
            self.data.qvel[dadr:dadr + 6] = old.data.qvel[old_dadr:old_dadr + 6]
        self.data.mocap_pos[:] = old.data.mocap_pos
        self.data.mocap_quat[:] = old.data.mocap_quat
        self.data.time = old.data.time
        sunk = {p.id: at for (p, _), at in zip(old._free, old._sunk_at) if at >= 0}
        for i, (piece, _) in enumerate(self._free):
            if piece.id in sunk:
                self._sink(i, sunk[piece.id])
        self.steps, self.frames, self.settle_from = old.steps, old.frames, old.settle_from
        self.overboard |= old.overboard
        self.handover = old.handover
        self.ever_free |= old.ever_free

    def step(self, n: int = 1) -> None:
        """`n` steps in one call into MuJoCo (split where a frame is due)."""
        while n > 0:
            chunk = n
            if self.record_every:
                chunk = min(n, self.record_every - self.steps % self.record_every)
            mujoco.mj_step(self.model, self.data, chunk)
            self.steps += chunk
            n -= chunk
            if self.record_every and self.steps % self.record_every == 0:
                self.frames.append(Scene(self.poses()))

    def _clear_overboard(self) -> None:
        """Pieces sunk well below the raft top cannot come back: from now on they touch only
        the base and the table (vectorised: this runs every few steps)."""
        if not self._free:
            return
        floor = (self.top - self.config.simulation.overboard_mm) * MM
        sunk = self.data.xipos[self._free_bodies, 2] < floor
        for i in np.flatnonzero(sunk & (self._sunk_at < 0)):
            self._sink(i, self.steps)

    def _sink(self, i: int, at_step: int) -> None:
        """The `i`th free piece went overboard at `at_step`."""
        body = self._free_bodies[i]
        self.overboard.add(self._free[i][0].id)
        self._sunk_at[i] = at_step
        geoms = slice(self.model.body_geomadr[body],
                      self.model.body_geomadr[body] + self.model.body_geomnum[body])
        self.model.geom_contype[geoms], self.model.geom_conaffinity[geoms] = OVERBOARD_BITS

    def settle(self, frontier: _Frontier | None = None, *,
               may_freeze: bool = False, only_at_rest: bool = False) -> tuple[set[str], set[str]]:
        """Step until every free piece is still (see the module's docstring); returns
        (reached, frozen), both empty once the pieces are still. With a `frontier`, stop
        early once moving pieces reach static ones and return those as `reached` (the caller
        sets them free and goes on). With `may_freeze`, stop once enough free pieces have
        been still for a while, touching nothing that moves, and return them as `frozen`
        (the caller holds them still where they are and goes on: a long settle is usually
        a few pieces sliding or falling, with the rest long at rest)."""
        sim = self.config.simulation
        dt = self.model.opt.timestep
        window = max(1, round(sim.still_window_s / dt))
        every = math.gcd(window, max(1, sim.check_every_steps))  # samples a window evenly
        if self.settle_from is None:
            self.settle_from = self.steps  # the hand's lift does not count
        # a settle whose end stores the raft (no recheck follows) does not stop on a creep
        final = only_at_rest or not (self.ever_free - {p.id for p, _ in self._free}
                                     - self.overboard)
        n_min = self.settle_from + math.ceil(sim.min_settle_s / dt)
        n_max = self.settle_from + math.ceil(sim.max_settle_s / dt)
        n_over = n_max + (math.ceil(sim.overtime_s / dt) if final else 0)
        n_end = n_over  # past n_max only while a window saw a piece move faster than the
        # still speed (a model taking over in overtime, with more pieces free, judges anew)
        reach = self._reach()
        limit = sim.still_mm_per_s * MM * window * dt
        landing = math.ceil(_LANDING_S / dt)
        n_freeze = math.ceil(FREEZE_AFTER_S / dt)
        total = np.zeros_like(self._marks(reach))
        last: np.ndarray | None = None
        history: list[np.ndarray] = []
        calm = np.zeros(len(self._free), dtype=int)
        if self.handover is not None:  # the pieces still free go on being judged as they were
            ids, calm_was, last_was, history_was = self.handover
            index = [ids.index(piece.id) for piece, _ in self._free]
            calm, last, history = calm_was[index], last_was[index], [h[index] for h in history_was]
            self.handover = None
        n = 0
        while self.steps < n_end:
            n += every
            self.step(every)
            self._clear_overboard()
            if frontier is not None:
                reached = frontier.reached(self)
                if reached:
                    return reached, set()
            total += self._marks(reach)
            if n % window:
                continue
            mean, total = total / (window // every), np.zeros_like(total)
            # a piece in the sea has fallen, whatever it does there: once it has had time to
            # land, its tumbling no longer holds the step up
            watched = (self._sunk_at < 0) | (self.steps - self._sunk_at < landing)
            if last is not None:
                calm = np.where(np.abs(mean - last).max(axis=(1, 2)) < limit, calm + 1, 0)
            last = mean
            history = [*history[-2 * DRIFT_WINDOWS:], mean]  # what the drift and creep rules need
            quiet = calm >= sim.still_windows
            span = DRIFT_WINDOWS
            rocking = np.zeros_like(quiet)
            if len(history) >= 2 * span:
                drift = np.abs(sum(history[-span:]) - sum(history[-2 * span:-span])) / span
                rocking = drift.max(axis=(1, 2)) < limit * span * DRIFT_SHARE
                quiet |= rocking
            n_end = n_over if ((calm == 0) & ~rocking)[watched].any() else n_max
            creeping, recent = _creeping(history, limit * CREEP_SHARE)
            if final:
                quiet &= ~creeping
            if self.steps >= n_min and quiet[watched].all():
                break
            if may_freeze and self.steps - self.settle_from >= n_freeze:
                calm_enough = calm >= FREEZE_CALM_WINDOWS
                if only_at_rest:
                    calm_enough &= (recent < limit * CREEP_SHARE / 2) & (len(history) > 2)
                frozen = self._still_apart(calm_enough)
                if len(frozen) >= max(FREEZE_AT_LEAST, len(self._free) // 4):
                    assert last is not None  # windows were judged
                    self.handover = ([p.id for p, _ in self._free], calm, last, history)
                    return set(), frozen
        return set(), set()

    def recheck(self, seconds: float) -> np.ndarray | None:
        """Step for `seconds` from here: does any free piece (not overboard) move faster over
        the second half than over the first, and faster than the settle's still speed? If so,
        the free pieces at rest over the second half (slower than half the creep speed,
        `CREEP_SHARE`) that did not (a mask over them: those apart from what moves may be held
        still again at once); if not, None. A
        piece set free settles into its contacts (a tall stack held still does not sink into
        what holds it up) and slows down; one that falls, tips or slides speeds up. (Judged
        by `locality.STILL_MM` per half, 10 mm/s, a card tipping at 4 mm/s, held still with
        the rafters and chest it levered, was stored, and fell when left free.)"""
        half = max(1, round(seconds / 2 / self.model.opt.timestep))
        still = self.config.simulation.still_mm_per_s * MM * half * self.model.opt.timestep
        reach = self._reach()
        distances = []  # how far each piece moved over each half
        marks = self._marks(reach)
        for _ in range(2):
            self.step(half)
            self._clear_overboard()
            marks, before = self._marks(reach), marks
            distances.append(np.abs(marks - before).max(axis=(1, 2)))
        first, second = distances
        faster = (second > still) & (second > first) & (self._sunk_at < 0)
        if not faster.any():
            return None
        return (second < still * CREEP_SHARE / 2) & ~faster

    def _still_apart(self, quiet: np.ndarray) -> set[str]:
        """The quiet free pieces (a mask over them) that touch no free piece still moving
        nor the hand's."""
        restless = np.zeros(self.model.nbody, dtype=bool)
        restless[self._free_bodies[~quiet]] = True
        if self.held is not None:
            restless[self.bodies[self.held]] = True
        ncon = self.data.ncon
        if ncon:
            bodies = self.model.geom_bodyid[self.data.contact.geom[:ncon]]
            a, b = bodies[:, 0], bodies[:, 1]
            near = set(a[restless[b]].tolist()) | set(b[restless[a]].tolist())
        else:
            near = set()
        return {piece.id for (piece, _), body, calm in zip(self._free, self._free_bodies, quiet)
                if calm and int(body) not in near}

    def _reach(self) -> np.ndarray:
        """How far each free piece's outermost part lies from its centre of mass, m."""
        return np.array([max(np.abs(np.array(part.pos)).max() + max(part.size) / 2
                             for part in piece_parts(piece, self.config)) * MM
                         for piece, _ in self._free]).reshape(-1, 1)

    def _marks(self, reach: np.ndarray) -> np.ndarray:
        """Each free piece's centre of mass and the tips of its axes at `reach`: a turn moves
        the tips as far as the piece's ends move."""
        bodies = self._free_bodies
        centre = self.data.xipos[bodies]
        axes = self.data.ximat[bodies].reshape(-1, 3, 3)
        tips = centre[:, None, :] + axes.transpose(0, 2, 1) * reach[:, :, None]
        return np.concatenate([centre[:, None, :], tips], axis=1)

    def poses(self) -> tuple[Piece, ...]:
        """Every piece at its current pose (raft frame, rounded), static ones as they were."""
        qpos = self.data.qpos
        moved = {}
        for piece, qadr in self._free:
            x, y, z = (float(v) / MM for v in qpos[qadr:qadr + 3])
            quat = tuple(float(v) for v in qpos[qadr + 3:qadr + 7])
            moved[piece.id] = piece.moved(Pose((x, y, z - self.top), quat).rounded())  # type: ignore[arg-type]
        return tuple(moved.get(p.id, p) for p in self.scene.pieces if p.id != self.held)

    def _touching(self) -> dict[str, set[str]]:
        """Who touches whom now, the base's parts and the sea (RAFT, BOX, SEA) included."""
        touching: dict[str, set[str]] = {}
        for i in range(self.data.ncon):
            contact = self.data.contact[i]
            a, b = (self._owner(int(g)) for g in (contact.geom1, contact.geom2))
            touching.setdefault(a, set()).add(b)
            touching.setdefault(b, set()).add(a)
        return touching

    def _owner(self, geom: int) -> str:
        body = int(self.model.geom_bodyid[geom])
        return self.model.body(body).name if body else self.model.geom(geom).name

    def touching_any(self, piece_ids: Collection[str]) -> set[str]:
        """The pieces touching any of `piece_ids` now (the base's parts and the sea left out)."""
        touching = self._touching()
        return {other for piece_id in piece_ids for other in touching.get(piece_id, ())
                if other in self.bodies}

    def com_height(self, piece_id: str) -> float:
        """Height of a piece's centre of mass in the raft frame, mm."""
        return float(self.data.xipos[self.bodies[piece_id]][2]) / MM - self.top

    def sorted_result(self, placed: tuple[Piece, ...]) -> Settled:
        """The pieces on the raft and the pieces that fell (see the module's docstring)."""
        mujoco.mj_forward(self.model, self.data)  # positions of the last step
        pieces = self.poses()
        # only a piece set free can have fallen: the others are where the stored raft had them
        low = {p.id for p in pieces if p.id in self.ever_free and self.com_height(p.id) < 0}
        down = fallen_ids([p.id for p in pieces], low,
                          lumber=[p.id for p in pieces if p.kind == LUMBER],
                          touching=self._touching(), base=(RAFT, BOX),
                          sea=SEA) | self.overboard
        kept, fallen = [], []
        for piece in pieces:
            (fallen if piece.id in down else kept).append(piece)
        return Settled(Scene(tuple(kept)), tuple(fallen), placed, self.steps, tuple(self.frames),
                       free=len(self.ever_free))


def _creeping(history: list[np.ndarray], floor: float) -> tuple[np.ndarray, np.ndarray]:
    """Which pieces creep (`CREEP_SHARE`): over the last `DRIFT_WINDOWS` windows faster than
    `floor` a window, and, where the windows before show it, not slowing down; and each
    piece's distance a window over those windows."""
    span = min(DRIFT_WINDOWS, len(history) - 1)
    if span < 1:
        size = len(history[0]) if history else 0
        return np.zeros(size, dtype=bool), np.full(size, np.inf)
    recent = np.abs(history[-1] - history[-1 - span]).max(axis=(1, 2)) / span
    creeping = recent > floor
    if len(history) > 2 * span:
        before = np.abs(history[-1 - span] - history[-1 - 2 * span]).max(axis=(1, 2)) / span
        creeping &= recent > CREEP_KEEP * before
    return creeping, recent


def _drop_grid(kind: str) -> tuple[int, int]:
    """Sample points under a piece about 5 mm apart: a long card on a coarser grid could
    miss the edge of what it lands on and start embedded in it."""
    return (23, 5) if kind == LUMBER else (5, 3)


def _drop(probe: RaftProbe, placement: Placement, x: float, y: float, yaw: float) -> Piece:
    """The piece at (x, y, yaw), its bottom just above the highest surface under it."""
    if placement.z is not None:
        z = placement.z
    else:
        grid = _drop_grid(placement.kind)
        points = footprint_points(placement.kind, placement.variant, x, y, yaw, probe.config,
                                  grid=grid)
        hits = probe.surface_under(placement.kind, placement.variant, x, y, yaw, grid=grid)
        z = max(height - under for (_, height), (_, _, under) in zip(hits, points))
        z += probe.config.simulation.drop_gap_mm
    return Piece(placement.kind, placement.variant, Pose((x, y, z), yaw_quat(yaw)).rounded(),
                 placement.index)


def dropped(scene: Scene, placements: Sequence[Placement], *,
            config: RafterConfig = CONFIG) -> Scene:
    """The raft with the pieces put down exactly where aimed, each lying flat on the highest
    surface under it, without simulating (how a build would look if nothing tilted: a quick
    guess at the raft it leaves)."""
    for placement in placements:
        piece = _drop(probe_for(scene, config), placement, placement.x, placement.y,
                      placement.yaw_deg)
        scene = scene.with_pieces((piece,))
    return scene


def place(scene: Scene, placements: Sequence[Placement], *, seed: int | None,
          config: RafterConfig = CONFIG, record_every: int = 0, local: bool = True) -> Settled:
    """Put pieces down (in order, each dropped onto what is below it, the earlier ones
    included), then let everything settle. `seed` drives the hand tremor; None places
    exactly where aimed (for tests and previews). `local=False` sets the whole raft free
    from the start (to check the local simulation against)."""
    rng = rng_for(seed) if seed is not None else None
    current = scene
    placed: list[Piece] = []
    contacts = None
    for placement in placements:
        probe = probe_for(current, config)
        contacts = contacts or probe.contacts()  # the raft at rest, before anything is added
        x, y, yaw = placement.x, placement.y, placement.yaw_deg
        if rng is not None:
            aimed = _drop(probe, placement, x, y, yaw)
            x, y, yaw = perturb(x, y, yaw, up_mm=aimed.pose.pos[2], tremor=config.tremor, rng=rng)
        piece = _drop(probe, placement, x, y, yaw)
        placed.append(piece)
        current = current.with_pieces((piece,))
    if contacts is None or not local:
        return _whole(current, config=config, placed=tuple(placed), record_every=record_every)
    free = contacts.with_riders(column(scene, placed, config)) | {p.id for p in placed}
    return _run(current, free, contacts, config=config, placed=tuple(placed),
                new={p.id: p for p in placed}, record_every=record_every)


def settle(scene: Scene, *, config: RafterConfig = CONFIG, record_every: int = 0) -> Settled:
    """Let a whole scene come to rest (every piece free) and sort what fell."""
    return _whole(scene, config=config, record_every=record_every)


def lift(scene: Scene, piece_id: str, *, seed: int | None, config: RafterConfig = CONFIG,
         record_every: int = 0, local: bool = True) -> Settled:
    """A hand lifts a piece straight up (drifting a little sideways with the tremor), takes
    it away, and the rest settles: whatever it held up may fall. The lifted piece is in
    neither `scene` nor `fallen` of the result (nor in the frames). `local` as for `place`."""
    piece = scene.get(piece_id)
    dx = dy = 0.0
    if seed is not None:
        x, y, z = piece.pose.pos
        dx, dy = lift_drift(x, y, up_mm=z, tremor=config.tremor, rng=rng_for(seed))
    hand = _Hand(piece_id, dx, dy)
    if not local:
        return _whole(scene, config=config, held=piece_id, hand=hand, record_every=record_every)
    contacts = probe_for(scene, config).contacts()
    rest = scene.without((piece_id,))
    free = contacts.with_riders(column(rest, (piece,), config)
                                | contacts.touching.get(piece_id, set())) - {piece_id}
    return _run(scene, free, contacts, config=config, held=piece_id, hand=hand,
                record_every=record_every)


@dataclass(frozen=True)
class _Hand:
    """A hand lifting `piece_id` `lift_height_mm` in `lift_time_s`, drifting (dx, dy) mm,
    then taking it far away."""

    piece_id: str
    dx: float
    dy: float

    def __call__(self, model: _Model) -> None:
        sim = model.config.simulation
        mocap = int(model.model.body_mocapid[model.bodies[self.piece_id]])
        start = np.array(model.data.mocap_pos[mocap])
        n = max(1, math.ceil(sim.lift_time_s / model.model.opt.timestep))
        rise = np.array([self.dx, self.dy, sim.lift_height_mm]) * MM
        for i in range(1, n + 1):
            model.data.mocap_pos[mocap] = start + rise * i / n
            model.step()
        model.data.mocap_pos[mocap] = start + np.array([0.0, 0.0, _FAR_AWAY_M])


def _run(scene: Scene, free: set[str], contacts: Contacts, *, config: RafterConfig,
         placed: tuple[Piece, ...] = (), new: dict[str, Piece] | None = None,
         held: str | None = None, hand: _Hand | None = None,
         record_every: int = 0) -> Settled:
    """Simulate a step with the `free` pieces free; whenever a moving piece reaches a static
    one, set that one (and what rests on it) free and go on from that moment (a model with
    more pieces free takes over the motion); hold still the pieces long at rest that touch
    nothing moving. After `MAX_ROUNDS` widenings the pieces never free stay static: a
    collapse that keeps spreading would otherwise cost a whole-raft run of seconds. Before
    returning, recheck the pieces held still (`RECHECK_S`). `contacts` are the raft's at
    rest."""
    frontier = _Frontier(scene, new or {}, contacts, held=held,
                         slack_mm=config.simulation.drop_gap_mm + 1.0)
    model = _Model(scene, config, held=held, free=free, record_every=record_every)
    widened = held_still = 0
    rechecks = 0
    reached, frozen = frontier.reached(model), set()  # a held piece moves from the first step
    while True:
        if reached:
            free = free | contacts.with_riders(reached) - {held}
            widened += 1
            if widened >= MAX_ROUNDS:  # from now on only pieces held still come free again
                frontier.only = model.ever_free | free
        if frozen:
            now = {p.id: p for p in model.poses()}
            scene = Scene(tuple(now[p.id] if p.id in frozen else p for p in scene.pieces))
            frontier.restart(now.values())
            free = free - frozen
            held_still += 1
        if reached or frozen:
            model = _Model(scene, config, held=held, free=free, record_every=record_every,
                           carry=model)
        if hand is not None and model.settle_from is None:
            hand(model)
        last_word = rechecks >= MAX_RECHECKS  # nothing will recheck a piece held still now
        may_freeze = held_still < MAX_FREEZES * (1 + rechecks)
        reached, frozen = model.settle(frontier, may_freeze=may_freeze, only_at_rest=last_word)
        if reached or frozen:
            continue
        held_back = model.ever_free - free - model.overboard
        if held_back and rechecks < MAX_RECHECKS:
            rechecks += 1  # the pieces held still come free again, at rest where they are
            now = {p.id: p for p in model.poses()}
            scene = Scene(tuple(now.get(p.id, p) for p in scene.pieces))
            free = free | held_back
            model = _Model(scene, config, held=held, free=free, record_every=record_every,
                           carry=model)
            at_rest = model.recheck(RECHECK_S)
            if at_rest is not None:
                frontier.restart(model.poses())  # count motion from here
                model.settle_from = model.steps  # and settle afresh, however long it took
                again = model._still_apart(at_rest)  # only what moved needs to go on
                if again:
                    now = {p.id: p for p in model.poses()}
                    scene = Scene(tuple(now[p.id] if p.id in again else p for p in scene.pieces))
                    free = free - again
                    model = _Model(scene, config, held=held, free=free,
                                   record_every=record_every, carry=model)
                continue
        result = replace(model.sorted_result(placed), runs=1 + widened + held_still + rechecks)
        leaning = model.touching_any(result.fallen_ids) - set(result.fallen_ids)
        return _after_removal(result, leaning, config=config, record_every=record_every)


def _after_removal(result: Settled, leaning: set[str], *, config: RafterConfig,
                   record_every: int) -> Settled:
    """`result` once the pieces that fell are taken off the table. Those still touching
    pieces on the raft (a card in the sea propping a chest) may have held them up, so what
    they touched settles again, as a step of its own from the raft as it was stored; a fall
    then is part of the same move (the rulebook: what falls because of a move is its
    player's). Without this the stored raft was not at rest: a chest propped by a fallen
    card dropped 2.4 mm as soon as the next move set it free."""
    if not leaning:
        return result
    contacts = probe_for(result.scene, config).contacts()
    again = _run(result.scene, contacts.with_riders(leaning), contacts, config=config,
                 record_every=record_every)
    return Settled(again.scene, result.fallen + again.fallen, result.placed,
                   result.steps + again.steps, result.frames + again.frames,
                   free=result.free + again.free, runs=result.runs + again.runs)


class _Frontier:
    """Which static pieces the moving ones reach. A free piece has *moved* once it is
    further from its start than `locality.STILL_MM`, `SINK_MM` or `STILL_DEG` allow (a new
    piece: from where it was let go, with `slack_mm` more, since it drops onto what is under
    it); a held piece moves from the start. A moved piece reaches the static pieces it
    touched at rest and those it touches now."""

    def __init__(self, scene: Scene, new: Mapping[str, Piece], contacts: Contacts, *,
                 held: str | None, slack_mm: float) -> None:
        self.start = {p.id: p for p in scene.pieces} | dict(new)
        self.new, self.contacts, self.held = new, contacts, held
        self.slack_mm = slack_mm
        self.moved: set[str] = {held} if held is not None else set()
        self.only: Collection[str] | None = None
        """When set, the only static pieces that can be reached."""
        self._bound: _Model | None = None

    def restart(self, pieces: Iterable[Piece]) -> None:
        """Count motion from here (where some pieces are being held still): a piece that
        goes on moving soon moves again, one that only eases into its neighbours' contacts
        does not. (By now the hand has taken its piece away: it reaches nothing more.)"""
        for piece in pieces:
            self.start[piece.id] = piece
        self.moved = set()
        self._bound = None

    def _bind(self, model: _Model) -> None:
        """Arrays over the model's free pieces, for vectorised checks every few steps."""
        top = np.array([0.0, 0.0, model.top])
        starts = [self.start[p.id] for p, _ in model._free]
        self._ids = [p.id for p, _ in model._free]
        self._start_pos = np.array([np.add(p.pose.pos, top) * MM for p in starts]).reshape(-1, 3)
        self._start_quat = np.array([p.pose.quat for p in starts]).reshape(-1, 4)
        slack = np.array([self.slack_mm if p.id in self.new else 0.0 for p in starts])
        self._far_xy = (STILL_MM + slack) * MM
        self._far_z = (SINK_MM + slack) * MM
        self._qpos = np.array([qadr for _, qadr in model._free], dtype=int).reshape(-1, 1)
        self._is_static = np.zeros(model.model.nbody, dtype=bool)
        free_ids = set(self._ids)
        for piece_id, body in model.bodies.items():
            self._is_static[body] = piece_id not in free_ids and piece_id != self.held
        self._bound = model

    def reached(self, model: _Model) -> set[str]:
        if self._bound is not model:
            self._bind(model)
        qpos = model.data.qpos
        pos, quat = qpos[self._qpos + np.arange(3)], qpos[self._qpos + np.arange(3, 7)]
        turn = 2 * np.degrees(np.arccos(np.minimum(1.0, np.abs((quat * self._start_quat).sum(1)))))
        gone = ((np.hypot(*(pos[:, :2] - self._start_pos[:, :2]).T) > self._far_xy)
                | (np.abs(pos[:, 2] - self._start_pos[:, 2]) > self._far_z) | (turn > STILL_DEG))
        self.moved.update(self._ids[i] for i in np.flatnonzero(gone))
        reached: set[str] = set()
        for piece_id in self.moved:
            reached |= {other for other in self.contacts.touching.get(piece_id, ())
                        if self._is_static[model.bodies[other]]}
        moved_bodies = np.zeros(model.model.nbody, dtype=bool)
        moved_bodies[[model.bodies[m] for m in self.moved]] = True
        ncon = model.data.ncon
        if ncon:
            bodies = model.model.geom_bodyid[model.data.contact.geom[:ncon]]
            a, b = bodies[:, 0], bodies[:, 1]
            hits = np.concatenate((b[moved_bodies[a] & self._is_static[b]],
                                   a[moved_bodies[b] & self._is_static[a]]))
            reached |= {model.model.body(int(body)).name for body in set(hits.tolist())}
        return reached if self.only is None else reached & set(self.only)


def _whole(scene: Scene, *, config: RafterConfig, placed: tuple[Piece, ...] = (),
           held: str | None = None, hand: _Hand | None = None,
           record_every: int = 0) -> Settled:
    """Simulate a step with every piece free."""
    model = _Model(scene, config, held=held, record_every=record_every)
    if hand is not None:
        hand(model)
    model.settle()
    return model.sorted_result(placed)
