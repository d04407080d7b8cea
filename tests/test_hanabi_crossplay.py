"""bench.hanabi_crossplay, our side only (no Node, no checkout of the H-group bot): the
messages each bot seat hears carry no card of its own hand, the bot's answers become our
actions, a whole game runs with a stand-in bot that keeps its picture of the table from
those messages alone, and the clue-reading tallies count what happened."""

from __future__ import annotations

import json
import random

import pytest

from bench.hanabi_crossplay.__main__ import parse_lineup
from bench.hanabi_crossplay.bot import ENV_DIR, BotFailed, BotMissing, checkout_dir
from bench.hanabi_crossplay.failures import analyse, replay_steps
from bench.hanabi_crossplay.protocol import (
    HIDDEN,
    ProtocolError,
    bot_action,
    deal_events,
    move_events,
    our_action,
)
from bench.hanabi_crossplay.reading import Step, answer, bomb_reports, clue_fate, read_game
from bench.hanabi_crossplay.table import BOT, OURS, play, seating
from engine.hanabi import SPEC
from engine.hanabi.computer import LEVELS
from engine.hanabi.playouts import random_action


def test_the_deal_hides_exactly_the_receivers_own_hand():
    state = SPEC.setup(3, 7, {})
    events = deal_events(state, receiver=1)
    assert [e["order"] for e in events] == list(range(15))  # hanab.live's deal order
    assert [e["playerIndex"] for e in events] == [0] * 5 + [1] * 5 + [2] * 5
    for event in events:
        if event["playerIndex"] == 1:
            assert (event["suitIndex"], event["rank"]) == (HIDDEN, HIDDEN)
        else:
            card = state.deck[event["order"]]
            assert (event["suitIndex"], event["rank"]) == (card.color, card.rank)


def test_a_clue_names_the_touched_orders_and_the_next_turn():
    state = SPEC.setup(2, 3, {})
    target_hand = state.hands[1]
    rank = state.deck[target_hand[0].order].rank
    after, _ = SPEC.apply(state, 0, f"clue:1:r{rank}")
    events = move_events(state, after, receiver=1)
    touched = sorted(h.order for h in target_hand if state.deck[h.order].rank == rank)
    assert events == [
        {
            "type": "clue",
            "giver": 0,
            "target": 1,
            "clue": {"type": 1, "value": rank},
            "list": touched,
        },
        {"type": "turn", "num": 1, "currentPlayerIndex": 1},
    ]


def test_a_misplay_is_a_failed_discard_and_the_own_draw_is_hidden():
    state = SPEC.setup(2, 1, {})
    slot = next(i for i, h in enumerate(state.hands[0], 1) if state.deck[h.order].rank != 1)
    order = state.hands[0][slot - 1].order
    after, _ = SPEC.apply(state, 0, f"play:{slot}")
    card = state.deck[order]
    mine = move_events(state, after, receiver=0)
    theirs = move_events(state, after, receiver=1)
    assert mine[0] == {
        "type": "discard",
        "playerIndex": 0,
        "order": order,
        "suitIndex": card.color,
        "rank": card.rank,
        "failed": True,
    }
    assert mine[1] == {
        "type": "draw",
        "playerIndex": 0,
        "order": 10,
        "suitIndex": HIDDEN,
        "rank": HIDDEN,
    }
    drawn = state.deck[10]
    assert theirs[1] == {
        "type": "draw",
        "playerIndex": 0,
        "order": 10,
        "suitIndex": drawn.color,
        "rank": drawn.rank,
    }


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_no_seat_ever_hears_a_card_while_it_is_in_its_own_hand(players, seed):
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    heard = {seat: deal_events(state, seat) for seat in range(players)}
    for seat in range(players):
        assert not any(
            e.get("suitIndex", HIDDEN) != HIDDEN and e["playerIndex"] == seat for e in heard[seat]
        )
    while state.phase != "over":
        before = state
        state, _ = SPEC.apply(state, state.current, random_action(rng, state).encode())
        for seat in range(players):
            own = {h.order for h in state.hands[seat]}
            for event in move_events(before, state, seat):
                if event.get("suitIndex", HIDDEN) != HIDDEN:
                    assert event["order"] not in own, (seat, event)


def test_the_bots_answers_become_our_actions_and_back():
    state = SPEC.setup(3, 5, {})
    hand = state.hands[0]
    assert our_action(state, 0, {"type": 0, "target": hand[2].order}) == "play:3"
    assert our_action(state, 0, {"type": 1, "target": hand[4].order, "value": 0}) == "discard:5"
    assert our_action(state, 0, {"type": 2, "target": 2, "value": 4}) == "clue:2:c4"
    assert our_action(state, 0, {"type": 3, "target": 1, "value": 5}) == "clue:1:r5"
    rng = random.Random(5)
    while state.phase != "over":
        seat, action = state.current, random_action(rng, state).encode()
        after, _ = SPEC.apply(state, seat, action)
        assert our_action(state, seat, bot_action(state, after)) == action
        state = after


@pytest.mark.parametrize(
    "bad",
    [
        {"type": 0, "target": 999},  # not a card of the seat to act
        {"type": 7, "target": 1},
        {"target": 1},
        "play",
    ],
)
def test_anything_else_from_the_bot_is_refused(bad):
    state = SPEC.setup(2, 5, {})
    with pytest.raises(ProtocolError):
        our_action(state, 0, bad)


class StandIn:
    """A bot seat that knows only what its messages told it: it rebuilds the whole table
    from them (every hand, clue tokens, fuses, fireworks), plays a card it was clued as a
    1, else clues a partner's 1, else discards its oldest card (or, with every token back,
    names the next seat's newest card's rank)."""

    def __init__(self):
        self.hands: dict[int, dict[int, list[int]]] = {}
        self.clued: dict[int, set[int]] = {}

    def start(self, players, seats):
        self.hands = {s: {p: [] for p in range(players)} for s in seats}
        self.cards = {s: {} for s in seats}
        self.clued = {s: set() for s in seats}
        self.tokens = dict.fromkeys(seats, 8)
        self.strikes = dict.fromkeys(seats, 0)
        self.stacks = {s: [0] * 5 for s in seats}

    def _hear(self, seat, events):
        hands = self.hands[seat]
        for e in events:
            if e["type"] == "draw":
                if e["playerIndex"] == seat:
                    assert (e["suitIndex"], e["rank"]) == (HIDDEN, HIDDEN)
                hands[e["playerIndex"]].insert(0, e["order"])
                self.cards[seat][e["order"]] = (e["suitIndex"], e["rank"])
            elif e["type"] in ("play", "discard"):
                hands[e["playerIndex"]].remove(e["order"])
                if e["type"] == "play":
                    self.stacks[seat][e["suitIndex"]] = e["rank"]
                self.strikes[seat] += e["type"] == "discard" and e["failed"]
                regained = (e["type"] == "discard" and not e["failed"]) or (
                    e["type"] == "play" and e["rank"] == 5
                )
                self.tokens[seat] = min(8, self.tokens[seat] + regained)
            elif (
                e["type"] == "clue" and e["target"] == seat and e["clue"] == {"type": 1, "value": 1}
            ):
                self.clued[seat].update(e["list"])
            if e["type"] == "clue":
                self.tokens[seat] -= 1

    def act(self, seat, events):
        self._hear(seat, events)
        table = {
            "clues": self.tokens[seat],
            "strikes": self.strikes[seat],
            "stacks": self.stacks[seat],
            "hands": list(self.hands[seat].values()),
        }
        return {"action": self.decide(seat), "table": table}

    def decide(self, seat):
        mine = self.hands[seat][seat]
        ones = [o for o in mine if o in self.clued[seat]]
        if ones:
            self.clued[seat].discard(ones[0])
            return {"type": 0, "target": ones[0]}
        for other, hand in self.hands[seat].items():
            if other != seat and any(self.cards[seat][o][1] == 1 for o in hand):
                return {"type": 3, "target": other, "value": 1}
        if self.tokens[seat] == 8:  # no discard allowed: tell the next seat its newest card
            other = (seat + 1) % len(self.hands[seat])
            rank = self.cards[seat][self.hands[seat][other][0]][1]
            return {"type": 3, "target": other, "value": rank}
        return {"type": 1, "target": mine[-1]}

    def notes(self, seat, events):
        self._hear(seat, events)
        return {}


def test_a_whole_game_runs_with_a_bot_that_sees_only_its_messages():
    sides = seating(1, 2, seed=4)
    game = play(sides, 4, LEVELS["normal"], StandIn())
    assert game.state.phase == "over"
    assert len(game.log) == len(game.state.moves) == len(game.steps)
    assert {entry["side"] for entry in game.log} == {OURS, BOT}
    record = game.record()
    assert record["replay"]["actions"][0] == game.log[0]["hanablive"]


class Lost(StandIn):
    """A stand-in that misses every clue token spent: the bench must notice."""

    def _hear(self, seat, events):
        super()._hear(seat, events)
        self.tokens[seat] = 8


def test_a_bot_seat_that_loses_track_of_the_table_stops_the_game():
    with pytest.raises(BotFailed, match="lost track of the table"):
        play(seating(1, 1, seed=3), 3, LEVELS["normal"], Lost())


def test_seating_turns_with_the_seed_and_lineups_add_up():
    assert seating(2, 1, 0) == [OURS, OURS, BOT]
    assert seating(2, 1, 1) == [OURS, BOT, OURS]
    assert seating(2, 2, 2) == [BOT, BOT, OURS, OURS]
    assert parse_lineup("4:3+1") == (3, 1)
    with pytest.raises(ValueError):
        parse_lineup("3:2+2")


def test_clue_fates_and_answers():
    steps = [
        Step(0, "clue", target=1, touched=(3, 4), new=(3, 4)),  # 0: two cards
        Step(1, "play", order=3, ok=True, was_touched=True),  # 1: plays one
        Step(0, "clue", target=1, touched=(7,), new=(7,)),  # 2
        Step(1, "play", order=5, ok=False),  # 3: a blind misplay
        Step(0, "discard", order=1),  # 4
        Step(1, "play", order=4, ok=False, was_touched=True),  # 5: the other card bombs
        Step(0, "clue", target=1, touched=(7,), new=()),  # 6: a re-touch, held
    ]
    assert clue_fate(steps, 0) == "bomb"
    assert answer(steps, 0) == "play"
    assert clue_fate(steps, 2) == "held"
    assert answer(steps, 2) == "blind-bomb"
    assert answer(steps, 6) == "none"
    reading = read_game(steps, [OURS, BOT], 2)
    assert reading.fates == {"ours>bot bomb": 1, "ours>bot held": 2}
    assert reading.bombs == {"bot unclued": 1, "bot clued-by-ours": 1}
    assert bomb_reports(steps, [OURS, BOT])[1] == {
        "move": 5,
        "seat": 1,
        "side": BOT,
        "order": 4,
        "clues": [{"move": 0, "giver": 0, "side": OURS}],
    }


def test_a_missing_checkout_says_what_to_do(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_DIR, raising=False)
    with pytest.raises(BotMissing, match="--hbot PATH"):
        checkout_dir(None)
    with pytest.raises(BotMissing, match="not a checkout of hanabi-bot"):
        checkout_dir(str(tmp_path))


def test_the_failure_analysis_replays_a_logged_game():
    sides = seating(1, 1, seed=6)
    game = play(sides, 6, LEVELS["normal"], StandIn())
    record = json.loads(json.dumps(game.record()))
    assert replay_steps(record) == game.steps
    result = analyse([record])
    assert result["games"] == 1 and result["scores"] == [game.score]
    clues = sum(1 for step in game.steps if step.kind == "clue")
    assert sum(sum(c.values()) for c in result["fates"].values()) == clues
    misplays = sum(1 for step in game.steps if step.kind == "play" and not step.ok)
    assert sum(result["bombs"].values()) == misplays
    ours_keys = {k for k in result["fates"] if k.startswith("ours>bot")}
    assert all(k.split()[1].startswith("hanabi-bot-") for k in ours_keys)
    bot_keys = [k.split(maxsplit=1)[1] for k in result["fates"] if k.startswith("bot>ours")]
    assert bot_keys and all(k.startswith("rank ") for k in bot_keys)  # it gives rank clues only
