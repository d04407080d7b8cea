# The table service: lobbies, turns and results, for every game.

cmd-newgame = Open a table for a game
cmd-games = The games I can host
cmd-rules = A short summary of a game's rules
cmd-help = How to play with me
cmd-cancel = Close this chat's table (its host or an admin; players can vote to end a game)
cmd-leave = Leave the table (during a game, a computer player takes your seat)
cmd-language = Choose my language in this chat

table-choose-game = Which game shall we play?
table-games-header = Games I can host:
table-game-line = • { $name } — { $tagline }: /newgame { $code }
table-no-table = There is no table in this chat. Open one with /newgame.
table-language-admins = Only a chat admin can change my language here.
table-already-started = This game has already started.
table-not-started = The game has not started yet.
table-joined-you = You're in!
table-left-you = You left the table.
table-cancel-not-allowed = Only the table's host or a chat admin can close it.
table-panel-sent = Your hand is in our private chat.
table-join-link-invalid = This invitation has expired. Press Join in the group again.
table-host-unknown = someone
table-cancelled-game = 🏳 { $name } ended the game before its end.
table-clip = 🎬 The last move, as it happened.
table-final-ranking = 🏁 Final ranking:
table-turn-ping = 🔔 { $player }, your turn!
table-panel-waiting = Not your turn yet: I'll show your choices here when it is. The board is in “{ $chat }”.
table-panel-over = The game in “{ $chat }” is over: the final ranking is there.
table-panel-closed = The table in “{ $chat }” was closed.
table-panel-left = You left the game in “{ $chat }”: a computer player has your seat.
table-options = Options: { $options }
table-bad-option = “{ $word }” is not an option of this game. Its options: { $options }
table-rules-options = ⚙️ These rules are for: { $chosen }. Options (typed after the name, as in /newgame { $game } or /rules { $game }): { $known }
table-rules-options-default = the default options

# Computer players
table-computer-level-easy = Easy
table-computer-level-normal = Normal
table-computer-level-hard = Hard
table-computer-name = 🤖 { $level }
table-computer-add = 🤖 Add computer player
table-computer-choose = Add a computer player of which level? (Or remove one.)
table-computer-remove = ✖ { $name }
table-computer-host-only = Only { $name }, who opened the table, can add or remove computer players.
table-computer-added = { $name } joined the table.
table-computer-removed = { $name } left the table.
table-computer-gone = That computer player has already left.
table-computer-need-person = At least one person must play.
table-computer-thinking = { $player } is thinking…
table-computer-none = This game has no computer players.
table-lobby-expired = Nobody started the game within { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }, so the table closed itself. Open a new one with /newgame.

# Play again
table-again-button = 🔁 Play again
table-again-opened = A new table is open, with the same players: press Start when everyone is ready.
table-again-not-over = This game is still going on.
table-again-players-only = Only the players of this game can start it again.

# Board caption: several moves happened since the board was last shown; each of the newest
# is one line, and this counts the ones before them.
table-moves-earlier = { $count ->
        [one] One earlier move is told in a message of its own; then:
       *[other] { $count } earlier moves are told in a message of their own; then:
    }
table-moves-earlier-list = Earlier moves:
# A person pressed again (at another table) while the bot still works out their last answer (a risk estimate).
table-physics-busy = Still working on your last question. Try again in a moment.
table-point-nowhere = Nothing to choose at that spot of the picture: drag onto a place it shows, or tap a number.
