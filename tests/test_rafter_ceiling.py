"""The statistics of `bench.rafter_ceiling`: how much the next turn's chance to fall varies
between the builds of a position, once the noise of a few draws is taken out."""

from __future__ import annotations

import random
import statistics

import pytest

from bench.rafter_ceiling import Left, oracle_gaps, real_spread, within

DRAWS = 5  # in each half


def _left(chance: float, rng: random.Random, room: float = 0.0) -> Left:
    return Left(room, 0, [rng.random() < chance for _ in range(2 * DRAWS)])


def test_builds_alike_show_no_spread_however_noisy_their_draws() -> None:
    rng = random.Random(3)
    studied = [([False] * 2 * DRAWS, [_left(0.3, rng) for _ in range(4)]) for _ in range(3000)]
    spreads = real_spread(studied, DRAWS)
    # each position's raw variance of fall rates is about 0.3 * 0.7 / 5 = 0.04: pure noise
    assert statistics.fmean(spreads) == pytest.approx(0.0, abs=0.004)


def test_builds_that_differ_show_their_real_spread() -> None:
    rng = random.Random(4)
    chances = [0.1, 0.2, 0.3, 0.6]
    studied = [([False] * 2 * DRAWS, [_left(p, rng) for p in chances]) for _ in range(3000)]
    assert statistics.fmean(real_spread(studied, DRAWS)) == pytest.approx(
        statistics.variance(chances), abs=0.004)


def test_the_oracle_picks_by_the_first_half_and_is_measured_on_the_second() -> None:
    fell_first = Left(0.0, 0, [True] * DRAWS + [False] * DRAWS)
    fell_later = Left(0.0, 0, [False] * DRAWS + [True] * DRAWS)
    after_normal = [False] * DRAWS + [True, False, False, False, False]
    assert oracle_gaps([(after_normal, [fell_later, fell_first])], DRAWS) == [-0.2]


def test_within_a_position_only_differences_from_its_mean_count() -> None:
    rng = random.Random(5)
    # the second position's builds all fall more and have more room: no relation within
    studied = [([], [_left(0.0, rng, room=1.0), _left(1.0, rng, room=2.0)]),
               ([], [_left(1.0, rng, room=9.0), _left(0.0, rng, room=10.0)])]
    assert within(studied, "room") == pytest.approx(0.0)
    assert within(studied[:1], "room") == pytest.approx(1.0)
