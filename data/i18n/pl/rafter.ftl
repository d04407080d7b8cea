# Rafter Five: zręcznościowe budowanie tratwy w symulacji fizycznej.
# Argumenty seat (i *_seat) zamieniane są na imię gracza; $rafter przychodzi już przetłumaczony
# (z kluczy rafter-name-* poniżej) i zawsze w mianowniku, dlatego zdania są ułożone tak,
# by nazwa budowniczego stała w mianowniku („zdejmuje z tratwy: wysoki budowniczy”).
# Obszary, miejsca na karcie i karty leżące w morzu deskami do góry są ponumerowane na obrazku
# tak samo jak na przyciskach.

game-rafter = Rafter Five
game-rafter-tagline = buduj tratwę i nie zatop niczyich skarbów, 1–6 graczy

rafter-name-small = mały budowniczy
rafter-name-stout = krępy budowniczy
rafter-name-tall = wysoki budowniczy
rafter-name-long = długi budowniczy
rafter-name-ell = budowniczy w kształcie L

## Co się stało

rafter-took-sea = { $seat } wyławia z morza: { $rafter }.
rafter-took-raft = { $seat } zdejmuje z tratwy: { $rafter }.
rafter-took-wood = { $seat } bierze z morza kartę desek leżącą deskami do góry.
rafter-built = { $seat } kładzie kartę desek, a na niej staje { $rafter }.
# Każda część zaczyna się od spacji { " " }, części zerowe są pomijane.
rafter-fell = Plusk!{ $penalties ->
        [0] { "" }
        [one] { " " }Cudza skrzynia trafia na planszę kar gracza { $seat }.
        [few] { " " }{ $penalties } cudze skrzynie trafiają na planszę kar gracza { $seat }.
        [many] { " " }{ $penalties } cudzych skrzyń trafia na planszę kar gracza { $seat }.
       *[other] { " " }{ $penalties } cudzej skrzyni trafia na planszę kar gracza { $seat }.
    }{ $returned ->
        [0] { "" }
        [one] { " " }{ $seat } odzyskuje do zapasu swoją skrzynię.
        [few] { " " }{ $seat } odzyskuje do zapasu { $returned } swoje skrzynie.
        [many] { " " }{ $seat } odzyskuje do zapasu { $returned } swoich skrzyń.
       *[other] { " " }{ $seat } odzyskuje do zapasu { $returned } swojej skrzyni.
    }{ $rafters ->
        [0] { "" }
        [one] { " " }Budowniczy wpada do morza.
        [few] { " " }{ $rafters } budowniczych wpada do morza.
        [many] { " " }{ $rafters } budowniczych wpada do morza.
       *[other] { " " }{ $rafters } budowniczego wpada do morza.
    }{ $lumber ->
        [0] { "" }
        [one] { " " }Karta desek wraca do morza.
        [few] { " " }{ $lumber } karty desek wracają do morza.
        [many] { " " }{ $lumber } kart desek wraca do morza.
       *[other] { " " }{ $lumber } karty desek wraca do morza.
    }
rafter-out = { $seat } ma 5 kar lub więcej i odpada z gry.

## Jak się skończyło

rafter-end-all-placed = { $seat } stawia wszystkie swoje skrzynie: koniec gry.
rafter-end-penalties = { $seat } ma 5 kar lub więcej: koniec gry.
rafter-end-solo-fall = Coś wpadło do morza: koniec gry, postawiono { $chests } { $chests ->
        [one] skrzynię
        [few] skrzynie
        [many] skrzyń
       *[other] skrzyni
    }.
rafter-end-no-lumber = Nie ma już czego wziąć — ani karty koszulką, ani deskami do góry: koniec gry.
rafter-end-no-room = Na kolejną kartę desek nie ma już miejsca: koniec gry.
rafter-standing = { $rank ->
        [1] 🏆
       *[other] { $rank }.
    } { $seat }: { $penalties } { $penalties ->
        [one] kara
        [few] kary
        [many] kar
       *[other] kary
    }
rafter-standing-solo = { $seat }: { $chests } { $chests ->
        [one] skrzynia
        [few] skrzynie
        [many] skrzyń
       *[other] skrzyni
    } na tratwie

## Wybór ruchu

rafter-menu-wait = Czekamy na ruch gracza { $current_seat }.
rafter-menu-over = Koniec gry.
rafter-menu-take = Weź budowniczego (jeśli w morzu są budowniczowie, najpierw bierzesz stamtąd; nie tego, którego użyto w poprzedniej turze).
rafter-opt-take = { $number }: { $rafter }
rafter-opt-take-sea = { $number }: { $rafter } (w morzu)
rafter-menu-lift = Zdjąć z tratwy: { $rafter }?
rafter-opt-lift = ✋ Zdejmij
rafter-opt-risk = 🎲 Jak ryzykowne?
rafter-risk-safe = 🟢 Bezpiecznie: w próbach nic nie spadło.
rafter-risk-shaky = 🟡 Chwiejnie: w niektórych próbach coś spadło.
rafter-risk-dangerous = 🔴 Niebezpiecznie: w wielu próbach coś spadło.
rafter-menu-card = Którą kartę desek? Nową z morza albo jedną z leżących w morzu deskami do góry (są ponumerowane na obrazku).
rafter-opt-card-new = 🂠 Nowa karta
rafter-opt-card-wood = 🪵 { $number }
rafter-menu-area = Gdzie położyć kartę desek? Wybierz obszar — numery są na obrazku.
rafter-opt-area = { $n }
rafter-menu-angle = Jak obrócić kartę? (półprzezroczysta na obrazku)
rafter-opt-angle = { $deg ->
    [0] —
    [45] /
    [90] |
    [135] \
   *[other] ·
} { $deg }°
rafter-opt-adjust = 🎯 Dopasuj dokładniej
rafter-menu-lumber = Przesuń kartę desek (półprzezroczystą na obrazku) strzałkami, a potem naciśnij „Tutaj”.
rafter-nudge-move = { $arrow } { $mm }
rafter-nudge-turn = { $arrow } { $deg }°
rafter-opt-here = ✅ Tutaj
rafter-pose = Środek karty: x { $x } mm, y { $y } mm, obrót { $angle }°.
rafter-why-fine = Tu można ją położyć.
rafter-why-off-raft = ⚠️ Pierwsza karta musi choć częściowo leżeć na tratwie.
rafter-why-no-lumber = ⚠️ Karta musi choć częściowo leżeć na deskach, które już są na tratwie.
rafter-why-on-piece = ⚠️ Karta nie może leżeć na skrzyni ani na budowniczym.
rafter-why-on-print = ⚠️ Zasady zaawansowane: karta nie może leżeć na gwoździu ani na ciemnym łączeniu desek.
rafter-why-rafter-spot = ⚠️ Budowniczego nie można tu postawić.
rafter-why-chest-spot = ⚠️ Skrzyni nie można tu postawić.
rafter-menu-rafter = Gdzie na karcie stanie { $rafter }? (numery na obrazku; × — w poprzek karty; skrajne miejsca wystają poza jej krawędź)
rafter-opt-along = { $n }
rafter-opt-across = { $n } ×
rafter-menu-chest = Gdzie na karcie postawić twoją skrzynię? (numery na obrazku; skrajne miejsca wystają poza jej krawędź)
rafter-opt-spot = { $n }
rafter-menu-ready = Wszystko gotowe do budowy.
rafter-opt-build = 🪵 Buduj

rafter-rules =
    🛶 Rafter Five (1–6 graczy)

    Pięciu budowniczych podtrzymuje tratwę z kart desek, która unosi się na odwróconym pudełku. Gracze po kolei powiększają ją i ładują na nią swoje skrzynie ze skarbami. Jeśli w twoich turach do morza wpadnie 5 skrzyń innych graczy, przegrywasz; gdy wpadają twoje własne skrzynie, nic się nie dzieje: wracają do ciebie. Tratwa żyje w symulacji fizycznej: przy każdym kładzeniu ręka trochę drży, tym bardziej, im dalej od środka i im wyżej, więc śmiały ruch to zawsze ryzyko.

    { $chests }

    Twoja tura:
    1. Weź budowniczego. Budowniczego z morza trzeba wziąć najpierw; nigdy tego, którego użyto w poprzedniej turze (gdy tylko on jest w morzu, weź budowniczego z tratwy). Zdejmowanie budowniczego z tratwy też jest symulowane i może zrzucić to, co podtrzymywał.
    2. Weź kartę desek: nową z morza albo dowolną leżącą w morzu deskami do góry (karta oparta o tratwę należy do tratwy). Wziętej karty nie wymieniasz na inną: instrukcja wymienia to wśród zasad zaawansowanych, gdzie liczą się narysowane na kartach gwoździe i ciemne łączenia; trzymamy się tego także w grze podstawowej, gdzie wszystkie karty grają tak samo, więc wymiana niczego by nie zmieniła. Wybierz dla niej obszar po numerze na obrazku, potem jak ją obrócić; strzałki do dokładnego dopasowania (o 10 mm lub 2 mm, obrót o 15° lub 3°) są, jeśli chcesz. { $lumber }
    3. Wybierz miejsce budowniczego na karcie (wzdłuż niej, × w poprzek albo wystając poza krawędź) i miejsce swojej skrzyni: oba mogą częściowo wystawać poza krawędzie karty. Karta i budowniczy opadają razem (budowniczy może przytrzymać wystającą kartę), wszystko się uspokaja, potem opada twoja skrzynia i wszystko znów się uspokaja. Budowniczy, który się przewróci, ale zostanie na tratwie, niczego nie kończy. „🎲 Jak ryzykowne?” wykonuje kilka próbnych położeń i mówi: bezpiecznie, chwiejnie albo niebezpiecznie — nigdy zaś, co naprawdę się stanie.

    Plusk: jeśli cokolwiek wpadnie do morza, twoja tura natychmiast się kończy. Cudze skrzynie, które spadły, trafiają na twoją planszę kar; twoje własne wracają do twojego zapasu; budowniczowie trafiają do morza (bierze się ich najpierw); deski, które spadną deskami do góry, tak leżą w morzu i każdy może je wziąć, a pozostałe wracają przetasowane koszulką do góry. Wszystko, czego jeszcze nie położono, też trafia do morza. Karta desek, która zostanie oparta o tratwę (trzyma ją tratwa albo to, co na niej leży, i nie sięga stołu), zostaje częścią tratwy i niczego nie kończy; spadło wszystko, co sięgnęło morza (stołu). To, co spadło, od razu zdejmuje się ze stołu; jeśli spadnie wtedy coś, co podpierało, to wciąż ten sam plusk.

    { $end }
rafter-rules-chests = Skrzynie: przy 2 graczach każdy gra trzema kolorami (21 skrzyń), przy 3 — dwoma (14), przy 4–6 — jednym (7). Solo: wszystkie 42, a rozgrywka kończy się przy pierwszym plusku.
rafter-rules-chests-n = Skrzynie: po { $chests } na gracza, w jego kolorach (przy 2 graczach każdy ma trzy kolory, przy 3 — dwa, przy 4–6 — jeden; stół ruszy tylko, jeśli tyle wystarcza: najwyżej 21 przy 2 graczach, 14 przy 3, 7 przy 4–6). Solo: również { $chests }, a rozgrywka kończy się przy pierwszym plusku.
rafter-rules-lumber = Pierwszą kartę można położyć gdziekolwiek, byle choć częściowo na tratwie; każda kolejna musi choć częściowo leżeć na deskach, które już są na tratwie, i nigdy na skrzyni ani na budowniczym.
rafter-rules-lumber-advanced = Pierwszą kartę można położyć gdziekolwiek, byle choć częściowo na tratwie; każda kolejna musi choć częściowo leżeć na deskach, które już są na tratwie, i nigdy na skrzyni ani na budowniczym. Zasady zaawansowane: nic nie może leżeć na gwoździu ani na ciemnym łączeniu desek narysowanym na karcie.
rafter-rules-end = Koniec gry (tak rozumiemy instrukcję, która przeczy sama sobie): gracz z 5 karami nie rozgrywa już tur; gra kończy się, gdy ktoś postawi wszystkie swoje skrzynie albo gdy w grze zostanie najwyżej jeden gracz. Mniej kar daje wyższe miejsce; przy remisie lepszy jest ten, czyich skrzyń jest więcej na planszach kar innych graczy, potem ten, komu zostało mniej skrzyń w zapasie; wygrywają wszyscy poza ostatnim miejscem. W ostateczności gra kończy się też, gdy biorący nie ma czego wziąć (w morzu nie ma kart ani koszulką, ani deskami do góry) albo karta nie ma już gdzie leżeć.
rafter-rules-end-house = Koniec gry (wariant autora instrukcji): gra kończy się, gdy tylko ktoś ma 5 kar albo postawił wszystkie skrzynie; wygrywa ten, kto ma najmniej kar, a przy remisie ten, kto postawił najwięcej skrzyń. W ostateczności gra kończy się też, gdy biorący nie ma czego wziąć (w morzu nie ma kart ani koszulką, ani deskami do góry) albo karta nie ma już gdzie leżeć.

## Dlaczego gracz komputerowy tak zagrał (widać w grupie po jego ruchu)

rafter-bot-take-sea = Budowniczego z morza trzeba wziąć w pierwszej kolejności.
rafter-bot-take-free = { $rafter } stał na samej tratwie i niczego nie podtrzymywał.
rafter-bot-take-steady = { $rafter } niczego nie podtrzymywał, więc można go było bezpiecznie zdjąć.
rafter-bot-take-risky = Każdy budowniczy coś podtrzymywał; { $rafter } wydawał się najmniej ryzykowny.
rafter-bot-build-firm = Karta leży pewnie na tym, co jest pod nią.
rafter-bot-build-counterweight = Karta wystaje, ale budowniczy ją przytrzymuje.
rafter-bot-build-tight = Dla następnej karty zostało niewiele pewnych miejsc.
rafter-bot-build-chest-out = Skrzynia stoi tuż nad krawędzią — uwaga, wszyscy!
rafter-bot-build-risky = Nie zostało żadne pewne miejsce; to wydawało się najmniej ryzykowne.

## Table options, as the web's new-table form shows them (a name and one sentence each)

rafter-option-house = Wariant autora
rafter-option-house-about = Gra kończy się, gdy tylko ktoś ma 5 kar albo wystawił wszystkie skrzynie; wygrywa ten, kto ma najmniej kar.
rafter-option-advanced = Zasady zaawansowane
rafter-option-advanced-about = Nic nie może stać na gwoździu ani na ciemnym łączeniu narysowanym na karcie desek.
rafter-option-chests = Skrzynie na gracza
rafter-option-chests-about = Mniej skrzyń to krótsza gra; 0 daje liczbę z zasad dla tej liczby graczy, zarazem największą dozwoloną.
