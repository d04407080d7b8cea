"""What the tests and the benchmarks run the bot against: the fake Telegram Bot API and the
fake Discord API and gateway on 127.0.0.1 (as strict as the real services), the end-to-end
worlds of simulated people over them, the webhook-worker harness, the database backends and
the faults (a cut connection, a locked SQLite). Never shipped: setup.py packages only engine,
render, bot and the data."""
