# /settings: ustawienia czatu, zmieniane przez jego administratorów w menu, które widzą tylko oni.

cmd-settings = Ustawienia tego czatu (dla administratorów)

settings-group-only = /settings zmienia ustawienia grupy: wyślij to polecenie w grupie.
settings-admins-only = Tylko administrator czatu może tu zmieniać moje ustawienia.
settings-sent-privately = Wysłałem ci ustawienia na naszym prywatnym czacie.
settings-open-private = Aby zmienić ustawienia tego czatu, otwórz ze mną prywatny czat: przycisk poniżej pokaże je tam.
settings-button-open = ⚙️ Otwórz ustawienia

settings-title = ⚙️ Ustawienia czatu „{ $chat }”
settings-title-unknown = ⚙️ Ustawienia twojej grupy
settings-hint = Naciśnij ustawienie, żeby je zmienić.
settings-language = 🌐 Język: { $value }
settings-clock = ⏱ Zegar nowych stołów: { $value }
settings-managers = 👑 Kto rozpoczyna i zamyka stoły: { $value }
settings-computers = 🤖 Gracze komputerowi: { $value }
settings-lobby = ⌛ Stół, którego nikt nie rozpoczął, zamyka się po: { $value }

settings-button-language = 🌐 Język
settings-button-clock = ⏱ Zegar
settings-button-managers = 👑 Kto rozpoczyna i zamyka
settings-button-computers = 🤖 Gracze komputerowi
settings-button-lobby = ⌛ Czekanie na start

settings-choose-language = W jakim języku mam mówić na tym czacie?
settings-choose-clock = Jaki zegar dostają nowe stoły? Gospodarz stołu może go jeszcze zmienić w lobby.
settings-choose-managers = Kto może rozpoczynać i zamykać stoły?
settings-choose-computers = Czy gospodarze mogą dodawać graczy komputerowych w lobby?
settings-choose-lobby = Jak długo stół czeka, aż ktoś naciśnie „Rozpocznij”, zanim sam się zamknie?

settings-language-unset = nie wybrano (język osoby, która otwiera stół)
settings-clock-game = każda gra ma swój
settings-managers-host = gospodarz (zamknąć może też każdy administrator)
settings-managers-admins = tylko administratorzy czatu
settings-computers-on = dozwoleni
settings-computers-off = niedozwoleni
settings-lobby-minutes = { $minutes } min
settings-lobby-default = { $minutes } min (domyślnie)
settings-chosen = ✓ { $label }

settings-saved = Zapisano.
settings-outdated = Ustawienia w międzyczasie się zmieniły: oto aktualne.
settings-start-admins = Tylko administrator czatu może tu rozpocząć grę.
settings-cancel-admins = Tylko administrator czatu może tu zamknąć stół.
settings-computers-refused = Gracze komputerowi są wyłączeni w ustawieniach tego czatu.
