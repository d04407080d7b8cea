# Discord: stół, na którego kanale bot nie może już pisać, i limity Discorda
dc-table-silenced = Nie mogę już pisać na tym kanale (potrzebuję uprawnień: { $permissions }), więc stół jest wstrzymany, a zegary zatrzymane. Gdy ktoś przywróci mi te uprawnienia, naciśnij jeszcze raz, a gra potoczy się dalej; w przeciwnym razie skończy się { $ends }.
dc-silenced-ended = Gra się skończyła: nie mogłem już pisać na tym kanale, a nikt nie przywrócił mi uprawnień na czas.
dc-lobby-rate-limited = Discord każe mi poczekać, zanim napiszę tutaj, więc nie otworzyłem stołu. Spróbuj /newgame ponownie za kilka minut.
