# Hanabi. Argumenty seat i *_seat zastępuje imię gracza. $color to umowna nazwa koloru
# (red, yellow, green, blue, white, multicolor); właściwą formę słowa wybierają
# pomocnicze komunikaty hanabi-x-* (widzą argumenty komunikatu, który ich używa).
# Imion graczy nie odmieniamy, dlatego „Anna → Borys”, a nie „Anna podpowiada Borysowi”.

game-hanabi = Hanabi
game-hanabi-tagline = wspólny pokaz fajerwerków, widzisz wszystkie karty oprócz swoich, 2–5 graczy

hanabi-color-red = czerwony
hanabi-color-yellow = żółty
hanabi-color-green = zielony
hanabi-color-blue = niebieski
hanabi-color-white = biały
hanabi-color-multicolor = wielokolorowy

## Pomocnicze ($color, $rank, $count)

# Nazwa koloru (rodzaj męski: „niebieski fajerwerk”).
hanabi-x-color = { $color ->
        [red] { hanabi-color-red }
        [yellow] { hanabi-color-yellow }
        [green] { hanabi-color-green }
        [blue] { hanabi-color-blue }
        [white] { hanabi-color-white }
       *[multicolor] { hanabi-color-multicolor }
    }
# Karta: „niebieska 3”.
hanabi-x-card = { $color ->
        [red] czerwona
        [yellow] żółta
        [green] zielona
        [blue] niebieska
        [white] biała
       *[multicolor] wielokolorowa
    } { $rank }
hanabi-x-count = { $count }
# „1 niebieska karta”, „2 niebieskie karty”, „5 niebieskich kart”.
hanabi-x-cards = { hanabi-x-count } { $color ->
        [red] { $count ->
            [one] czerwona
            [few] czerwone
           *[many] czerwonych
        }
        [yellow] { $count ->
            [one] żółta
            [few] żółte
           *[many] żółtych
        }
        [green] { $count ->
            [one] zielona
            [few] zielone
           *[many] zielonych
        }
        [blue] { $count ->
            [one] niebieska
            [few] niebieskie
           *[many] niebieskich
        }
        [white] { $count ->
            [one] biała
            [few] białe
           *[many] białych
        }
       *[multicolor] { $count ->
            [one] wielokolorowa
            [few] wielokolorowe
           *[many] wielokolorowych
        }
    } { $count ->
        [one] karta
        [few] karty
       *[many] kart
    }
hanabi-x-rank-cards = { hanabi-x-count } { $count ->
        [one] karta
        [few] karty
       *[many] kart
    } z liczbą { $rank }
hanabi-x-slots = { $count ->
        [one] pozycja
       *[other] pozycje
    } { $slots }

## Co się stało

hanabi-ev-clue-color = 💬 { $seat } → { $target_seat }: { hanabi-x-cards } ({ hanabi-x-slots })
hanabi-ev-clue-rank = 💬 { $seat } → { $target_seat }: { hanabi-x-rank-cards } ({ hanabi-x-slots })
hanabi-ev-play = 🎆 { $seat } zagrywa kartę z pozycji { $slot }: { hanabi-x-card } — trafia do fajerwerku!
hanabi-ev-misplay = 💥 { $seat } zagrywa kartę z pozycji { $slot }: { hanabi-x-card } — nie pasuje! Płonie lont (zostały: { $left }).
hanabi-ev-discard = 🗑 { $seat } odrzuca kartę z pozycji { $slot }: { hanabi-x-card }. Żeton podpowiedzi wraca.
hanabi-ev-firework-done = ✨ Gotowy { hanabi-x-color } fajerwerk!{ $bonus ->
        [1] { " " }Żeton podpowiedzi wraca.
       *[other] { "" }
    }
hanabi-ev-card-lost = ⚠️ Nie ma już karty „{ hanabi-x-card }”: { hanabi-x-color } fajerwerk nie zostanie ukończony.
hanabi-ev-last-card = 🃏 { $seat } dobiera ostatnią kartę: każdy gracz (także { $seat }) wykonuje jeszcze jeden ruch.
hanabi-ev-deck-empty-advanced = 🃏 Talia się skończyła: gramy dalej, aż wszystkie fajerwerki będą gotowe.
hanabi-ev-over-fuses = 💥 Płonie trzeci lont: pokaz przegrany!
hanabi-ev-over-complete = 🎇 Wszystkie fajerwerki gotowe!
hanabi-ev-over-last-round = 🏁 Ostatnia runda rozegrana.
hanabi-ev-over-critical = 💥 Przepadła ostatnia karta „{ hanabi-x-card }”: pokaz nie będzie już doskonały.
hanabi-ev-over-stuck = 💥 { $seat } nie ma kart, a żetonów podpowiedzi brak: nie wolno pasować, pokaz przegrany.

## Wybór

hanabi-menu-wait = Ruch: { $current_seat }.
hanabi-menu-over = Gra skończona.
hanabi-menu-turn = Twój ruch. 💬 Podpowiedzi: { $clues }, 🔥 lonty: { $fuses }, 🃏 karty w talii: { $deck }.
hanabi-menu-final = Twój ostatni ruch{ $left ->
        [0] { "" }, ostatni w grze
       *[other] { "" } (po tobie jeszcze { $left })
    }. 💬 Podpowiedzi: { $clues }, 🔥 lonty: { $fuses }.
hanabi-menu-play = Którą kartę zagrywasz? Pozycja 1 to twoja najnowsza karta.
hanabi-menu-discard = Którą kartę odrzucasz?
hanabi-menu-confirm-play = Zagrać kartę z pozycji { $slot }?
hanabi-menu-confirm-discard = Odrzucić kartę z pozycji { $slot }?
hanabi-menu-clue-target = Komu dajesz podpowiedź?
hanabi-menu-clue-value = Co podpowiadasz ({ $target_seat })? Na przyciskach są pozycje, które wskaże podpowiedź.
hanabi-menu-confirm-clue = Dać tę podpowiedź?

hanabi-opt-play = 🎆 Zagraj kartę
hanabi-opt-discard = 🗑 Odrzuć kartę
hanabi-opt-clue = 💬 Podpowiedz (zostało { $clues })
hanabi-opt-slot = { $slot }{ $color ->
        [none] { $rank ->
            [0] { "" }
           *[other] { " " }· { $rank }
        }
       *[other] { " " }· { hanabi-x-color }{ $rank ->
            [0] { "" }
           *[other] { " " }{ $rank }
        }
    }
hanabi-opt-player = { $target_seat }
hanabi-opt-clue-color = { hanabi-x-color } → { $slots }
hanabi-opt-clue-rank = { $rank } → { $slots }

## Przed potwierdzeniem

hanabi-preview-unknown = Nic nie wiesz o tej karcie.
hanabi-preview-exact = Wiesz, że to { hanabi-x-card }.
hanabi-preview-maybe = Możliwe kolory: { $colors }; liczby: { $ranks }.
hanabi-preview-sure-play = Na pewno pasuje do fajerwerku.
hanabi-preview-sure-misplay = Na pewno nie pasuje: spłonie lont.
hanabi-preview-last-fuse = Uwaga: spłonęły już dwa lonty, pomyłka teraz oznacza przegraną.
hanabi-preview-discard = Żeton podpowiedzi wraca ({ $clues } → { $after }).
hanabi-preview-critical-risk = To może być ostatni egzemplarz potrzebnej karty{ $advanced ->
        [1] { "" }: jego utrata oznacza przegraną.
       *[other] .
    }
hanabi-preview-clue-color = { $target_seat } dowie się: { hanabi-x-cards } ({ hanabi-x-slots }). Podpowiedzi: { $clues } → { $after }.
hanabi-preview-clue-rank = { $target_seat } dowie się: { hanabi-x-rank-cards } ({ hanabi-x-slots }). Podpowiedzi: { $clues } → { $after }.

## Wynik

hanabi-verdict-horrible = okropnie, tłum gwiżdże…
hanabi-verdict-mediocre = przeciętnie, rzadkie oklaski.
hanabi-verdict-honourable = przyzwoicie, ale nikt tego długo nie zapamięta…
hanabi-verdict-excellent = wspaniale, widzowie zachwyceni.
hanabi-verdict-amazing = zdumiewająco, to zostanie zapamiętane na długo!
hanabi-verdict-legendary = legendarnie, widzowie oniemieli z zachwytu!
hanabi-verdict-divine = bosko — podbiliście niebiosa!
hanabi-result-score = { $score } z { $max } punktów: { $verdict }
hanabi-result-perfect = Doskonały pokaz: { $score } z { $max }!
hanabi-result-fuses = Spłonął trzeci lont: pokaz przegrany, 0 punktów (fajerwerki zdążyły zebrać { $fireworks } z { $max }).
hanabi-result-critical = Przepadła ostatnia karta „{ hanabi-x-card }”, więc pokaz nie mógł być doskonały: przegrana, 0 punktów.
hanabi-result-stuck = { $seat } nie może ani zagrać, ani odrzucić karty, ani podpowiedzieć: pokaz przegrany, 0 punktów.
hanabi-standing = 🤝 { $seat }: { $score } { $score ->
        [one] punkt
        [few] punkty
       *[many] punktów
    }

hanabi-rules =
    🎆 Hanabi (2–5 graczy, wszyscy razem)

    { $deck } Swoje karty trzymasz rewersem do siebie: widzisz karty innych, ale nie swoje. Na ręce 5 kart przy 2–3 graczach, 4 przy 4–5. Wspólne: 8 żetonów podpowiedzi i 3 lonty.

    W swoim ruchu wykonaj dokładnie jedną akcję:
    💬 Podpowiedź (kosztuje żeton; bez żetonów niemożliwa): powiedz innemu graczowi o jednym kolorze albo jednej liczbie w jego ręce i wskaż wszystkie takie karty; musi wskazać co najmniej jedną.
    🗑 Odrzucenie (niemożliwe, gdy wszystkie 8 żetonów jest na miejscu): odzyskaj żeton i dobierz kartę.
    🎆 Zagranie: karta pasująca do fajerwerku swojego koloru do niego trafia, inna jest odrzucana i płonie lont. Dobierz kartę.

    Nowa karta trafia na pozycję 1, pozostałe przesuwają się w prawo. Ukończenie fajerwerku piątką zwraca żeton podpowiedzi (chyba że wszystkie 8 jest na miejscu).

    { $ending }

    Wszystko, co ci podpowiedziano, zostaje przy kartach, a twój panel pokazuje, czym jeszcze może być każda twoja karta.
hanabi-rules-deck = Gracze razem odpalają pięć fajerwerków (czerwony, żółty, zielony, niebieski, biały), każdy od 1 do 5. W każdym kolorze są karty 1,1,1,2,2,3,3,4,4,5.
hanabi-rules-deck-multicolor = Gracze razem odpalają sześć fajerwerków (czerwony, żółty, zielony, niebieski, biały i wielokolorowy), każdy od 1 do 5. W każdym z pięciu pierwszych kolorów są karty 1,1,1,2,2,3,3,4,4,5; wielokolorowy ma po jednej karcie każdej liczby i podpowiada się go jego własną nazwą.
hanabi-rules-end = Trzeci lont to natychmiastowa przegrana (0 punktów). Wszystkie fajerwerki gotowe to { $perfect } punktów. Gdy ktoś dobierze ostatnią kartę, każdy, także on, wykonuje jeszcze dokładnie jeden ruch. Wynik to suma fajerwerków: { $scale }.
hanabi-rules-end-advanced = Zasady dla zaawansowanych: po wyczerpaniu talii gra toczy się dalej bez dobierania, aż wszystkie fajerwerki będą gotowe ({ $perfect } punktów). Gra jest przegrana (0 punktów), gdy tylko przepadnie ostatni egzemplarz wciąż potrzebnej karty (odrzucenie lub pomyłka; kartę już wyłożoną można stracić), spłonie trzeci lont albo gracz nie ma kart, gdy brak żetonów (nie wolno pasować). Albo doskonale, albo przegrana.
hanabi-rules-scale = 0–5 okropnie, 6–10 przeciętnie, 11–15 przyzwoicie, 16–20 wspaniale, 21–24 zdumiewająco, 25 legendarnie
hanabi-rules-scale-multicolor = 0–5 okropnie, 6–10 przeciętnie, 11–15 przyzwoicie, 16–20 wspaniale, 21–24 zdumiewająco, 25–29 legendarnie, 30 bosko

## Dlaczego gracz komputerowy tak zagrał (czytają to wszyscy: nie ma tu kart, których nie widać)

hanabi-bot-play-sure = zagrana pozycja { $slot }: karta na pewno pasuje
hanabi-bot-play-guess = zagrana pozycja { $slot }: strzał w ostatniej rundzie, który nie może przegrać gry
hanabi-bot-discard-useless = odrzucona pozycja { $slot }: karta na pewno jest zbędna
hanabi-bot-discard-chop = odrzucona pozycja { $slot }, najstarsza karta bez podpowiedzi: nie ma czego ratować
hanabi-bot-discard-forced = odrzucona pozycja { $slot }: nie ma bezpieczniejszego ruchu
hanabi-bot-play-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź do zagrania
hanabi-bot-play-clue-rank = { $rank } → { $target_seat }: podpowiedź do zagrania
hanabi-bot-save-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź ratująca
hanabi-bot-save-clue-rank = { $rank } → { $target_seat }: podpowiedź ratująca
hanabi-bot-tempo-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź tempa, czas zagrać wskazaną kartę
hanabi-bot-tempo-clue-rank = { $rank } → { $target_seat }: podpowiedź tempa, czas zagrać wskazaną kartę
hanabi-bot-fix-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź naprawcza, wskazana karta nie pasuje
hanabi-bot-fix-clue-rank = { $rank } → { $target_seat }: podpowiedź naprawcza, wskazana karta nie pasuje
hanabi-bot-stall-clue-color = { hanabi-x-color } → { $target_seat }: podpowiedź na przeczekanie, nic pilnego
hanabi-bot-stall-clue-rank = { $rank } → { $target_seat }: podpowiedź na przeczekanie, nic pilnego

## Table options, as the web's new-table form shows them (a name and one sentence each)

hanabi-option-multicolor = Wielokolorowe
hanabi-option-multicolor-about = Szósty fajerwerk, wielokolorowy, z jedną kartą każdej wartości: do zdobycia 30 punktów.
hanabi-option-advanced = Zaawansowane zakończenie
hanabi-option-advanced-about = Po wyczerpaniu talii gra trwa, aż każdy fajerwerk będzie kompletny; utrata ostatniej kopii potrzebnej karty oznacza przegraną.
