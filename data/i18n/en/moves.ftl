# The game's log (📜 Moves): every move, grouped by round, newest first.

moves-button = 📜 Moves
# $game: the game's name; $page: this page's number; $pages: how many there are.
moves-header = 📜 { $game }: the moves, newest first (page { $page } of { $pages })
moves-empty = 📜 No move has been made yet.
# $round: the round's number (a round is everyone's turn once, from the first player's).
moves-round = Round { $round }
# $who: the player who moved, when nothing of the move may be told to this reader.
moves-unseen = { $who } moved.
# $moves: the moves since the reader's last turn, each in a line of its own words,
# separated by semicolons.
moves-since = Since your last turn: { $moves }
# $count: how many earlier moves since the reader's last turn had no room in the line.
moves-since-more = { $count ->
    [one] 1 earlier move
   *[other] { $count } earlier moves
} (📜 Moves)
moves-since-mark = 🆕 since your last turn
moves-older = ◀ Older
moves-newer = Newer ▶
moves-sent = 📜 The moves are in our private chat.

# The playground's panel beside the board.
web-moves-title = 📜 Moves
web-moves-none = No move has been made yet.
web-moves-since = 🆕 since your last turn
