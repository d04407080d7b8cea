"""What a webhook worker asks of the store about Telegram's updates, so that each is applied
once however often it is delivered: the port `UpdateBook`, which the store's `UpdateStore`
(bot/storage/updates.py, where the reasoning is) fills, and the answers a claim gets."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class UpdateClaim(StrEnum):
    TAKEN = "taken"  # this worker handles it now
    DONE = "done"  # handled before: answer 200 and drop it
    BUSY = "busy"  # another worker is handling it: answer 503, Telegram retries


class UpdateBook(Protocol):
    async def claim_update(self, bot_id: str | int, update_id: int, *, worker: int, claim: str,
                           lease: float) -> UpdateClaim: ...

    async def finish_update(self, bot_id: str | int, update_id: int, *, claim: str
                            ) -> bool: ...

    async def release_update(self, bot_id: str | int, update_id: int, *, claim: str
                             ) -> bool: ...

    async def release_worker_claims(self, bot_id: str | int, worker: int) -> int: ...

    async def prune_updates(self) -> int: ...
