"""The tables a person sits at, as the playground's home page lists them: the game, whether
it is under way or still gathering players, and whose turn it is, by name in the reader's
language. Read from the store; it changes nothing."""

from __future__ import annotations

from bot.port import PersonTable
from bot.storage.store import Status
from bot.table_core import Part
from bot.table_screens import players_of, read_in


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
