# Latarnia: pojedynek linii z przeciąganiem latarni po torze punktów.
# Argumenty seat zamieniane są na imię gracza; $zone, $line i $combos przychodzą już
# przetłumaczone (z kluczy poniżej). Numery pól, rzędów i kolumn liczone są od 1.

game-lighthouse = Latarnia
game-lighthouse-tagline = pojedynek linii z przeciąganiem latarni, 2 graczy

# W dopełniaczu: „pole 7 { $zone }”, „rząd 3 { $zone }”.
lighthouse-zone-red = czerwonej strefy
lighthouse-zone-blue = niebieskiej strefy
# W bierniku: „za { $line } 3”, „zamyka { $line } 3”.
lighthouse-line-row = rząd
lighthouse-line-col = kolumnę

lighthouse-combo-2 = para
lighthouse-combo-3 = trzy jednakowe
lighthouse-combo-4 = cztery jednakowe
lighthouse-combo-5 = pięć jednakowych
lighthouse-combo-6 = sześć jednakowych
lighthouse-combo-7 = siedem jednakowych
lighthouse-combo-colour = wszystkie w jednym kolorze

## Co się stało

lighthouse-ev-place = { $seat } kładzie żeton { $value } na pole { $cell } { $zone }.
lighthouse-ev-line = { $seat } zdobywa { $points } { $points ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    } za { $line } { $n } { $zone }: { $combos }.
lighthouse-ev-line-none = { $seat } traci { $points } { $points ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    } za { $line } { $n } { $zone } bez kombinacji.
lighthouse-ev-marker = Latarnia stoi na { $steps } po stronie gracza { $seat }.
lighthouse-ev-marker-centre = Latarnia stoi na 0.
lighthouse-ev-draw = Dobierasz żeton { $value }.
lighthouse-ev-round-track = Latarnia dociera do { $steps } po stronie gracza { $seat }: rundę { $round } wygrywa { $seat }!
lighthouse-ev-round-side = Runda { $round } skończona, latarnia po stronie gracza { $seat }: rundę wygrywa { $seat }.
lighthouse-ev-round-zone = Runda { $round } skończona, latarnia na 0: rundę wygrywa { $seat } (więcej żetonów swojego koloru we własnej strefie).
lighthouse-ev-round-draw = Runda { $round } kończy się remisem: latarnia na 0, a oboje mają tyle samo własnych żetonów we własnej strefie.
lighthouse-ev-reveal-tie = Oboje odkryli { $value }: te żetony idą na bok i odkrywa się dwa nowe.
lighthouse-ev-round-start-lower = Runda { $round }: czerwony odkrywa { $red }, niebieski { $blue }. Zaczyna { $seat } (mniejsza liczba).
lighthouse-ev-round-start-other = Runda { $round }: czerwony odkrywa { $red }, niebieski { $blue }. Tę rundę zaczyna { $seat }.
lighthouse-ev-round-start-coin = Runda { $round }: każda odkryta para była równa, więc los wybiera: zaczyna { $seat }.

## Wybór ruchu

lighthouse-menu-wait = Czekamy na ruch gracza { $current_seat }.
lighthouse-menu-over = Mecz skończony.
lighthouse-menu-token = Twój ruch: którym żetonem grasz? (potem dobierasz nowy)
lighthouse-menu-zone = Żeton { $value }: do której strefy?
lighthouse-menu-cell = Żeton { $value }: na które pole { $zone }? (numery na obrazku)
lighthouse-menu-confirm = Położyć żeton { $value } na pole { $cell } { $zone }?
lighthouse-menu-round-over = Runda { $round } skończona: obrazek pokazuje, jak się zakończyła.
lighthouse-menu-next = Zaczyna się runda { $round }.

lighthouse-opt-token = { $count ->
        [1] { $value }
       *[other] { $value } ×{ $count }
    }
lighthouse-opt-zone-red = 🔴 { $own ->
        [1] Czerwona strefa (twoja)
       *[other] Czerwona strefa
    }: wolnych { $empty }
lighthouse-opt-zone-blue = 🔷 { $own ->
        [1] Niebieska strefa (twoja)
       *[other] Niebieska strefa
    }: wolnych { $empty }
lighthouse-opt-cell = { $lines ->
        [0] { $n }
       *[other] { $loss ->
            [1] { $n }: −{ $points }
           *[other] { $n }: +{ $points }
        }
    }
lighthouse-opt-next = ▶ Zacznij rundę { $round }

## Co da ruch

lighthouse-preview-no-line = Żadna linia się nie zamyka.
lighthouse-preview-line = Zamyka { $line } { $n } { $zone }: +{ $points } dla gracza { $seat } ({ $combos }).
lighthouse-preview-line-none = Zamyka { $line } { $n } { $zone } bez kombinacji: −{ $points } dla gracza { $seat }.
lighthouse-preview-marker = Latarnia stanie na { $steps } po stronie gracza { $seat }.
lighthouse-preview-marker-centre = Latarnia stanie na 0.
lighthouse-preview-round-track = Latarnia dojdzie do końca toru: { $seat } od razu wygra rundę!
lighthouse-preview-round-side = To kończy rundę z latarnią po stronie gracza { $seat }: rundę wygra { $seat }.
lighthouse-preview-round-zone = To kończy rundę z latarnią na 0: rundę wygra { $seat } (więcej żetonów swojego koloru we własnej strefie).
lighthouse-preview-round-draw = To kończy rundę remisem.

## Wynik

lighthouse-result-two-wins = { $seat } wygrywa dwie rundy i cały mecz!
lighthouse-result-more-wins = Po trzech rundach mecz wygrywa { $seat }: więcej wygranych rund.
lighthouse-result-equal-wins = Po trzech rundach oboje mają tyle samo wygranych rund: remis.
lighthouse-result-all-drawn = Wszystkie trzy rundy zakończyły się remisem: wygrywają oboje!

lighthouse-standing = { $rank }. { $seat } — { $wins } { $wins ->
        [one] wygrana runda
        [few] wygrane rundy
        [many] wygranych rund
       *[other] wygranej rundy
    }

lighthouse-rules =
    🗼 Latarnia (2 graczy)

    Plansza ma dwie strefy { $size }×{ $size }, czerwoną i niebieską; każdy gra kolorem swojej strefy. Każdy ma { $tokens } { $tokens ->
        [one] żeton
        [few] żetony
        [many] żetonów
       *[other] żetonu
    } swojego koloru: liczby od 1 do { $values }, każdą { $copies } { $copies ->
        [one] raz
       *[other] razy
    }. Pionek latarni stoi na 0 toru, który biegnie o { $track } { $track ->
        [one] pole
        [few] pola
        [many] pól
       *[other] pola
    } w stronę każdego gracza.

    Runda: każdy tasuje swoje żetony zakryte i odkrywa wierzchni na środkowe pole swojej strefy. Zaczyna ten, kto ma mniejszą liczbę (przy równych liczbach żetony idą na bok i odkrywa się dwa nowe, a odłożone wtasowuje się potem z powrotem; gdyby remisowały wszystkie pary aż do końca stosów, o tym, kto zaczyna, decyduje rzut monetą). Każdy bierze { $hand } { $hand ->
        [one] żeton
        [few] żetony
        [many] żetonów
       *[other] żetonu
    } na tajną rękę. Drugą rundę zaczyna drugi gracz, w trzeciej znów decyduje odkrycie.

    Twój ruch: połóż żeton z ręki na dowolne wolne pole dowolnej strefy i dobierz nowy (dopóki masz z czego dobierać). Gdy żeton zamyka rząd lub kolumnę swojej strefy, punkty za tę linię dostaje ten, czyich żetonów jest w niej więcej:
    • liczba występująca kilka razy, w punktach: { $groups }; kilka takich kombinacji w linii się sumuje;
    • wszystkie { $size } { $size ->
        [few] żetony
       *[other] żetonów
    } w jednym kolorze — dodatkowe 3;
    • brak jakiejkolwiek kombinacji — −3 dla tego, kto ma większość.
    Latarnia przesuwa się o tyle pól w stronę zdobywcy (przy −3 — od niego). Jeśli żeton zamknął i rząd, i kolumnę, punktują obie linie, a latarnia przesuwa się o ich sumę.

    Runda kończy się od razu, gdy latarnia dojdzie do { $track }: wygrywa gracz z tej strony, nawet jeśli przesunęła ją tam linia przeciwnika. { $ending }

    Mecz: do trzech rund, dwie wygrane rundy dają zwycięstwo. Po trzech rundach wygrywa ten, kto ma więcej wygranych rund; przy równej liczbie jest remis, a gdy wszystkie trzy rundy kończą się remisem, wygrywają oboje.
lighthouse-rules-group = { $combo } — { $points }
lighthouse-rules-end-full = W przeciwnym razie runda kończy się, gdy plansza jest pełna: wygrywa ten, po czyjej stronie stoi latarnia. Przy latarni na 0 wygrałby ten, kto ma więcej żetonów swojego koloru we własnej strefie, ale na pełnej planszy oboje mają ich zawsze tyle samo, więc taka runda to remis.
lighthouse-rules-end-short = W przeciwnym razie runda kończy się, gdy gracz, który ma ruch, nie ma już żetonów (po { $tokens } na gracza nie wystarczy, by zapełnić dwie strefy { $size }×{ $size }): wygrywa ten, po czyjej stronie stoi latarnia; przy latarni na 0 — ten, kto ma więcej żetonów swojego koloru we własnej strefie; gdy i tych jest tyle samo — remis.

## Gracze komputerowi: dlaczego taki ruch (widzą to wszyscy, więc tylko to, co widać na planszy)

lighthouse-bot-next-round = Gotowy na następną rundę.
lighthouse-bot-track = Ten ruch doprowadza latarnię do końca toru.
lighthouse-bot-score = Linie zamknięte tym ruchem dają { $points } { $points ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    }.
lighthouse-bot-least-loss = Inne ruchy wyglądały gorzej: ten kosztuje { $points } { $points ->
        [one] punkt
        [few] punkty
        [many] punktów
       *[other] punktu
    }.
lighthouse-bot-safe = Spokojny ruch: po nim żadnej linii nie da się zamknąć jednym żetonem.
lighthouse-bot-quiet = Spokojny ruch: na razie nie opłaca się zamykać linii.
lighthouse-bot-hunch = Ruch na wyczucie.

## Table options, as the web's new-table form shows them (a name and one sentence each)

lighthouse-option-zone_size = Rozmiar strefy
lighthouse-option-zone_size-about = Bok kwadratowej strefy każdego gracza w polach (nieparzysty, żeby strefa miała środek).
lighthouse-option-values = Wartości żetonów
lighthouse-option-values-about = Żetony są numerowane od 1 do tej liczby.
lighthouse-option-copies = Kopie każdej wartości
lighthouse-option-copies-about = Ile żetonów każdej wartości ma każdy gracz.
lighthouse-option-hand_size = Wielkość ręki
lighthouse-option-hand_size-about = Ile żetonów trzyma każdy gracz.
lighthouse-option-track = Długość toru
lighthouse-option-track-about = O ile kroków latarnia musi przesunąć się w jedną stronę, by wygrać rundę.
