# The Telegram Mini App: the table opened inside Telegram (bot/web/telegram_app.py).

# On the group's board (a link) and the private panel (a button): opens the table in Telegram.
miniapp-open-table = 🎮 Open table
# The private chat's menu button: opens the list of one's tables.
miniapp-menu-button = 🎲 My tables

# Refusals: who opened the page could not be proven, or may not see this table.
miniapp-refused-missing = Open this page from Telegram: only there does it know who you are.
miniapp-refused-forged = This page was not opened from this bot in Telegram. Open the table again from the chat.
miniapp-refused-expired = This page was opened too long ago. Close it and open the table again from the chat.
miniapp-no-table = This table is not open in any chat of this bot.
miniapp-not-member = Only the members of the table's group can see it.
miniapp-too-fast = Too fast: wait a moment, then press again.
miniapp-too-many-streams = This table is open in too many windows of yours: close one.

# The page's own words.
miniapp-title = Game table
miniapp-tables = Your tables
miniapp-no-tables = You sit at no table now. Start one in a group with /newgame.
miniapp-board = Board
miniapp-hand = Your hand
miniapp-watching = You are watching: each player's hand is shown to them alone.
miniapp-loading = Loading…
miniapp-reconnecting = Connection lost, reconnecting…
miniapp-confirm = Confirm
miniapp-your-turn = your turn
