"""What a platform's outbox did, counted by role, for tests, benchmarks and logs."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Counters:
    """What the outbox did, by role ("board", "panel", ..., "message" for one-off answers,
    "dm" for direct messages)."""

    sends: Counter[str] = field(default_factory=Counter)
    edits: Counter[str] = field(default_factory=Counter)
    deletes: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    """Screens identical to what the message already shows: no request."""
    coalesced: Counter[str] = field(default_factory=Counter)
    """Pending instructions replaced by a newer one before being sent."""
    failures: Counter[str] = field(default_factory=Counter)
    surplus: Counter[str] = field(default_factory=Counter)
    """Kept messages found replaced by another worker's of the same place, and deleted."""

    def sent_or_edited(self, *roles: str) -> int:
        """Sends plus edits, over `roles` (all roles if none given)."""
        total = self.sends + self.edits
        return sum(n for role, n in total.items() if not roles or role in roles)

    def reset(self) -> None:
        for counter in (self.sends, self.edits, self.deletes, self.skipped, self.coalesced,
                        self.failures, self.surplus):
            counter.clear()
