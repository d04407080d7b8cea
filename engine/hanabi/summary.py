"""The rules summary players read, for the options a table is played with: the deck and the
ending change with the multicolour and advanced options, so each is a message of its own.

>>> summary({"multicolor": True, "advanced": False}).args["ending"].args["perfect"]
30
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Label
from .components import variant_from_options


def summary(options: Mapping[str, Any]) -> Label:
    variant = variant_from_options(options)
    if variant.advanced:
        ending = Label("hanabi-rules-end-advanced", {"perfect": variant.max_score})
    else:
        scale = "hanabi-rules-scale-multicolor" if variant.multicolor else "hanabi-rules-scale"
        ending = Label("hanabi-rules-end", {"perfect": variant.max_score,
                                            "scale": Label(scale)})
    deck = "hanabi-rules-deck-multicolor" if variant.multicolor else "hanabi-rules-deck"
    return Label("hanabi-rules", {"deck": Label(deck), "ending": ending})
