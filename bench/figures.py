"""What every benchmark measures the same way: percentiles, milliseconds, picture timings."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.0f} ms"


def render_line(label: str, draw: Callable[[], bytes], renders: int) -> str:
    """Time `renders` drawings after one to warm the caches (fonts and sprites are built once
    per process); the median, p95 and size of the picture, as a line to print."""
    png = draw()
    times = []
    for _ in range(renders):
        start = time.perf_counter()
        png = draw()
        times.append(time.perf_counter() - start)
    return (f"render {label}: median {1000 * statistics.median(times):.1f} ms, "
            f"p95 {1000 * p95(times):.1f} ms, {len(png) / 1024:.0f} KiB PNG")
