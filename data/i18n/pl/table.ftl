# Obsługa stołów: zapisy, tury i wyniki, dla wszystkich gier.

cmd-newgame = Otwórz stół do gry
cmd-games = Gry, które umiem prowadzić
cmd-rules = Krótkie zasady gry
cmd-help = Jak ze mną grać
cmd-cancel = Zamknij stół na tym czacie (gospodarz lub administrator; gracze mogą zagłosować za końcem gry)
cmd-leave = Odejdź od stołu (w trakcie gry twoje miejsce zajmie komputer)
cmd-language = Wybierz mój język na tym czacie

table-choose-game = W co zagramy?
table-games-header = Gry, które umiem prowadzić:
table-game-line = • { $name } — { $tagline }: /newgame { $code }
table-no-table = Na tym czacie nie ma stołu. Otwórz go poleceniem /newgame.
table-language-admins = Tylko administrator czatu może tu zmienić mój język.
table-already-started = Ta gra już się zaczęła.
table-not-started = Gra jeszcze się nie zaczęła.
table-joined-you = Jesteś przy stole!
table-left-you = Odchodzisz od stołu.
table-cancel-not-allowed = Stół może zamknąć tylko jego gospodarz lub administrator czatu.
table-panel-sent = Twoja ręka jest na naszym prywatnym czacie.
table-join-link-invalid = To zaproszenie wygasło. Naciśnij „Dołącz” w grupie jeszcze raz.
table-host-unknown = ktoś
table-cancelled-game = 🏳 { $name } kończy grę przed czasem.
table-clip = 🎬 Ostatni ruch — jak to wyglądało.
table-final-ranking = 🏁 Wyniki:
table-turn-ping = 🔔 { $player }, twoja kolej!
table-panel-waiting = Jeszcze nie twoja kolej: gdy nadejdzie, wybory pojawią się tutaj. Plansza jest na czacie „{ $chat }”.
table-panel-over = Gra na czacie „{ $chat }” się skończyła: wyniki są tam.
table-panel-closed = Stół na czacie „{ $chat }” został zamknięty.
table-panel-left = Odszedłeś z gry na czacie „{ $chat }”: twoje miejsce zajął komputer.
table-options = Opcje: { $options }
table-bad-option = „{ $word }” nie jest opcją tej gry. Jej opcje: { $options }
table-rules-options = ⚙️ Zasady podane dla: { $chosen }. Opcje (wpisywane po nazwie, jak w /newgame { $game } albo /rules { $game }): { $known }
table-rules-options-default = opcji domyślnych

# Computer players
table-computer-level-easy = Łatwy
table-computer-level-normal = Średni
table-computer-level-hard = Trudny
table-computer-name = 🤖 { $level }
table-computer-add = 🤖 Dodaj gracza komputerowego
table-computer-choose = Jakiego poziomu gracza komputerowego dodać? (Albo usuń jednego.)
table-computer-remove = ✖ { $name }
table-computer-host-only = Graczy komputerowych może dodawać i usuwać tylko { $name }, gospodarz stołu.
table-computer-added = { $name } dołącza do stołu.
table-computer-removed = { $name } opuszcza stół.
table-computer-gone = Ten gracz komputerowy już odszedł.
table-computer-need-person = Grać musi co najmniej jedna osoba.
table-computer-thinking = { $player } myśli…
table-computer-none = Ta gra nie ma graczy komputerowych.
table-lobby-expired = Nikt nie rozpoczął gry w ciągu { $minutes } { $minutes ->
        [one] minuty
       *[other] minut
    }, więc stół zamknął się sam. Nowy można otworzyć poleceniem /newgame.

# Jeszcze raz
table-again-button = 🔁 Zagraj jeszcze raz
table-again-opened = Otwarto nowy stół z tymi samymi graczami: naciśnij „Rozpocznij”, gdy wszyscy będą gotowi.
table-again-not-over = Ta gra jeszcze trwa.
table-again-players-only = Tylko gracze tej gry mogą zacząć ją od nowa.

# Podpis planszy: od ostatniego pokazania planszy było kilka ruchów; najnowsze mają po
# wierszu, a ten wiersz liczy wcześniejsze.
table-moves-earlier = { $count ->
        [one] { $count } wcześniejszy ruch — w osobnej wiadomości; potem:
        [few] { $count } wcześniejsze ruchy — w osobnej wiadomości; potem:
        [many] { $count } wcześniejszych ruchów — w osobnej wiadomości; potem:
       *[other] { $count } wcześniejszego ruchu — w osobnej wiadomości; potem:
    }
table-moves-earlier-list = Wcześniejsze ruchy:
# A person pressed again (at another table) while the bot still works out their last answer (a risk estimate).
table-physics-busy = Wciąż liczę odpowiedź na twoje poprzednie pytanie. Spróbuj za chwilę.
table-point-nowhere = W tym miejscu obrazka nie ma nic do wybrania: przeciągnij na pokazane miejsce albo stuknij numer.
