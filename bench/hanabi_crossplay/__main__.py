"""Cross-play: our Hanabi computer players beside an independent H-group bot.

    nice -n 10 python -m bench.hanabi_crossplay --hbot PATH [--games 200] [--seed 100000]
        [--node NODE22] [--lineups 2:1+1,3:2+1,...] [--logs DIR] [--jobs 1]

The bot is WillFlame14/hanabi-bot at its level 1 (the H-group Beginner's Guide), run by
`driver.mjs` from a checkout the user names (`--hbot` or HANABI_BOT_DIR); none of its code
is in this project. A lineup ``3:2+1`` is three players, two of ours and one of theirs; our
seats come first, the seating turned by the seed. ``2:2+0`` and ``2:0+2`` are each side
alone. Every lineup plays the same seeds. For each it prints the mean score (a game lost on
the third fuse scores 0, as our rules and hanab.live count it), its 95 % interval, the games
struck out, and how each side read the other's clues (see `reading`). `--logs DIR` writes
every game as JSON (hanab.live's replay, our moves with their reasons, the bot's notes) and
a `failures.json` of every misplay with the clues that had touched the card.
"""

from __future__ import annotations

import argparse
import atexit
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.figures import ms, p95
from engine.hanabi.computer import LEVELS

from .bot import BotFailed, BotMissing, HGroupBot, checkout_dir, node_binary
from .reading import ANSWERS, FATES, Reading, bomb_reports, interval, read_game
from .table import BOT, OURS, play, seating

DEFAULT_LINEUPS = "2:1+1,3:2+1,3:1+2,4:3+1,4:2+2,2:2+0,3:3+0,4:4+0,2:0+2,3:0+3,4:0+4"


@dataclass
class Tally:
    scores: list[int] = field(default_factory=list)
    fireworks: list[int] = field(default_factory=list)
    strikeouts: int = 0
    errors: list[str] = field(default_factory=list)
    reading: Reading = field(default_factory=Reading)
    seconds: dict[str, list[float]] = field(default_factory=lambda: {OURS: [], BOT: []})
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.scores += other.scores
        self.fireworks += other.fireworks
        self.strikeouts += other.strikeouts
        self.errors += other.errors
        self.reading.add(other.reading)
        for side in self.seconds:
            self.seconds[side] += other.seconds[side]
        self.failures += other.failures


def parse_lineup(text: str) -> tuple[int, int]:
    """``3:2+1`` -> (2, 1): our seats and theirs; `ValueError` if it does not add up."""
    players, _, split = text.strip().partition(":")
    ours, _, theirs = split.partition("+")
    n, o, t = int(players), int(ours), int(theirs)
    if o + t != n or not 2 <= n <= 5 or o < 0 or t < 0:
        raise ValueError(f"lineup {text!r}: players:ours+theirs, e.g. 3:2+1")
    return o, t


_bot: HGroupBot | None = None


def _bot_for(checkout: str, node: str, level: int) -> HGroupBot:
    global _bot
    if _bot is None:
        _bot = HGroupBot(Path(checkout), node, level)
        atexit.register(_bot.close)
    return _bot


def one_game(
    ours: int,
    theirs: int,
    seed: int,
    checkout: str,
    node: str,
    level: int,
    our_level: str,
    logs: str | None,
) -> Tally:
    sides = seating(ours, theirs, seed)
    tally = Tally()
    try:
        game = play(
            sides, seed, LEVELS[our_level], _bot_for(checkout, node, level) if theirs else None
        )
    except BotFailed as exc:
        global _bot
        if _bot is not None:
            _bot.close()
            _bot = None
        tally.errors.append(f"seed {seed}: {str(exc).splitlines()[0]}")
        return tally
    tally.scores.append(game.score)
    tally.fireworks.append(game.state.score)
    tally.strikeouts += game.struck_out
    tally.reading = read_game(game.steps, sides, len(sides))
    tally.seconds = game.seconds
    name = f"{len(sides)}p-{ours}+{theirs}-seed{seed}"
    for report in bomb_reports(game.steps, sides):
        card = game.log[report["move"]]["card"]
        notes = game.notes.get(report["seat"], {})
        for clue in report["clues"]:
            clue["action"] = game.log[clue["move"]]["action"]
            clue["reason"] = game.log[clue["move"]]["reason"]
        tally.failures.append(
            {"game": name, **report, "card": card, "bot_note": notes.get(str(report["order"]))}
        )
    if logs:
        path = Path(logs) / f"{name}.json"
        path.write_text(json.dumps(game.record(), ensure_ascii=False))
    return tally


def report(label: str, tally: Tally) -> list[str]:
    n = len(tally.scores)
    if not n:
        return [f"{label}: no game finished ({len(tally.errors)} errors)"]
    lines = [
        f"{label}: mean {statistics.fmean(tally.scores):.2f} ± {interval(tally.scores):.2f}"
        f" over {n} games, struck out {tally.strikeouts} ({100 * tally.strikeouts / n:.1f} %),"
        f" fireworks {statistics.fmean(tally.fireworks):.2f}"
        + (f", {len(tally.errors)} errors" if tally.errors else "")
    ]
    pairs = sorted({key.split()[0] for key in tally.reading.fates})
    for pair in pairs:
        fates = " ".join(f"{f} {tally.reading.fates[f'{pair} {f}']}" for f in FATES)
        answers = " ".join(
            f"{a} {tally.reading.answers[f'{pair} {a}']}"
            for a in ANSWERS
            if tally.reading.answers[f"{pair} {a}"]
        )
        fin = tally.reading.finesses
        lines.append(
            f"  clues {pair}: {sum(tally.reading.fates[f'{pair} {f}'] for f in FATES)}"
            f"; cards became: {fates}; next move: {answers}; blind plays by others: "
            f"ok {fin[f'{pair} finesse']} bomb {fin[f'{pair} finesse-bomb']}"
        )
    bombs = ", ".join(f"{k} {v}" for k, v in sorted(tally.reading.bombs.items()))
    lines.append(
        f"  misplays per 100 games: {bombs or 'none'}".replace(
            bombs,
            ", ".join(f"{k} {100 * v / n:.0f}" for k, v in sorted(tally.reading.bombs.items())),
        )
    )
    for side in (OURS, BOT):
        secs = tally.seconds[side]
        if secs:
            lines.append(
                f"  {side} decisions: {len(secs)}, median {ms(statistics.median(secs))},"
                f" p95 {ms(p95(secs))}, max {ms(max(secs))}"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.hanabi_crossplay", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--hbot", help="checkout of WillFlame14/hanabi-bot (or HANABI_BOT_DIR)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--lineups", default=DEFAULT_LINEUPS)
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS), help="ours")
    parser.add_argument("--node", help="Node 22 or later to run the bot (or HANABI_BOT_NODE)")
    parser.add_argument("--hbot-level", type=int, default=1, help="the H-group bot's level")
    parser.add_argument("--logs", help="a directory for per-game JSON logs and failures.json")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        lineups = [parse_lineup(text) for text in args.lineups.split(",")]
    except ValueError as exc:
        parser.error(str(exc))
    checkout = node = None
    if any(theirs for _, theirs in lineups):
        try:
            checkout = str(checkout_dir(args.hbot))
            node = node_binary(args.node)
        except BotMissing as exc:
            print(exc, file=sys.stderr)
            return 2
    if args.logs:
        Path(args.logs).mkdir(parents=True, exist_ok=True)
    seeds = range(args.seed, args.seed + args.games)
    print(
        f"hanabi cross-play: ours {args.level}, H-group bot level {args.hbot_level}, "
        f"seeds {seeds.start}–{seeds.stop - 1}",
        flush=True,
    )
    failures: list[dict[str, Any]] = []
    summary: dict[str, Any] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for ours, theirs in lineups:
            total = Tally()
            work = [
                (ours, theirs, s, checkout, node, args.hbot_level, args.level, args.logs)
                for s in seeds
            ]
            for tally in pool.map(one_game, *zip(*work), chunksize=4):
                total.add(tally)
            label = f"{ours + theirs}p {ours}+{theirs}"
            print("\n".join(report(label, total)), flush=True)
            for error in total.errors[:3]:
                print(f"  error {error}", flush=True)
            failures += total.failures
            summary[label] = {
                "scores": total.scores,
                "strikeouts": total.strikeouts,
                "fates": dict(total.reading.fates),
                "answers": dict(total.reading.answers),
                "finesses": dict(total.reading.finesses),
                "bombs": dict(total.reading.bombs),
                "errors": total.errors,
            }
            if args.logs:  # after each lineup, so that a long run's first lineups are kept
                Path(args.logs, "failures.json").write_text(
                    json.dumps(failures, ensure_ascii=False, indent=1)
                )
                Path(args.logs, "summary.json").write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
