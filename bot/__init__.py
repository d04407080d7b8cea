"""The host: runs board-game tables in Telegram and Discord chats.

Platform adapters live in `bot.telegram` and `bot.discord`; everything they share
(configuration, translations, tables, storage) lives beside them. Start it with
`python -m bot` (or `python3 tasks.py run`).
"""
