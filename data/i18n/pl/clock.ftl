# Zegary tury: jak czyta się zegar i pozostały czas.

clock-off = bez zegara
clock-live = { $minutes } min + { $increment } s za turę
clock-turn = { $hours } godz. na turę
clock-seconds = { $count } s
clock-minutes = około { $count } min
clock-hours = około { $count } godz.

# W lobby
table-clock-line = ⏱ Zegar: { $clock }
table-clock-button = ⏱ Zegar
table-clock-choose = Jaki zegar? Na żywo: każdy gracz ma zapas minut, a po każdej turze dochodzą sekundy. Na turę: stały czas na każdą turę, do gier rozgrywanych przez kilka dni.
table-clock-set = Zegar: { $clock }.
table-clock-host-only = Zegar wybiera tylko { $name }, kto otworzył stół.

# W trakcie gry
table-clock-left = {" "}· ⏳ { $time }
table-clock-you = ⏳ Na tę turę masz { $time }.
table-clock-reminder = ⏳ { $player }, do końca twojej tury zostało { $time }!
table-absent-board = ⌛ Graczowi { $player } skończył się czas.
table-absent-out = ⌛ Graczowi { $player } skończył się czas. Pozostali decydują na planszy: zagra za niego komputer albo gra się kończy. Do tego czasu może jeszcze wykonać ruch.
table-absent-you = ⌛ Twój czas minął: pozostali decydują, czy zagra za ciebie komputer. Wykonaj ruch teraz, aby zachować miejsce.
table-absent-twice = ⌛ Graczowi { $player } drugi raz z rzędu skończył się czas: gra za niego komputer, dopóki nie naciśnie „Wracam”.
table-absent-voted = 🤖 Za gracza { $player } gra komputer, dopóki nie naciśnie „Wracam”.

# Głosowania na planszy
table-vote-absent = 🗳 Co robimy, gdy { $player } jest nieobecny?
table-vote-computer = 🤖 Za { $player } gra komputer ({ $count }/{ $need })
table-vote-end = 🏳 Zakończ grę ({ $count }/{ $need })
table-vote-end-question = 🗳 { $player } proponuje zakończyć grę. Kończymy?
table-vote-yes = 🏳 Zakończ ({ $count }/{ $need })
table-vote-no = ▶ Gramy dalej ({ $count }/{ $need })
table-vote-counted = Twój głos się liczy.
table-vote-closed = To głosowanie już się skończyło.
table-vote-not-yours = Głosują tylko pozostali gracze przy tym stole.
table-vote-already = Głosowanie o zakończeniu gry już trwa na planszy.
table-vote-end-opened = Twoja propozycja zakończenia gry jest na planszy: pozostali mają 2 minuty.
table-vote-end-asked = 🗳 { $player } proponuje zakończyć grę: głosujcie na planszy w ciągu 2 minut.
table-vote-end-failed = ▶ Gra toczy się dalej: za mało graczy chce ją zakończyć.
table-vote-end-expired = ▶ Czas na głosowanie o zakończeniu gry minął: gra toczy się dalej.

# Koniec przed czasem
table-ended-absent = 🏳 Gra przerwana: gracze postanowili ją zakończyć, gdy graczowi { $player } skończył się czas.
table-ended-vote = 🏳 Gra przerwana: gracze zagłosowali za jej zakończeniem.
table-ended-no-people = 🏳 Gra przerwana: przy stole zostały same komputery.
table-standings-now = Stan w chwili zakończenia:

# Nieobecność, powrót, odejście
table-back-offer = 🤖 Za ciebie gra komputer. Naciśnij „Wracam”, aby znowu zająć swoje miejsce.
table-back-button = 🙋 Wracam
table-back-first = Za ciebie gra komputer: najpierw naciśnij „Wracam”.
table-back-left = Ta gra jest już bez ciebie: odszedłeś od stołu.
table-back-already = Przecież grasz.
table-back-welcome = Witaj z powrotem: miejsce znowu jest twoje.
table-back = 🙋 { $player } wraca i znowu gra.
table-leave-confirm = { $player }, odejść z gry? Twoje miejsce do końca zajmie komputer.
table-leave-yes = 🚪 Odejdź
table-leave-no = Zostań
table-leave-not-yours = To pytanie jest do innego gracza.
table-leave-stayed = Świetnie, grasz dalej.
table-leave-done = Odszedłeś z gry.
table-left-game = 🚪 { $player } odchodzi z gry: do końca gra za niego komputer.
