# Gra-zabawka z tests/toy_game (nie wchodzi do wydania).
game-toy = Do dziesięciu
game-toy-tagline = dodaj 1 lub 2, powiedz cel i wygraj, 2–3 graczy
toy-rules = Do dziesięciu: po kolei dodajcie do sumy 1 lub 2. Kto doprowadzi ją dokładnie do { $goal }, wygrywa.
toy-menu-add = Ile dodajesz?
toy-opt-add = +{ $count }
toy-menu-confirm = Dodać { $count }?
toy-preview = Suma wyniesie { $total }.
toy-menu-wait = To nie twój ruch.
toy-ev-count = { $seat } dodaje { $count }: { $total }.
toy-result = { $seat } dochodzi do { $goal } i wygrywa!
toy-standing = { $rank }. { $seat }
