"""Process pools whose processes never outlive the bot process that started them.

The bot draws pictures and lets computer players think in pools of worker processes
(bot/pictures.py, bot/thinking.py). A pool's processes end when it is shut down, but a bot
process that ends without doing so (a kill -9, the OOM killer, a crash, or `os._exit`,
which a webhook worker ends with to skip the interpreter's teardown) used to leave them
running for good, 70 MB each, with multiprocessing's resource tracker beside them.

So two things, both here:

* `pool()` starts each process with a watcher thread that ends it as soon as its parent is
  gone (its parent pid changes: it was handed to init or a subreaper). Once they are gone
  the resource tracker ends too, its pipe's last writer closed.
* `stop()` shuts a pool down on every orderly exit path (the bot's shutdown, SIGTERM), and
  ends a process that does not stop within a grace period (a search in the middle of its
  budget).

Rejected: Linux's parent-death signal (`prctl(PR_SET_PDEATHSIG)`). It fires when the
*thread* that started the process ends, not the process, and a pool starts its processes
from whichever thread submits work (here the event loop's executor threads), so it would
kill healthy processes whenever such a thread ended; and it exists on Linux only. Polling
the parent pid twice a second costs nothing measurable.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

WATCH_EVERY = 0.5
"""Seconds between a child's looks at whether its parent still lives."""
GRACE = 3.0
"""Seconds a pool's processes get to stop before they are terminated."""


def pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` fresh interpreters ("spawn": not forks of a process running
    threads and an event loop) that end when this process does, however it ends."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent, initargs=(os.getpid(),))


def die_with_parent(parent: int) -> None:
    """The pool's initializer, in each child: watch the parent from a daemon thread."""
    if os.getppid() != parent:  # already gone while this process started
        os._exit(0)
    threading.Thread(target=_watch, args=(parent,), name="parent watcher",
                     daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)  # no cleanup to wait for: the parent that would use the results is gone


def stop(executor: ProcessPoolExecutor, grace: float = GRACE) -> None:
    """Shut `executor` down, cancelling what waits; processes still busy after `grace`
    seconds are terminated (then killed). Blocks for at most about twice `grace`."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    closing = threading.Thread(target=executor.shutdown, kwargs={"cancel_futures": True},
                               name="pool shutdown", daemon=True)
    closing.start()
    closing.join(grace)
    if not closing.is_alive():
        return
    log.warning("%d pool process(es) still busy after %gs: terminated", len(processes), grace)
    for process in processes:
        if process.is_alive():
            process.terminate()
    closing.join(grace)
    for process in processes:
        if process.is_alive():
            process.kill()
