"""The tables a person sits at, and the games they played, as the playground's home page
lists them: the game, whether it is under way or still gathering players, whose turn it is
(by name, in the reader's language), and for the games that ended, when and how (as /history
says it). Read from the store; it changes nothing."""

from __future__ import annotations

from bot.port import PersonGame, PersonTable
from bot.replay_screens import PastGame, past_result, when
from bot.storage.store import Status
from bot.table_core import Part
from bot.table_screens import players_of, read_in
from engine.core import Standing

PAST_GAMES = 10
"""The games a home page lists, newest first."""


class PersonTables(Part):
    async def of(self, platform: str, user_id: str, lang: str) -> list[PersonTable]:
        found: list[PersonTable] = []
        for table in await self.store.tables_of_user(platform, user_id):
            spec = self.games.get(table.game)
            playing = table.status == Status.PLAYING
            turn: tuple[str, ...] = ()
            yours = False
            if spec is not None and playing and table.state is not None:
                players = read_in(self.tr, lang, players_of(
                    await self.store.list_seats(table.id), table.language))
                acting = [players[seat] for seat in sorted(
                    spec.to_act(spec.from_dict(table.state))) if seat < len(players)]
                turn = tuple(p.name for p in acting)
                yours = any(p.user_id == user_id for p in acting)
            found.append(PersonTable(table.id, table.chat_id, table.title,
                                     table.creator_id == user_id, game=table.game,
                                     playing=playing, turn=turn, yours=yours))
        return found

    async def played(self, platform: str, user_id: str, lang: str) -> list[PersonGame]:
        """The person's last games that ended (finished or abandoned), newest first."""
        ended = await self.store.ended_tables_of_user(platform, user_id, self.games,
                                                      limit=PAST_GAMES)
        games: list[PersonGame] = []
        for table in ended:
            assert table.ended_at is not None
            names = tuple(p.name for p in read_in(self.tr, lang, players_of(
                await self.store.list_seats(table.id), table.language)))
            results = sorted(await self.store.results(table.id), key=lambda r: (r.rank, r.seat))
            past = PastGame(table.id, table.game, table.ended_at,
                            table.status == Status.CANCELLED, names,
                            tuple(Standing(r.seat, r.rank, r.score, r.tiebreaks)
                                  for r in results))
            games.append(PersonGame(table.id, table.chat_id, table.game, when(table.ended_at),
                                    past_result(self.tr, lang, past)))
        return games
