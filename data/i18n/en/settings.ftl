# /settings: a chat's settings, changed by its admins in a menu only they see.

cmd-settings = This chat's settings (admins)

settings-group-only = /settings changes a group's settings: send it in the group.
settings-admins-only = Only a chat admin can change my settings here.
settings-sent-privately = I sent you the settings in our private chat.
settings-open-private = To change this chat's settings, open a private chat with me: the button below shows them there.
settings-button-open = ⚙️ Open settings

# $chat: the group's title.
settings-title = ⚙️ Settings of “{ $chat }”
settings-title-unknown = ⚙️ Settings of your group
settings-hint = Press a setting to change it.
# $value: the current value, as one of the texts below reads.
settings-language = 🌐 Language: { $value }
settings-clock = ⏱ Clock of new tables: { $value }
settings-managers = 👑 Who starts and closes tables: { $value }
settings-computers = 🤖 Computer players: { $value }
settings-lobby = ⌛ A table nobody starts closes after: { $value }

settings-button-language = 🌐 Language
settings-button-clock = ⏱ Clock
settings-button-managers = 👑 Who starts and closes
settings-button-computers = 🤖 Computer players
settings-button-lobby = ⌛ Waiting for Start

settings-choose-language = Which language do I speak in this chat?
settings-choose-clock = Which clock do new tables get? Their host can still change it in the lobby.
settings-choose-managers = Who may start and close tables?
settings-choose-computers = May hosts add computer players in the lobby?
settings-choose-lobby = How long does a table wait for its Start before it closes itself?

settings-language-unset = not chosen (the language of whoever opens a table)
settings-clock-game = each game's own
settings-managers-host = the host (any admin may also close)
settings-managers-admins = chat admins only
settings-computers-on = allowed
settings-computers-off = not allowed
settings-lobby-minutes = { $minutes } min
settings-lobby-default = { $minutes } min (my default)
# A choice that is the current value; $label: the choice.
settings-chosen = ✓ { $label }

settings-saved = Saved.
settings-outdated = These settings changed meanwhile: here they are now.
settings-start-admins = Only a chat admin can start a game here.
settings-cancel-admins = Only a chat admin can close a table here.
settings-computers-refused = Computer players are turned off in this chat's settings.
