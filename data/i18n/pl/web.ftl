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
