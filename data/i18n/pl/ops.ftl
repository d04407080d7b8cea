# Polecenia właściciela (bot/ops/owner.py), tylko na prywatnym czacie właściciela z botem.
owner-status =
    Stan bota
    Wersja: { $version }
    Działa od: { $uptime }
    Stoły: { $lobbies } czeka na start, { $playing } w grze
    Kolejka wysyłki: { $queue }
    Błędy w ostatniej godzinie: { $errors }
owner-uptime = { $days } d { $hours } godz. { $minutes } min
owner-close-usage = Wyślij /closetable i numer stołu, na przykład /closetable 42.
owner-close-none = Nie ma stołu { $id }.
owner-close-over = Stół { $id } jest już zamknięty.
owner-close-done = Stół { $id } ({ $game } na czacie „{ $chat }”) został zamknięty.
owner-close-reason = Właściciel bota zamknął ten stół.
