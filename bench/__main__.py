"""Run every benchmark: `python -m bench` (or `python3 tasks.py bench`)."""

from bench import discord, hanabi, lanterns, lighthouse, telegram

if __name__ == "__main__":
    for name, bench in (("Lanterns", lanterns), ("Hanabi", hanabi), ("Lighthouse", lighthouse),
                        ("Telegram", telegram), ("Discord", discord)):
        print(f"== {name}", flush=True)
        bench.main([])
