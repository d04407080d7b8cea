# Teksty używane tylko przez adapter Discorda. Zwykły tekst: adapter sam zabezpiecza znaczniki Discorda.

## Parametry poleceń (nazwy: małe litery, cyfry, - i _, najwyżej 32 znaki)

dc-param-game = gra
dc-param-game-description = W co gramy (bez tego: lista do wyboru)
dc-param-options = opcje
dc-param-options-description = Opcje gry, np. multicolor advanced (zobacz /rules)
dc-param-rules-game-description = Gra (bez tego: ta, w którą gra stół na tym kanale)

## Odpowiedzi

dc-table-opened = Stół otwarty: zapisy są na tym kanale.
dc-missing-permissions = Nie mogę tu otworzyć stołu: potrzebuję na tym kanale uprawnień: { $permissions }.
dc-missing-attach-right = Bez obrazka: nie mam uprawnienia „Załączanie plików” na tym kanale.
dc-dm-blocked = { $name }, nie mogę wysyłać ci wiadomości prywatnych, więc gdy przyjdzie twój ruch, oznaczę cię tylko tutaj. Aby dostawać też wiadomość prywatną, zezwól na wiadomości prywatne od członków tego serwera w ustawieniach prywatności.
