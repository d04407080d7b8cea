"""What the whole suite shares: an expensive result worked out once per test run, and
hypothesis's settings."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings

# No test may depend on the machine being idle: hypothesis's timing checks (an example's
# deadline, "input generation is slow") fail on a loaded 2-core machine, so they are off for
# the whole suite; each test's own @settings still sets its number of examples.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# the fakes' own checks (assert_within_limits, ...) report like the tests' asserts
pytest.register_assert_rewrite("fakes")

try:
    import fcntl
except ImportError:  # Windows: no shared result, each worker works it out itself
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")


@pytest.fixture(scope="session")
def once_per_run(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[], T]], T]:
    """`once_per_run(name, compute)`: `compute()`, worked out once per test run (for a
    module's fixture whose tests xdist may share out among its workers)."""

    def get(name: str, compute: Callable[[], T]) -> T:
        return shared_result(tmp_path_factory, name, compute)

    return get


def shared_result(tmp_path_factory: pytest.TempPathFactory, name: str,
                  compute: Callable[[], T]) -> T:
    """`compute()`, worked out once per test run. A fixture's scope ends at its process, and
    xdist's workers each have a session of their own: the first worker to ask computes the
    result while the others wait on a lock, and leaves it pickled in the run's shared
    temporary folder, where later ones read it. Without workers it is simply computed."""
    if "PYTEST_XDIST_WORKER" not in os.environ or fcntl is None:
        return compute()
    shared = tmp_path_factory.getbasetemp().parent  # the run's folder, above each worker's
    path = shared / f"{name}.pickle"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.exists():
            return pickle.loads(path.read_bytes())
        result = compute()
        path.write_bytes(pickle.dumps(result))
        return result
