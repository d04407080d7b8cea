# Teksty samego bota, wspólne dla wszystkich gier. Do gracza zwracamy się na „ty”,
# do grupy w liczbie mnogiej. Czasowniki przy imionach graczy w czasie teraźniejszym,
# żeby nie zależały od rodzaju.

## Pomoc i powitanie

bot-help =
    Prowadzę gry planszowe bezpośrednio na czacie.

    /newgame lanterns — otwórz stół (także hanabi, lighthouse, rafter; opcje po nazwie, np. /newgame hanabi multicolor); gracze naciskają „Dołącz”, a potem gospodarz naciska „Rozpocznij”.
    🤖 Brakuje graczy albo grasz sam? Gospodarz może dodać graczy komputerowych w poczekalni.
    /games — gry, które umiem prowadzić.
    /rules hanabi — krótkie zasady gry.
    ⏱ Stoły mają zegar (gospodarz wybiera go w lobby): gdy komuś skończy się czas, pozostali decydują na planszy, czy zagra za niego komputer.
    /leave — odejdź od stołu (w trakcie gry twoje miejsce zajmie komputer).
    /cancel — zamknij stół (gospodarz lub administrator czatu); /cancel innego gracza pyta pozostałych.
    /language — wybierz język, którego używam na tym czacie.
    /settings — dla administratorów czatu: język, zegar, kto rozpoczyna stoły, gracze komputerowi, jak długo czeka lobby.
    /stats — rankingi tego czatu (/stats hanabi — jedna gra); w naszym prywatnym czacie twoje wyniki.
    /history — ostatnie 10 gier tego czatu, każdą można obejrzeć ruch po ruchu.
    /forgetme — w naszym prywatnym czacie: zapomnę cię (wyniki zostaną, bez nazwiska).
    /help — pokaż tę wiadomość.
bot-help-telegram-private = Twoje karty i ruchy przychodzą na prywatny czat ze mną, więc otwórz go raz i wyślij /start.
bot-help-discord-private = Twoje karty i ruchy widzisz tylko ty: naciśnij „Moje karty” na planszy. O twoim ruchu powie wzmianka na kanale; /dms on doda wiadomość prywatną.
bot-welcome = Cześć! Prowadzę gry planszowe na czatach grupowych. Dodaj mnie do grupy i wyślij tam /newgame. W trakcie gry będą tu przychodzić twoje karty i ruchy.

## Przyciski

bot-button-join = Dołącz
bot-button-leave = Wyjdź
bot-button-start = Rozpocznij
bot-button-cancel = Anuluj
bot-button-confirm = Potwierdź
bot-button-back = Wstecz
bot-button-my-hand = Moje karty
bot-button-rules = Zasady
bot-button-open-private = Otwórz prywatny czat

## Zbieranie graczy

bot-lobby-opened = { $host } otwiera stół: { $game }.
bot-lobby-host = Organizator: { $name }
bot-lobby-players = Gracze ({ $count }): { $names }
bot-lobby-no-players = Nikt jeszcze nie dołączył.
bot-lobby-waiting = Czekamy na graczy…
bot-lobby-need-more = { $count ->
        [one] Brakuje jeszcze { $count } gracza.
        [few] Brakuje jeszcze { $count } graczy.
        [many] Brakuje jeszcze { $count } graczy.
       *[other] Brakuje jeszcze { $count } gracza.
    }
bot-lobby-ready = Graczy jest wystarczająco: gospodarz może nacisnąć „Rozpocznij”, kiedy wszyscy będą na miejscu.
bot-lobby-player-range = { $game }: potrzeba od { $min } do { $max } { $max ->
        [one] gracza
        [few] graczy
        [many] graczy
       *[other] gracza
    }.
bot-lobby-player-exact = { $game }: potrzeba dokładnie { $count } { $count ->
        [one] gracza
        [few] graczy
        [many] graczy
       *[other] gracza
    }.
bot-lobby-joined = { $name } dosiada się do stołu.
bot-lobby-left = { $name } odchodzi od stołu.
bot-lobby-started = Gra się zaczyna!
bot-lobby-cancelled = Stół został zamknięty, gra się nie odbyła.
bot-join-open-private = Aby dołączyć, otwórz prywatny czat ze mną przyciskiem poniżej i uruchom bota: tam będą przychodzić twoje karty.
bot-joined-private = Siedzisz przy stole na czacie „{ $chat }”. Tutaj będą przychodzić twoje karty.

## Ruchy

bot-your-turn = Twój ruch!
bot-your-turn-in-chat = Twój ruch na czacie „{ $chat }”!
bot-turn-of = Teraz gra { $player }.
bot-waiting-for = Czekamy na: { $names }
bot-done = Gotowe.
bot-time-left-seconds = { $count ->
        [one] Została { $count } sekunda
        [few] Zostały { $count } sekundy
        [many] Zostało { $count } sekund
       *[other] Zostało { $count } sekundy
    }
bot-time-left-minutes = { $count ->
        [one] Została { $count } minuta
        [few] Zostały { $count } minuty
        [many] Zostało { $count } minut
       *[other] Zostało { $count } minuty
    }

## Liczebności

bot-cards = { $count } { $count ->
        [one] karta
        [few] karty
        [many] kart
       *[other] karty
    }
bot-points = { $count } { $count ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    }
bot-players = { $count } { $count ->
        [one] gracz
        [few] graczy
        [many] graczy
       *[other] gracza
    }

## Wyniki

bot-game-over = Koniec gry!
bot-winners = { $count ->
        [one] Wygrywa { $names }!
       *[other] Wygrywają { $names }!
    }
bot-standing = { $rank }. { $name } — { $score } { $score ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    }

## Błędy, najczęściej jako krótkie odpowiedzi na naciśnięcie przycisku

bot-error-not-your-turn = To nie twój ruch.
bot-error-illegal = Tak nie można: { $reason }
bot-error-illegal-generic = Tego ruchu nie można teraz wykonać.
bot-error-outdated = Ta plansza jest nieaktualna. Użyj najnowszej.
bot-error-not-a-player = Nie grasz przy tym stole.
bot-error-table-finished = Ten stół jest już zamknięty. Nową grę zaczniesz poleceniem /newgame.
bot-error-game-over = Gra już się skończyła.
bot-error-malformed = Nie rozumiem tego przycisku. Spróbuj w najnowszej wiadomości.
bot-error-internal = Coś poszło nie tak po mojej stronie. Gra jest zapisana, spróbuj jeszcze raz.
bot-error-already-joined = Już siedzisz przy tym stole.
bot-error-table-full = Przy tym stole nie ma wolnych miejsc.
bot-error-not-enough-players = Do rozpoczęcia potrzeba co najmniej { $count } { $count ->
        [one] gracza
        [few] graczy
        [many] graczy
       *[other] gracza
    }.
bot-error-not-host = Może to zrobić tylko organizator stołu — { $name }.
bot-error-table-exists = Na tym czacie jest już otwarty stół.
bot-error-unknown-game = Nie znam takiej gry. Dostępne: { $games }
bot-error-group-only = To działa tylko na czatach grupowych.
bot-error-private-blocked = { $name }, nie mogę wysyłać ci prywatnych wiadomości. Otwórz czat ze mną i wyślij /start.

## Język

bot-language-choose = Wybierz język:
bot-language-set = Gotowe: od teraz mówię na tym czacie po polsku.
bot-language-name-en = English
bot-language-name-ru = Русский
bot-language-name-pl = Polski

## Gracze i kolory

bot-player-n = Gracz { $number }
color-red = czerwony
color-blue = niebieski
color-green = zielony
color-white = biały
color-purple = fioletowy
color-orange = pomarańczowy
color-black = czarny

## Uruchamianie

bot-missing-token =
    Nie ustawiono tokenu bota, więc nie ma się z czym połączyć.

    Telegram: znajdź w Telegramie @BotFather, wyślij /newbot, wybierz nazwę i nazwę użytkownika kończącą się na „bot”, a potem skopiuj otrzymany token (wygląda jak 123456789:AAH...).
    Discord: na https://discord.com/developers/applications utwórz aplikację, otwórz zakładkę „Bot”, naciśnij „Reset Token” i skopiuj token.

    Następnie skopiuj .env.example do .env w folderze, z którego uruchamiasz bota, wpisz token w TELEGRAM_BOT_TOKEN i/lub DISCORD_BOT_TOKEN (działają też zmienne środowiskowe) i ponownie uruchom „python3 tasks.py run”.
