# Słowa piaskownicy w przeglądarce (bot/web). Teksty gier są te same co w Telegramie i na Discordzie.

web-title = Stół do gier
web-tagline = Zagraj w dowolną grę tutaj: z graczami komputerowymi, ze znajomymi na tym urządzeniu albo ze znajomymi w ich przeglądarkach.
web-started = Tymczasem możesz grać w przeglądarce: { $url }
web-language = Język
web-error = Nie udało się. Sprawdź połączenie i spróbuj jeszcze raz.

## Imię, raz

web-name-ask = Jak masz na imię?
web-name-hint-room = Znajomi zapraszają cię do stołu. Wpisz swoje imię, żeby usiąść.
web-name-placeholder = Twoje imię
web-name-go = Gramy
web-players = Tu grają:
web-add-player = + Gracz
web-add-player-hint = Ktoś jeszcze gra na tym urządzeniu (na zmianę z tobą): jego imię
web-add = Dodaj
web-cancel = Anuluj
web-press-as = Naciskaj przyciski stołu jako ten gracz
web-press-as-who = Przyciski stołu naciska: { $name } (wybór u góry).

## Nowy stół

web-new-table = Otwórz stół
web-choose-game = Wybierz grę i otwórz stół: znajomi dołączą przez link, a „🤖 Dodaj gracza komputerowego” zajmie pozostałe miejsca.
web-options = Opcje
web-open = Otwórz stół

## Pokój

web-table = Stół
web-invite = Znajomi dołączają ze swoich przeglądarek przez ten link.
web-copy = Kopiuj link
web-copied = Link skopiowany.
web-menu = Więcej…
web-cmd-rules = Zasady
web-cmd-history = Historia
web-cmd-stats = Statystyki
web-cmd-leave = Wyjdź z gry
web-cmd-cancel = Zamknij stół
web-cmd-help = Pomoc
web-close = Zamknij
web-empty-room = Nie ma tu jeszcze stołu.
web-connecting = Łączenie…
web-offline = Utracono połączenie. Łączę ponownie…
web-hand-of = Ręka: { $name }
web-private = Widać to tylko w tej przeglądarce.

## Limits, and forgetting a browser's players

web-too-fast = Trochę wolniej: odczekaj kilka sekund i spróbuj ponownie.
web-too-many-tables = Stąd otwarto już dość stołów: najpierw dokończ albo zamknij jeden.
web-forget = Zapomnij mnie tutaj
web-forget-ask = Zapomnieć graczy tej przeglądarki? Ich imiona i ustawienia znikną z serwera; dawne gry zostaną, bez imion.
web-forgotten = Zapomniano. Ta przeglądarka nie ma już żadnego gracza.

## W-C: the home page (your tables, your figures), the new-table form's options, and the
## page's own words for what a chat says with commands (`<platform>--<key>` replaces `<key>`
## on that platform: bot/i18n.py, Translator.said_on)

web-home = Start
web-home-tables = Twoje stoły
web-home-no-tables = Nie siedzisz jeszcze przy żadnym stole: otwórz stół poniżej albo wejdź w link od znajomego.
web-home-lobby = zbiera graczy
web-home-your-turn = Twój ruch!
web-home-turn-of = Teraz gra: { $names }
web-home-go = Do stołu
web-home-games = Twoje ostatnie gry (otwórz, by obejrzeć zapis)
web-home-figures = Twoje wyniki
web-home-figures-of = { $name }: wyniki
web-rules = Zasady
web-option-allowed = Dozwolone: { $allowed }
web-option-yes-no = wł. albo wył.
web-option-refused = „{ $option }”: dozwolone { $allowed }. Nic nie otwarto.
web-options-clash = Te opcje do siebie nie pasują: zmień jedną z nich. Nic nie otwarto.

web--bot-help =
    Na tej stronie gra się w gry planszowe: z graczami komputerowymi, ze znajomymi na tym urządzeniu („+ Gracz”) albo ze znajomymi w ich własnych przeglądarkach.
    🎲 Start (u góry po lewej): twoje stoły, twoje wyniki ze wszystkich stołów tutaj i „Otwórz stół”: wybierz grę i jej opcje, potem wyślij znajomym link do stołu.
    🤖 Brakuje graczy albo grasz sam? Gospodarz dodaje graczy komputerowych w lobby, potem naciska „Rozpocznij”.
    ⏱ Stoły mają zegar (wybiera go gospodarz w lobby): gdy komuś skończy się czas, pozostali decydują na planszy, czy zagra za niego komputer.
    Więcej… przy stole: zasady gry, ostatnie partie do obejrzenia, twoje wyniki, wyjście z gry, zamknięcie stołu.
    Twoją rękę i twoje wybory widzi tylko ta przeglądarka. „Zapomnij mnie tutaj” usuwa graczy tej przeglądarki z serwera.
web--bot-error-table-finished = Ten stół jest zamknięty. Otwórz inny na stronie startowej (🎲 u góry).
web--table-no-table = Tu nie ma stołu. Otwórz go na stronie startowej (🎲 u góry).
web--table-games-header = Gry, w które można tu grać (stół otwiera się na stronie startowej):
web--table-game-line = • { $name } — { $tagline }
web--table-rules-options = ⚙️ Zasady podane dla: { $named }. Opcje stołu wybiera się przy jego otwieraniu.
web--stats-none = Przy tym stole nie skończyła się jeszcze żadna gra.
web--stats-yours-none = Żadna twoja gra jeszcze się nie skończyła: wyniki pojawią się tu po pierwszej.
web--stats-yours-chats = { $games ->
    [one] Skończyła się { $games } twoja gra
    [few] Skończyły się { $games } twoje gry
   *[many] Skończyło się { $games } twoich gier
  } na tej stronie.
web--stats-yours-games = Ze wszystkich twoich stołów tutaj
web--forget-still-seated = Nadal siedzisz przy stole ({ $chats }). Wyjdź z niego (Więcej… → Wyjdź z gry) albo poczekaj do końca gry, potem spróbuj ponownie. Nic nie usunięto.
web--table-lobby-expired = Nikt nie rozpoczął gry w ciągu { $minutes } { $minutes ->
        [one] minuty
       *[other] minut
    }, więc stół zamknął się sam. Otwórz nowy poniżej albo na stronie startowej.

# W-A (issue 34): touching the board, the phone's layout, calm controls, turn notices
web-board-show = Pokaż stół
web-board-hide = Ukryj stół
web-tabs = Co pokazać
web-close-ask = Zamknąć ten stół? Gra skończy się dla wszystkich, którzy przy nim siedzą, i nie da się jej wznowić.
web-close-yes = Zamknij stół
web-turn-notice-title = Twój ruch!
web-turn-notice-body = { $names }: stół czeka na twój ruch.
web-notify-title = Powiadomienia o ruchu
web-notify-why = Chcesz dostać powiadomienie, gdy przyjdzie twój ruch, a ta karta będzie w tle? Przeglądarka raz zapyta o zgodę; później możesz to zmienić w jej ustawieniach.
web-notify-yes = Włącz powiadomienia
web-notify-no = Nie, dziękuję
web-tap-hint = Dotknij planszy, żeby wybrać, albo użyj przycisków poniżej. Dotknij podświetlonego wyboru jeszcze raz, żeby potwierdzić.
web-drag-hint = Przeciągnij kartę tam, gdzie ma leżeć na tratwie (↻ ją obraca), dotknij miejsca albo użyj przycisków poniżej. Dotknij podświetlonego wyboru jeszcze raz, żeby potwierdzić.
web-clock = Ile czasu zostało na ruch
