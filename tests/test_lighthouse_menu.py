"""The Lighthouse choice tree: token → zone → cell → Confirm, only empty cells, previews."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import MAX_KEY_LENGTH, Malformed
from engine.lighthouse import SPEC, rules
from engine.lighthouse.state import ROUND_OVER
from tests.test_lighthouse_rules import BLUE, CENTRE, RED, arrange, row, won_round


def test_the_root_offers_each_number_in_hand_once():
    state = arrange(hands={RED: (5, 5, 2)})
    menu = SPEC.menu(state, RED, ())
    assert menu.title.key == "lighthouse-menu-token" and menu.action is None
    assert [(o.key, o.label.args) for o in menu.options] == [
        ("2", {"value": 2, "count": 1}), ("5", {"value": 5, "count": 2})]


def test_a_token_then_a_zone_then_only_the_empty_cells():
    state = arrange(row(BLUE, 0, [(RED, 4), (BLUE, 6)]), hands={RED: (3, 5, 8)})
    zones = SPEC.menu(state, RED, ("5",))
    assert [o.key for o in zones.options] == ["r", "b"]
    assert [o.label.key for o in zones.options] == [
        "lighthouse-opt-zone-red", "lighthouse-opt-zone-blue"]
    assert zones.options[0].label.args == {"empty": 24, "own": 1}
    assert zones.options[1].label.args == {"empty": 22, "own": 0}
    assert zones.focus == {"value": 5}
    cells = SPEC.menu(state, RED, ("5", "b"))
    offered = [int(o.key) - 1 for o in cells.options]
    assert offered == [c for c in range(25) if c not in (0, 1, CENTRE)]
    assert cells.focus == {"value": 5, "zone": BLUE, "cells": offered}
    assert all(len(o.key) <= MAX_KEY_LENGTH for o in cells.options)


def test_a_full_zone_is_not_offered():
    state = arrange({(RED, c): (RED if c % 2 else BLUE, 1 + c % 8)
                     for c in range(25) if c != CENTRE},
                    options={"copies": 8})
    assert [o.key for o in SPEC.menu(state, RED, ("1",)).options] == ["b"]
    with pytest.raises(Malformed):
        SPEC.menu(state, RED, ("1", "r"))


def test_cell_buttons_tell_what_completing_a_line_brings():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 1), (BLUE, 2)]), hands={BLUE: (5, 6, 7)},
                    current=BLUE)
    options = {o.key: o.label.args for o in SPEC.menu(state, BLUE, ("7", "r")).options}
    # cell 5, the last of the first row, completes it; red owns it and scores the pair: -1 for blue
    assert options["5"] == {"n": 5, "lines": 1, "points": 1, "loss": 1}
    assert options["6"] == {"n": 6, "lines": 0, "points": 0, "loss": 0}


def test_the_leaf_previews_each_line_the_marker_and_the_round():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 4), (BLUE, 4)]), hands={RED: (4, 5, 6)},
                    marker=2)
    leaf = SPEC.menu(state, RED, ("4", "r", "5"))
    assert leaf.action == "p:4:0:4" and leaf.options == () and not leaf.instant
    assert leaf.title.args == {"value": 4, "zone": "lighthouse-zone-red", "cell": 5}
    assert [p.key for p in leaf.preview] == [
        "lighthouse-preview-line", "lighthouse-preview-marker", "lighthouse-preview-round-track"]
    assert leaf.preview[0].args["points"] == 10 and leaf.preview[0].args["combos"] == [
        "lighthouse-combo-5"]
    assert leaf.focus == {"value": 4, "zone": RED, "cell": 4, "marker": 10, "lines": [
        {"zone": RED, "kind": "row", "index": 0, "seat": RED, "points": 10}]}
    quiet = SPEC.menu(state, RED, ("5", "b", "1"))
    assert [p.key for p in quiet.preview] == ["lighthouse-preview-no-line"]
    assert quiet.focus["lines"] == [] and quiet.focus["marker"] == 2


def test_the_preview_agrees_with_the_move():
    state = arrange(row(RED, 0, [(BLUE, 1), (BLUE, 3), (BLUE, 5), (RED, 6)]),
                    hands={RED: (4, 7, 8)})
    leaf = SPEC.menu(state, RED, ("8", "r", "5"))
    after, events = rules.apply(state, RED, leaf.action)
    assert after.marker == leaf.focus["marker"] == 3
    assert leaf.preview[0].key == "lighthouse-preview-line-none"
    assert leaf.preview[0].args == {k: v for k, v in events[1].label.args.items()}


def test_between_rounds_one_instant_button_starts_the_next_round():
    state = replace(won_round(arrange(), RED), current=BLUE)
    assert state.phase == ROUND_OVER
    root = SPEC.menu(state, BLUE, ())
    assert root.title.key == "lighthouse-menu-round-over"
    assert [(o.key, o.label.args) for o in root.options] == [("n", {"round": 2})]
    leaf = SPEC.menu(state, BLUE, ("n",))
    assert leaf.action == "n" and leaf.instant
    assert SPEC.menu(state, RED, ()).title.key == "lighthouse-menu-wait"


@pytest.mark.parametrize("path", [("9",), ("4",), ("3", "x"), ("3", "r", "13"), ("3", "r", "26"),
                                  ("3", "r", "0"), ("3", "r", "a"), ("3", "r", "1", "1"), ("n",)])
def test_bad_paths_are_malformed(path):
    state = arrange(hands={RED: (1, 2, 3)})
    with pytest.raises(Malformed):
        SPEC.menu(state, RED, path)
    with pytest.raises(Malformed):
        SPEC.menu(state, BLUE, ("1",))  # not their turn: no path at all


def test_the_waiting_player_sees_whom_they_wait_for():
    state = arrange(current=BLUE, hands={BLUE: (1, 2, 3)})
    menu = SPEC.menu(state, RED, ())
    assert menu.title.key == "lighthouse-menu-wait" and menu.title.args == {"current_seat": BLUE}
    assert menu.options == ()
