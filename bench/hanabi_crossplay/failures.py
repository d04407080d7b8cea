"""Where cross-play goes wrong, read back from a run's game logs:

    python -m bench.hanabi_crossplay.failures DIR [DIR ...] [--lineup 3:2+1] [--examples 3]

For every clue one side gave the other: what became of the cards it newly touched (played,
misplayed, discarded, held), grouped by what the giver meant (our clues by their reason's
key, e.g. ``hanabi-bot-five-stall-clue-rank``; the bot's by colour or rank). For every
misplay: who made it and why (our moves by their reason's key), and whose clue had touched
the card. The games are replayed in our engine from the logs, so nothing is taken on trust.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.hanabi import SPEC
from engine.hanabi.components import Card, Variant
from engine.hanabi.rules import deal
from engine.hanabi.state import FUSES

from .reading import FATES, Step, clue_fate, interval
from .table import step_of


def replay_steps(record: dict[str, Any]) -> list[Step]:
    """The game's steps, replayed from its deck and our actions."""
    deck = [Card(c["suitIndex"], c["rank"]) for c in record["replay"]["deck"]]
    state = deal(len(record["sides"]), deck, Variant(multicolor=False))
    touched: set[int] = set()
    steps = []
    for move in record["moves"]:
        after, _ = SPEC.apply(state, move["seat"], move["action"])
        steps.append(step_of(state, after, touched))
        state = after
    return steps


def intent(move: dict[str, Any]) -> str:
    """What a clue's giver meant: our reason's key, or the bot's clue content."""
    if move["side"] == "ours":
        return (move.get("reason") or {}).get("key", "?")
    key = move["action"].rsplit(":", 1)[1]  # "r5" or "c3"
    return f"rank {key[1:]}" if key[0] == "r" else "colour"


def analyse(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    fates: dict[str, Counter[str]] = defaultdict(Counter)
    bombs: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    scores: list[int] = []
    strikeouts = 0
    games = 0
    for record in records:
        games += 1
        scores.append(record["score"])
        strikeouts += record["ending"] == FUSES
        sides = record["sides"]
        moves = record["moves"]
        steps = replay_steps(record)
        clued_by: dict[int, int] = {}
        last_clue: dict[int, int] = {}  # seat -> the last clue given by anyone else
        for index, (move, step) in enumerate(zip(moves, steps, strict=True)):
            if step.kind == "clue":
                pair = f"{sides[step.seat]}>{sides[step.target]}"
                fates[f"{pair} {intent(move)}"][clue_fate(steps, index)] += 1
                for order in step.touched:
                    clued_by[order] = index
                for seat in range(len(sides)):
                    if seat != step.seat:
                        last_clue[seat] = index
            elif step.kind == "play" and not step.ok:
                why = (move.get("reason") or {}).get("key", "-") if move["side"] == "ours" else ""
                source = clued_by.get(step.order)
                if source is None and step.seat in last_clue:
                    before = last_clue[step.seat]
                    where = (
                        f"unclued, after a clue by {sides[steps[before].seat]}"
                        f" ({intent(moves[before])})"
                    )
                elif source is None:
                    where = "unclued"
                else:
                    where = f"clued by {sides[steps[source].seat]} ({intent(moves[source])})"
                key = f"{move['side']} {why} {where}".replace("  ", " ")
                bombs[key] += 1
                examples[key].append(example(record, index, source))
    return {
        "games": games,
        "scores": scores,
        "strikeouts": strikeouts,
        "fates": fates,
        "bombs": bombs,
        "examples": examples,
    }


def example(record: dict[str, Any], index: int, source: int | None) -> str:
    """One misplay in a line: the game, the moves, the card, and what the bot's notes
    (its reading of every card, its own and its partners') said of the card."""
    moves = record["moves"]
    move = moves[index]
    order = move["hanablive"]["target"]
    notes = [n[str(order)] for n in record["bot_notes"].values() if str(order) in n]
    clue = "" if source is None else f" after move {source} {moves[source]['action']}"
    seats = len(record["sides"])
    lineup = f"{seats}p {record['sides'].count('ours')}+{record['sides'].count('bot')}"
    return (
        f"{lineup} seed {record['seed']} move {index}: {move['action']} {move['card']}{clue};"
        f" bot note on the card: {notes[0] if notes else '-'}"
    )


def print_report(result: dict[str, Any], examples: int = 0) -> None:
    games, scores = result["games"], result["scores"]
    if not games:
        print("no games")
        return
    print(
        f"{games} games: mean {statistics.fmean(scores):.2f} ± {interval(scores):.2f},"
        f" struck out {result['strikeouts']} ({100 * result['strikeouts'] / games:.1f} %)"
    )
    print("clues, by what the giver meant: " + " / ".join(FATES))
    for key, counter in sorted(result["fates"].items(), key=lambda kv: -sum(kv[1].values())):
        if key.split()[0] in ("ours>bot", "bot>ours"):
            total = sum(counter.values())
            shares = " / ".join(f"{counter[f]}" for f in FATES)
            print(f"  {key}: {total} ({shares}), {100 * counter['bomb'] / total:.0f} % misplayed")
    print("misplays (per 100 games), by who and why:")
    for key, count in result["bombs"].most_common():
        print(f"  {100 * count / games:5.1f}  {key}")
        for line in result["examples"][key][:examples]:
            print(f"         e.g. {line}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--lineup", help="only this lineup, e.g. 3:2+1")
    parser.add_argument("--examples", type=int, default=0, help="examples of each misplay")
    args = parser.parse_args(argv)
    pattern = "*p-*-seed*.json"
    if args.lineup:
        players, _, split = args.lineup.partition(":")
        pattern = f"{players}p-{split}-seed*.json"
    paths = [p for d in args.dirs for p in sorted(Path(d).glob(pattern))]
    records = (json.loads(p.read_text()) for p in paths)
    print_report(analyse(records), args.examples)


if __name__ == "__main__":
    main()
