# /stats (rankingi, twoje wyniki) i /forgetme.

cmd-stats = Rankingi tego czatu (prywatnie: twoje wyniki); można podać grę
cmd-forgetme = Zapomnij mnie (w prywatnym czacie ze mną)
dc-param-stats-game-description = Tylko ta gra

## /stats

stats-title = Ranking: { $chat }
stats-title-here = Ranking tego czatu
stats-none = W tym czacie nie skończyła się jeszcze żadna gra: zacznij ją komendą /newgame.
stats-none-game = W tym czacie nie skończyła się jeszcze żadna partia { $game }.
stats-col-games = gry
stats-col-wins = wygrane
stats-col-rate = % wygr.
stats-col-rating = ranking
stats-col-best = najlepszy
stats-col-average = średnio
stats-col-perfect = idealne
stats-former-player = były gracz
stats-team-kind = { $players ->
    [one] { $players } gracz
    [few] { $players } graczy
   *[other] { $players } graczy
  } · { $variant }
stats-team-kind-computers = { $players ->
    [one] { $players } gracz
    [few] { $players } graczy
   *[other] { $players } graczy
  } · { $variant } · z komputerem
stats-variant-base = gra podstawowa
stats-how = Ranking: model Placketta–Luce’a z openskill, pokazany jako μ − 3σ (0 dla nowego gracza). Do rankingu liczą się tylko dokończone gry między ludźmi; gry z graczami komputerowymi liczą się do gier i wygranych, przerwane tylko do gier. W Hanabi gra się razem: zamiast rankingu wyniki drużyny.
stats-one-game = /stats lanterns (lub inna gra) pokaże najlepszą dziesiątkę jednej gry.
stats-yours-title = { $name }: twoje gry
stats-yours-chats = Twoje skończone gry: { $games }, w { $chats ->
    [one] { $chats } czacie
   *[other] { $chats } czatach
  }.
stats-yours-games = Ze wszystkich twoich czatów
stats-yours-none = Żadna twoja gra jeszcze się nie skończyła: zagraj w grupie, komenda /newgame.

## /forgetme

forget-private-only = /forgetme działa w naszym prywatnym czacie: otwórz go i wyślij tam /forgetme.
forget-ask = Zapomnieć cię? Usunę twoje ustawienia oraz twoje imię i id przy każdym stole, przy którym grałeś(-aś). Wyniki zostaną, bez nazwiska, żeby inni gracze nie stracili swoich partii. Tego nie da się cofnąć.
forget-yes = Tak, zapomnij mnie
forget-no = Nie, zostaw
forget-kept = Dobrze, nic nie usunąłem.
forget-expired = To pytanie jest już nieaktualne: wyślij /forgetme jeszcze raz.
forget-still-seated = Wciąż siedzisz przy stole w { $chats }. Wyjdź komendą /leave albo poczekaj do końca gry, potem wyślij /forgetme jeszcze raz. Nic nie usunąłem.
forget-done = Gotowe: zapomniałem cię (zanonimizowane miejsca: { $seats }). Jeśli zagrasz znowu, od tej chwili zachowam tylko to, czego potrzebuje gra.
