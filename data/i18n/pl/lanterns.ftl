# Lampiony: Festiwal Zbiorów. Argument seat zastępuje się imieniem gracza.
# Kolory przychodzą w mianowniku rodzaju męskiego („czerwony”), więc piszemy „karta: czerwony”.

game-lanterns = Lampiony
game-lanterns-tagline = papierowe lampiony na pałacowym jeziorze, 2–4 graczy

lanterns-kind-four_of_a_kind = cztery jednakowe
lanterns-kind-three_pairs = trzy pary
lanterns-kind-seven_unique = siedem różnych

## Co się stało

lanterns-ev-exchange = { $seat } wymienia kartę: { $give } → { $take } (2 żetony łaski).
lanterns-ev-dedicate = { $seat } dokonuje poświęcenia „{ $kind }” i zdobywa { $honor } { $honor ->
        [one] punkt honoru
        [few] punkty honoru
       *[other] punktów honoru
    }.
lanterns-ev-discard = { $seat } odrzuca kartę: { $color }.
lanterns-ev-place = { $seat } kładzie kafel jeziora{ $matches ->
        [0] { "" } bez dopasowań.
       *[other] { "" }: { $matches } { $matches ->
            [one] dopasowanie
            [few] dopasowania
           *[other] dopasowań
        }{ $favors ->
            [0] .
           *[other] { "" }, { $favors } { $favors ->
                [one] żeton łaski
                [few] żetony łaski
               *[other] żetonów łaski
            }.
        }
    }
lanterns-ev-draw = Dobierasz nowy kafel jeziora.
lanterns-ev-facing = { $seat }: +1 { $color }
lanterns-ev-facing-empty = { $seat }: brak koloru „{ $color }”
lanterns-ev-final-round = Ostatni kafel leży na jeziorze: każdy rozgrywa turę końcową (tylko wymiana i poświęcenie).
lanterns-ev-final-done = { $seat } kończy turę końcową.
lanterns-ev-game-over = Zaczyna się festiwal: koniec gry!

## Wybory

lanterns-menu-wait = Teraz kolej: { $current_seat }.
lanterns-menu-turn = Twoja tura: jeśli chcesz, wymień kartę i dokonaj poświęcenia, potem połóż kafel.
lanterns-menu-final = Twoja tura końcowa: jeśli chcesz, wymień kartę i dokonaj poświęcenia, potem zakończ turę.
lanterns-menu-must-dedicate = Zaczynasz turę z więcej niż 12 kartami: dokonaj poświęcenia, zanim położysz kafel.
lanterns-menu-must-discard = Masz więcej niż 12 kart: odrzuć { $count } { $count ->
        [one] kartę
        [few] karty
       *[other] kart
    }.
lanterns-menu-exchange-give = Wymiana (2 żetony łaski): którą kartę oddajesz?
lanterns-menu-exchange-take = Oddajesz: { $give }. Jaki kolor bierzesz?
lanterns-menu-dedicate = Które poświęcenie?
lanterns-menu-dedicate-color = Cztery karty jakiego koloru?
lanterns-menu-dedicate-pairs = Wybierz kolory par (zostało { $left }).
lanterns-menu-tile = Który kafel?
lanterns-menu-rotation = Jak obrócić? (na obrazku wszystkie cztery obroty)
lanterns-menu-spot = Gdzie? (numery na obrazku)
lanterns-menu-confirm = Potwierdzić?

lanterns-opt-place = 🏮 Połóż kafel
lanterns-opt-exchange = 🔄 Wymiana ({ $cost } żetony)
lanterns-opt-dedicate = 🏆 Poświęcenie
lanterns-opt-discard = 🗑 Odrzuć
lanterns-opt-end = ✅ Zakończ turę
lanterns-opt-color = { $count ->
        [-1] { $color }
       *[other] { $color } ({ $count })
    }
lanterns-opt-kind = { $kind }: { $honor }
lanterns-opt-tile = Kafel { $n }
lanterns-opt-rotation = ↻ { $n }
lanterns-opt-spot = { $n }

## Przed potwierdzeniem

lanterns-preview-exchange = Płacisz { $cost } żetony łaski, oddajesz { $give } i bierzesz { $take }.
lanterns-preview-dedicate = Oddajesz do zasobów: { $cards } — i zdobywasz { $honor } { $honor ->
        [one] punkt honoru
        [few] punkty honoru
       *[other] punktów honoru
    } ({ $kind }).
lanterns-preview-match = Dopasowanie: dostajesz { $colors }.
lanterns-preview-match-missed = Dopasowanie ({ $colors }), ale tych kart już nie ma w zasobach.
lanterns-preview-no-match = Brak dopasowań.
lanterns-preview-favors = Dostajesz { $count } { $count ->
        [one] żeton łaski
        [few] żetony łaski
       *[other] żetonów łaski
    }.
lanterns-preview-facing = { $you ->
        [1] Dostajesz { $color } (strona zwrócona do ciebie).
       *[other] { $seat } dostaje { $color }.
    }
lanterns-preview-facing-empty = { $you ->
        [1] Brak koloru „{ $color }”: nic nie dostajesz.
       *[other] Brak koloru „{ $color }”: { $seat } nic nie dostaje.
    }
lanterns-preview-end = Twoja tura końcowa się skończy; w tej grze nie zagrasz już więcej.

## Wynik

lanterns-result-honor = Wygrywa ten, kto ma najwięcej honoru.
lanterns-result-favors = Remis w honorze: decyduje więcej pozostałych żetonów łaski.
lanterns-result-cards = Remis w honorze i żetonach: decyduje więcej pozostałych kart lampionów.
lanterns-result-shared = Pełny remis: zwycięstwo jest wspólne.

lanterns-rules =
    🏮 Lampiony: Festiwal Zbiorów (2–4 graczy)

    Jezioro zaczyna się od jednego kafla, jego boki są zwrócone do graczy. Masz na ręce 3 tajne kafle jeziora; karty lampionów, żetony łaski i honor są jawne.

    W swojej turze, po kolei:
    1. Wymiana (opcjonalnie, raz): zapłać 2 żetony łaski i wymień jedną swoją kartę na kartę innego koloru z zasobów.
    2. Poświęcenie (opcjonalnie, raz): oddaj cztery karty jednego koloru, trzy pary albo siedem różnych kolorów i weź wierzchni żeton poświęcenia tego rodzaju (gdy stos się skończył — szarą „4”, za każdym razem: żetony nie są limitowane).
    3. Połóż kafel (obowiązkowo) obok jeziora, obrócony dowolnie. Za każdy bok pasujący kolorem do sąsiedniego dostajesz kartę tego koloru, a za każdą platformę na dopasowanych kaflach żeton łaski (nowy kafel się liczy, jeśli coś dopasował). Potem każdy gracz, zaczynając od ciebie i zgodnie z ruchem wskazówek zegara, bierze kartę koloru boku zwróconego do niego. Dobierz kafle do trzech.

    Kolor, którego zabrakło w zasobach, nic nie daje. Jeśli zaczynasz turę z więcej niż 12 kartami, musisz dokonać poświęcenia przed położeniem kafla (przy tylu kartach zawsze jest możliwe), a jeśli i po nim masz więcej niż 12 — odrzucić karty do 12.

    Po położeniu ostatniego kafla każdy rozgrywa turę końcową: tylko wymiana i poświęcenie. Wygrywa najwięcej honoru; przy remisie więcej żetonów łaski, potem więcej kart; gdy i to nie rozstrzyga, zwycięstwo jest wspólne.

lanterns-standing = { $rank }. { $seat } — { $honor } { $honor ->
        [one] punkt honoru
        [few] punkty honoru
       *[other] punktów honoru
    }, { $favors } { $favors ->
        [one] żeton łaski
        [few] żetony łaski
       *[other] żetonów łaski
    }, { $cards } { $cards ->
        [one] karta
        [few] karty
       *[other] kart
    }

## Dlaczego gracz komputerowy tak zagrał (publicznie: tylko karty, żetony i jezioro, nigdy ręka)

lanterns-bot-dedicate = „{ $kind }” teraz, póki górny żeton jest wart { $honor } { $honor ->
        [one] punkt honoru
        [few] punkty honoru
       *[other] punktów honoru
    }.
lanterns-bot-dedicate-grey = „{ $kind }” za szarą „4”: ten stos jest pusty, więc odtąd daje 4 punkty honoru.
lanterns-bot-exchange = Wymiana, by ułożyć „{ $kind }”.
lanterns-bot-exchange-ahead = Wymiana na kartę „{ $take }”, by zbliżyć się do poświęcenia.
lanterns-bot-discard = Oddaje kartę „{ $color }”: pozostałe karty są bliżej poświęcenia.
lanterns-bot-place = { $cards ->
        [0] Ani jednej karty dla siebie
        [one] Jedna karta dla siebie
        [few] { $cards } karty dla siebie
       *[other] { $cards } kart dla siebie
    }{ $matches ->
        [0] .
        [one] , jedno dopasowanie.
        [few] , { $matches } dopasowania.
       *[other] , { $matches } dopasowań.
    }
lanterns-bot-end = W tej turze nie da się już nic zyskać.
