"""Run every benchmark: `python -m bench` (or `python3 tasks.py bench`)."""

from bench import (
    discord,
    footprint,
    hanabi,
    lanterns,
    lighthouse,
    playground,
    rafter,
    rafter_render,
    replay,
    resume,
    scheduler,
    table_memory,
    telegram,
)

if __name__ == "__main__":
    for name, bench in (("Lanterns", lanterns), ("Hanabi", hanabi), ("Lighthouse", lighthouse),
                        ("Rafter Five physics", rafter), ("Rafter Five pictures", rafter_render),
                        ("Replay animations", replay), ("Telegram", telegram),
                        ("Discord", discord), ("Playground", playground),
                        ("Scheduler", scheduler), ("Footprint", footprint),
                        ("Tables shown again after a start", resume),
                        ("Memory per table that came and went", table_memory)):
        print(f"== {name}", flush=True)
        bench.main([])
