"""The picture service: pictures drawn in a worker process equal those drawn in place, are
remembered, and a dead worker process costs nothing but the time to start another."""

from __future__ import annotations

import os
import signal

from bot import pictures
from engine.lanterns import SPEC

NAMES = ["Anna", "Łukasz"]


def test_drawn_elsewhere_equals_drawn_here_and_is_remembered():
    view = SPEC.view(SPEC.setup(2, 5, {}), None)
    png = pictures.picture("lanterns", "board", view, NAMES)
    assert png == pictures.draw(pictures.json.dumps(
        ["lanterns", "board", view, NAMES, None], sort_keys=True, ensure_ascii=False))
    hits = pictures._remembered.cache_info().hits
    assert pictures.picture("lanterns", "board", view, NAMES) == png
    assert pictures._remembered.cache_info().hits == hits + 1


def test_a_killed_drawing_process_is_replaced():
    pool = pictures._worker_pool()
    if pool is None:  # a single core draws in place: nothing to kill
        return
    pictures.picture("lanterns", "waiting", SPEC.view(SPEC.setup(2, 6, {}), 0), NAMES)
    for pid in list(pool._processes):  # the workers of this pool
        os.kill(pid, signal.SIGKILL)
    view = SPEC.view(SPEC.setup(2, 7, {}), 1)
    png = pictures.picture("lanterns", "waiting", view, NAMES)  # drawn despite the dead pool
    assert png.startswith(b"\x89PNG")
    assert pictures._worker_pool() is not pool  # and a new pool serves the next one
    assert pictures.picture("lanterns", "waiting", SPEC.view(SPEC.setup(2, 8, {}), 1), NAMES)
