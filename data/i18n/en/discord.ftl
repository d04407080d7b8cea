# Strings only the Discord adapter uses. Plain text: the adapter escapes Discord's markdown.

## Slash command names as Discord shows them (lowercase letters of any script, digits, - and _, at most 32)

dc-name-newgame = newgame
dc-name-games = games
dc-name-rules = rules
dc-name-help = help
dc-name-cancel = cancel
dc-name-leave = leave
dc-name-language = language
dc-name-settings = settings
dc-name-history = history
dc-name-stats = stats
dc-name-forgetme = forgetme

## Slash command parameters (names: lowercase letters, digits, - and _, at most 32)

dc-param-game = game
dc-param-game-description = The game to play (without it: a list to choose from)
dc-param-options = options
dc-param-options-description = The game's options, e.g. multicolor advanced (see /rules)
dc-param-rules-game-description = The game (without it: the game at this channel's table)
dc-param-rules-options-description = The options to describe the game with, e.g. multicolor or zone_size=7

## Answers

# Shown only to whoever sent /newgame; the lobby is a message in the channel.
dc-table-opened = The table is open: the lobby is in this channel.
# $permissions: Discord's names of the missing permissions, joined with commas.
dc-missing-permissions = I can't host a table here: I need these permissions in this channel: { $permissions }.
# Below a board shown as text because the bot may not attach files in the channel.
dc-missing-attach-right = No picture: I don't have the “Attach Files” permission in this channel.
# In the channel, once per table, for a player the bot cannot send direct messages to.
dc-dm-blocked = { $name }, I can't send you direct messages, so I'll only mention you here when it's your turn. To get a direct message too, allow direct messages from this server's members in your privacy settings.
# Shown only to whoever sent /newgame where the bot cannot post the lobby: a private thread it is not in, a locked or archived-and-locked thread.
dc-cannot-post-here = I can't post in this thread, so I haven't opened a table. Add me to the thread (mention me in it) or ask a moderator to unlock it, or use /newgame in a channel.
# On the final board of a game whose thread was locked: the bot can no longer post there.
dc-thread-locked = The game ended: this thread was locked, so I can no longer post in it.

## /dms: a turn reminder by direct message, for those who ask (off by default)

dc-name-dms = dms
cmd-dms = Turn reminders by direct message: on or off
dc-param-dms-choice = choice
dc-param-dms-choice-description = On: a direct message when it's your turn; off: only the mention in the channel
dc-dms-choice-on = On
dc-dms-choice-off = Off
dc-dms-now-on = Done: when it's your turn at a table, I'll also send you a direct message. /dms off stops them.
dc-dms-now-off = Done: no direct messages at your turn; the table's channel mentions you. /dms on starts them.
dc-dms-are-on = Turn reminders by direct message are on. /dms off stops them.
dc-dms-are-off = Turn reminders by direct message are off: the table's channel mentions you at your turn. /dms on adds a direct message (handy for slow games with hours per turn).
dc-dms-refused = Discord refused my last direct message to you: to get them, allow direct messages from this server's members in your privacy settings.
