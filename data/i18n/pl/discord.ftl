# Teksty używane tylko przez adapter Discorda. Zwykły tekst: adapter sam zabezpiecza znaczniki Discorda.

## Nazwy poleceń, jak pokazuje je Discord (małe litery dowolnego alfabetu, cyfry, - i _, najwyżej 32 znaki)

dc-name-newgame = nowa-gra
dc-name-games = gry
dc-name-rules = zasady
dc-name-help = pomoc
dc-name-cancel = anuluj
dc-name-leave = wyjdź
dc-name-language = język
dc-name-settings = ustawienia
dc-name-history = historia
dc-name-stats = statystyki
dc-name-forgetme = zapomnij-mnie

## Parametry poleceń (nazwy: małe litery, cyfry, - i _, najwyżej 32 znaki)

dc-param-game = gra
dc-param-game-description = W co gramy (bez tego: lista do wyboru)
dc-param-options = opcje
dc-param-options-description = Opcje gry, np. multicolor advanced (zobacz /rules)
dc-param-rules-game-description = Gra (bez tego: ta, w którą gra stół na tym kanale)
dc-param-rules-options-description = Z jakimi opcjami opisać grę, np. multicolor albo zone_size=7

## Odpowiedzi

dc-table-opened = Stół otwarty: zapisy są na tym kanale.
dc-missing-permissions = Nie mogę tu otworzyć stołu: potrzebuję na tym kanale uprawnień: { $permissions }.
dc-missing-attach-right = Bez obrazka: nie mam uprawnienia „Załączanie plików” na tym kanale.
dc-dm-blocked = { $name }, nie mogę wysyłać ci wiadomości prywatnych, więc gdy przyjdzie twój ruch, oznaczę cię tylko tutaj. Aby dostawać też wiadomość prywatną, zezwól na wiadomości prywatne od członków tego serwera w ustawieniach prywatności.
dc-cannot-post-here = Nie mogę pisać w tym wątku, więc nie otworzyłem stołu. Dodaj mnie do wątku (oznacz mnie w nim) albo poproś moderatora o odblokowanie go, albo użyj /newgame na kanale.
dc-thread-locked = Gra się skończyła: ten wątek zablokowano, więc nie mogę już w nim pisać.

## /dms: przypomnienie o ruchu w wiadomości prywatnej, dla tych, którzy o nie poproszą (domyślnie wyłączone)

dc-name-dms = pw
cmd-dms = Przypomnienia o ruchu w wiadomościach prywatnych: włącz lub wyłącz
dc-param-dms-choice = wybor
dc-param-dms-choice-description = Wł.: wiadomość prywatna, gdy twój ruch; wył.: tylko wzmianka na kanale
dc-dms-choice-on = Włącz
dc-dms-choice-off = Wyłącz
dc-dms-now-on = Gotowe: gdy przy stole przyjdzie twój ruch, napiszę też do ciebie w wiadomości prywatnej. /dms off je wyłącza.
dc-dms-now-off = Gotowe: nie będę pisać w wiadomościach prywatnych o twoim ruchu; na kanale stołu zostaniesz wspomniany. /dms on je włącza.
dc-dms-are-on = Przypomnienia o ruchu w wiadomościach prywatnych są włączone. /dms off je wyłącza.
dc-dms-are-off = Przypomnienia o ruchu w wiadomościach prywatnych są wyłączone: gdy twój ruch, wspominam cię na kanale stołu. /dms on doda wiadomość prywatną (przydatne w powolnych partiach, gdzie na ruch są godziny).
dc-dms-refused = Discord nie przyjął mojej ostatniej wiadomości prywatnej do ciebie: aby je dostawać, zezwól na wiadomości prywatne od członków tego serwera w ustawieniach prywatności.
