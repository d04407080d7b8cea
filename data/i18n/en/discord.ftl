# Strings only the Discord adapter uses. Plain text: the adapter escapes Discord's markdown.

## Slash command parameters (names: lowercase letters, digits, - and _, at most 32)

dc-param-game = game
dc-param-game-description = The game to play (without it: a list to choose from)
dc-param-options = options
dc-param-options-description = The game's options, e.g. multicolor advanced (see /rules)
dc-param-rules-game-description = The game (without it: the game at this channel's table)

## Answers

# Shown only to whoever sent /newgame; the lobby is a message in the channel.
dc-table-opened = The table is open: the lobby is in this channel.
# $permissions: Discord's names of the missing permissions, joined with commas.
dc-missing-permissions = I can't host a table here: I need these permissions in this channel: { $permissions }.
# Below a board shown as text because the bot may not attach files in the channel.
dc-missing-attach-right = No picture: I don't have the “Attach Files” permission in this channel.
# In the channel, once per table, for a player the bot cannot send direct messages to.
dc-dm-blocked = { $name }, I can't send you direct messages, so I'll only mention you here when it's your turn. To get a direct message too, allow direct messages from this server's members in your privacy settings.
