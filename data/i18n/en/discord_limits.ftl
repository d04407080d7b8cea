# Discord: a table whose channel stops taking the bot's messages, and Discord's limits
# (bot/discord/silence.py, bot/discord/handlers.py)
dc-table-silenced = I can no longer post in this channel (I need: { $permissions }), so the table is paused and its clocks are stopped. Once someone gives me back these permissions, press again and the game goes on; otherwise it ends { $ends }.
dc-silenced-ended = The game ended: I could no longer post in this channel, and nobody gave me back the permissions in time.
dc-lobby-rate-limited = Discord is making me wait before I can post here, so I haven't opened a table. Try /newgame again in a few minutes.
