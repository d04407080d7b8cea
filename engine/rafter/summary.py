"""The rules summary players read, for the options a table is played with: the chests, the
lumber and the end change with the options, so each is a message of its own.

>>> summary({"chests": 5}).args["chests"].args
{'chests': 5}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Label
from .options import Options


def summary(options: Mapping[str, Any]) -> Label:
    o = Options.parse(options)
    chests = (Label("rafter-rules-chests-n", {"chests": o.chests}) if o.chests
              else Label("rafter-rules-chests"))
    lumber = "rafter-rules-lumber-advanced" if o.advanced else "rafter-rules-lumber"
    end = "rafter-rules-end-house" if o.house else "rafter-rules-end"
    return Label("rafter-rules", {"chests": chests, "lumber": Label(lumber), "end": Label(end)})
