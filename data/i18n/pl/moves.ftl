# The game's log (📜 Moves): every move, grouped by round, newest first.

moves-button = 📜 Ruchy
moves-header = 📜 { $game }: ruchy, od najnowszych (strona { $page } z { $pages })
moves-empty = 📜 Nie było jeszcze żadnego ruchu.
moves-round = Runda { $round }
moves-unseen = { $who } wykonuje ruch.
moves-since = Od twojego ostatniego ruchu: { $moves }
moves-since-more = { $count ->
    [one] { $count } wcześniejszy ruch
    [few] { $count } wcześniejsze ruchy
    [many] { $count } wcześniejszych ruchów
   *[other] { $count } wcześniejszego ruchu
} (📜 Ruchy)
moves-since-mark = 🆕 od twojego ostatniego ruchu
moves-older = ◀ Wcześniej
moves-newer = Później ▶
moves-sent = 📜 Ruchy są w naszym prywatnym czacie.

# The playground's panel beside the board.
web-moves-title = 📜 Ruchy
web-moves-none = Nie było jeszcze żadnego ruchu.
web-moves-since = 🆕 od twojego ostatniego ruchu
