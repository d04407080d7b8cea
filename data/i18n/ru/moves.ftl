# The game's log (📜 Moves): every move, grouped by round, newest first.

moves-button = 📜 Ходы
moves-header = 📜 { $game }: ходы, сначала новые (страница { $page } из { $pages })
moves-empty = 📜 Ходов ещё не было.
moves-round = Раунд { $round }
moves-unseen = { $who } сделал(а) ход.
moves-since = С твоего прошлого хода: { $moves }
moves-since-more = { $count ->
    [one] ещё { $count } ход раньше
    [few] ещё { $count } хода раньше
    [many] ещё { $count } ходов раньше
   *[other] ещё { $count } хода раньше
} (📜 Ходы)
moves-since-mark = 🆕 с твоего прошлого хода
moves-older = ◀ Раньше
moves-newer = Позже ▶
moves-sent = 📜 Ходы — в нашем личном чате.

# The playground's panel beside the board.
web-moves-title = 📜 Ходы
web-moves-none = Ходов ещё не было.
web-moves-since = 🆕 с твоего прошлого хода
