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
    telegram,
)

if __name__ == "__main__":
    for name, bench in (("Lanterns", lanterns), ("Hanabi", hanabi), ("Lighthouse", lighthouse),
                        ("Rafter Five physics", rafter), ("Rafter Five pictures", rafter_render),
                        ("Replay animations", replay), ("Telegram", telegram),
                        ("Discord", discord), ("Playground", playground),
                        ("Scheduler", scheduler), ("Footprint", footprint),
                        ("Tables shown again after a start", resume)):
        print(f"== {name}", flush=True)
        bench.main([])
