"""Dealing a round: shuffle each player's tokens, reveal the centre tokens, find who starts,
deal the hands.

Each player's tokens are shuffled face down into a pile; each reveals the top one onto the
centre cell of the zone of their colour. When the reveal decides who starts (rounds 1 and
3), the lower number starts; on equal numbers both are set aside and two new ones revealed,
and once the starter is known the set-aside tokens are shuffled back into their piles. (Should
every pair tie until the piles run out, which only tiny custom sets can do, the last pair
stays and the seed tosses a coin.) In round 2 the other player starts, and the revealed
tokens simply stay. Then each player takes a hand from their pile.

All randomness comes from the game's seed and the round number, so a round is dealt the
same way every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import Board, Token, empty_board, place
from .options import PLAYERS, Options
from .state import Player


@dataclass(frozen=True)
class Deal:
    board: Board
    players: tuple[Player, ...]
    starter: int
    reveals: tuple[tuple[int, int], ...]  # every pair revealed (red, blue); all but the last tied
    coin: bool = False  # every pair tied: the seed chose the starter


def round_rng(seed: int, round_no: int) -> random.Random:
    # A string seed is hashed with SHA-512 by `random`, the same on every run and machine.
    return random.Random(f"lighthouse:{seed}:{round_no}")


def deal_round(seed: int, options: Options, round_no: int, starter: int | None) -> Deal:
    """Deal round `round_no`; `starter` None lets the reveal decide who starts."""
    rng = round_rng(seed, round_no)
    piles: list[list[int]] = []
    for _ in range(PLAYERS):
        pile = list(options.full_set())
        rng.shuffle(pile)
        piles.append(pile)
    aside: list[list[int]] = [[] for _ in range(PLAYERS)]
    reveals: list[tuple[int, int]] = []
    coin = False
    while True:
        red, blue = piles[0].pop(0), piles[1].pop(0)
        reveals.append((red, blue))
        if starter is not None:
            break
        if red != blue:
            starter = 0 if red < blue else 1
            break
        if not piles[0] or not piles[1]:
            starter, coin = rng.randrange(PLAYERS), True
            break
        aside[0].append(red)
        aside[1].append(blue)
    players = []
    for seat in range(PLAYERS):
        pile = piles[seat]
        if aside[seat]:
            pile += aside[seat]
            rng.shuffle(pile)
        players.append(Player(pile=tuple(pile[options.hand_size:]),
                              hand=tuple(sorted(pile[:options.hand_size]))))
    board = empty_board(options.zone_size)
    for seat, value in enumerate(reveals[-1]):
        board = place(board, seat, options.centre, Token(seat, value))
    return Deal(board, tuple(players), starter, tuple(reveals), coin)
