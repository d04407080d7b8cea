"""Hanabi's computer players: they decide from the seat's view alone, play whole games with
legal moves only, always the same way for the same view and seed, explain each move with a
translatable reason that names no card the table may not see, and find the obvious move
in positions made by hand (a play clue acted on, a 5 saved, a playable card clued)."""

from __future__ import annotations

import logging
import random

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.computer import decide, json_view, play_game
from engine.core import Budget, ComputerPlayer, Decision, Label
from engine.hanabi import SPEC
from engine.hanabi.actions import decode
from engine.hanabi.computer import BASELINES, LEVELS, history, reasons
from engine.hanabi.computer.cards import index
from engine.hanabi.computer.conventions import chop_index
from engine.hanabi.computer.history import replay
from engine.hanabi.state import FUSES, OVER, HanabiState
from tests.test_hanabi_conventions_helpers import dealt
from tests.test_hanabi_views import midgame, scramble

PLAYERS = (2, 3, 4, 5)
GAMES = 50
EVERYONE = {**LEVELS, **BASELINES}
COLOURS = "rygbwm"
CLUE_REASON_ARGS = {"target_seat", "color", "rank"}


def quick(player: ComputerPlayer) -> Budget:
    """A small budget on a clock that never moves: a level sizes its work from the seconds,
    and a loaded machine must not cut a decision short and so change it."""
    return Budget(min(player.budget, 0.05), clock=lambda: 0.0)


# --- a whole set of games, played once for the tests below ------------------------------------


class Record:
    """Every decision of the games played: the position before, the seat and the decision."""

    def __init__(self) -> None:
        self.moves: list[tuple[HanabiState, int, Decision]] = []
        self.finals: list[HanabiState] = []


def play_many(level: str, players: int, games: int, options: dict | None = None,
              record: Record | None = None) -> list[HanabiState]:
    finals = []

    def on_move(before, seat, decision, after, events) -> None:
        if record is not None:
            record.moves.append((before, seat, decision))

    for seed in range(games):
        played = play_game(SPEC, [LEVELS[level]] * players, 1000 * players + seed, options,
                           budget=quick, on_move=on_move)
        assert played.state.phase == OVER
        finals.append(played.state)
    return finals


@pytest.fixture(scope="module")
def games(once_per_run) -> dict[str, Record]:
    """Every level, 50 games for each player count, and a few with each option: the slowest
    setup here, so played once per test run, however xdist shares out the tests below."""
    return once_per_run("hanabi-computer-games", play_every_level)


def play_every_level() -> dict[str, Record]:
    records = {}
    for level in LEVELS:
        record = Record()
        for players in PLAYERS:
            record.finals += play_many(level, players, GAMES, record=record)
        for options in ({"multicolor": True}, {"advanced": True}):
            record.finals += play_many(level, 3, 6, options, record)
        records[level] = record
    return records


def test_every_level_plays_whole_games_with_legal_moves_only(games):
    # play_game applies every decision through the engine, which refuses an illegal one
    for record in games.values():
        assert len(record.finals) == len(PLAYERS) * GAMES + 12
        for before, seat, decision in record.moves:
            assert decision.action in SPEC.legal_actions(before, seat)


def test_normal_plays_well_and_beats_easy(games):
    def mean(level: str) -> float:
        scores = [SPEC.outcome(s).standings[0].score for s in games[level].finals[:200]]
        return sum(scores) / len(scores)

    # far above what a beginner's luck gives, and the levels are in order
    assert mean("normal") > 21 and mean("normal") > mean("easy") > 17
    lost = sum(s.ending == FUSES for s in games["normal"].finals)
    assert lost <= len(games["normal"].finals) // 50


def test_baselines_play_legal_games_too():
    for name, player in BASELINES.items():
        for seed in range(3):
            played = play_game(SPEC, [player] * 3, seed)
            assert played.state.phase == OVER, name


# --- deciding from the view alone --------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"multicolor": True}, {"advanced": True}])
def test_choices_do_not_depend_on_what_the_seat_cannot_see(options):
    rng = random.Random(5)
    checked = 0
    for seed in range(16):
        state = midgame(2 + seed % 4, seed, rng.randrange(0, 40), options)
        if state.phase == OVER:
            continue
        seat = state.current
        other = scramble(state, [seat], rng)
        if other is None:
            continue
        view = json_view(SPEC, state, seat)
        assert json_view(SPEC, other, seat) == view
        for player in EVERYONE.values():
            ours = decide(player.choose, view, seat, seed, 0.05)
            theirs = decide(player.choose, json_view(SPEC, other, seat), seat, seed, 0.05)
            assert ours == theirs
            SPEC.apply(state, seat, ours.action)  # legal in both positions
            SPEC.apply(other, seat, ours.action)
        checked += 1
    assert checked >= 8


def test_the_same_view_and_seed_give_the_same_decision():
    for seed in range(6):
        state = midgame(2 + seed % 4, seed, 5 + 3 * seed)
        view = json_view(SPEC, state, state.current)
        for player in LEVELS.values():
            first = decide(player.choose, view, state.current, seed, 0.05)
            assert decide(player.choose, view, state.current, seed, 0.05) == first
            assert decide(player.choose, view, state.current, seed + 1, 0.05) == first


def test_remembered_models_give_the_decisions_a_whole_replay_gives():
    # during a game a decision replays only the moves since a remembered history; a new
    # process (nothing remembered) replays the whole history and must decide the same
    checked = 0
    for players in PLAYERS:
        for seed in range(2):
            taken: list[tuple[dict, int, Decision]] = []
            history.forget()
            play_game(SPEC, [LEVELS["normal"]] * players, 7000 + seed, budget=quick,
                      on_move=lambda before, seat, decision, *_, taken=taken: taken.append(
                          (json_view(SPEC, before, seat), seat, decision)))
            for view, seat, decision in taken:
                assert history.replay_remembered(view) == replay(view)
                history.forget()
                again = LEVELS["normal"].choose(view, seat, random.Random(0), quick(LEVELS["normal"]))
                assert again == decision
                checked += 1
    assert checked > 400


def test_the_view_carries_the_whole_public_history():
    state = midgame(3, 2, 30)
    view = SPEC.view(state, None)
    assert len(view["history"]) == len(state.moves) == 30
    assert view["history"][-5:] == view["recent"]
    assert SPEC.view(state, 1)["history"] == view["history"]


# --- reasons ---------------------------------------------------------------------------------


def test_reasons_name_no_card_the_table_cannot_see(games):
    seen_keys = set()
    for record in games.values():
        for before, seat, decision in record.moves:
            reason = decision.reason
            assert reason is not None and reason.key.startswith("hanabi-bot-")
            seen_keys.add(reason.key)
            action = decode(decision.action)
            if reason.key.endswith(("-clue-color", "-clue-rank")):
                # only the clue itself, which everybody hears
                assert set(reason.args) <= CLUE_REASON_ARGS
                assert reason.args["target_seat"] == action.target
                if action.kind == "color":
                    assert reason.args["color"] == SPEC.view(before, None)["colors"][action.value]
                    assert "rank" not in reason.args
                else:
                    assert reason.args["rank"] == action.value and "color" not in reason.args
            else:
                # a play or discard names the slot only, not what the card is
                assert set(reason.args) == {"slot"} and reason.args["slot"] == action.slot
    assert {reasons.PLAY_SURE, reasons.DISCARD_CHOP, "hanabi-bot-play-clue-color",
            "hanabi-bot-play-clue-rank", "hanabi-bot-save-clue-rank"} <= seen_keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_is_translated(lang, games, caplog):
    translator = Translator.load()
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    labels: set[Label] = {d.reason for record in games.values() for _, _, d in record.moves}
    for label in labels:
        text = translator.render_label(lang, label, ["Anna", "Boris", "Cleo", "Dan", "Eve"])
        assert text and "hanabi-" not in text and "{" not in text, text
    assert not caplog.records, [r.getMessage() for r in caplog.records]


# --- positions made by hand --------------------------------------------------------------------


def normal_move(state: HanabiState, seed: int = 0) -> Decision:
    return decide(LEVELS["normal"].choose, json_view(SPEC, state, state.current),
                  state.current, seed, 1.0)


def test_a_play_clue_is_understood_and_played():
    state = dealt([["g2", "b3", "w3", "y4", "g4"], ["r1", "b2", "y3", "w4", "g3"]])
    state, _ = SPEC.apply(state, 0, "clue:1:c0")  # red: touches slot 1 only, the newest
    move = normal_move(state)
    assert move.action == "play:1" and move.reason.key == reasons.PLAY_SURE


def test_a_five_on_the_next_players_chop_is_saved():
    state = dealt([["g2", "b3", "w3", "y4", "g4"], ["r2", "b2", "y3", "w4", "g5"]])
    move = normal_move(state)
    assert move.action == "clue:1:r5"
    assert move.reason == Label("hanabi-bot-save-clue-rank", {"target_seat": 1, "rank": 5})


def test_a_playable_card_gets_a_play_clue_and_is_then_played():
    state = dealt([["g2", "b3", "w3", "y4", "g4"], ["r2", "b1", "y3", "w4", "g3"]])
    move = normal_move(state)
    assert move.reason.key.startswith("hanabi-bot-play-clue-")
    clue = decode(move.action)
    touched = [s for s, c in enumerate(state.hand_cards(1), 1)
               if (c.color if clue.kind == "color" else c.rank) == clue.value]
    assert 2 in touched  # the blue 1
    state, _ = SPEC.apply(state, 0, move.action)
    assert normal_move(state).action == "play:2"


def test_the_easy_level_also_plays_what_it_was_clued():
    state = dealt([["g2", "b3", "w3", "y4", "g4"], ["r1", "b2", "y3", "w4", "g3"]])
    state, _ = SPEC.apply(state, 0, "clue:1:c0")
    move = decide(LEVELS["easy"].choose, json_view(SPEC, state, 1), 1, 0, 1.0)
    assert move.action == "play:1"


def test_no_warning_means_the_next_chop_is_no_last_copy():
    # seat 0 discards instead of warning seat 1: everybody reads seat 1's chop as safe
    state = dealt([["g2", "b3", "w3", "y4", "g4"], ["r2", "b2", "y3", "w4", "g3"]])
    state, _ = SPEC.apply(state, 0, "clue:1:r3")
    state, _ = SPEC.apply(state, 1, "clue:0:c1")
    state, _ = SPEC.apply(state, 0, "discard:5")
    model = replay(SPEC.view(state, None))
    hand = model.hands[1]
    chop = hand[chop_index(hand)]
    fives = [index(color, 5) for color in range(5)]
    assert not any(chop.mask >> i & 1 for i in fives)
    mine = model.hands[0]  # seat 1 clued seat 0 instead: no such reading of seat 0's chop
    assert any(mine[chop_index(mine)].mask >> i & 1 for i in fives)
