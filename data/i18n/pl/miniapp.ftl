# Mini App Telegrama: stół otwarty w samym Telegramie (bot/web/telegram_app.py).

# Na planszy w grupie (link) i w prywatnym panelu (przycisk): otwiera stół w Telegramie.
miniapp-open-table = 🎮 Otwórz stół
# Przycisk menu w czacie prywatnym: otwiera listę własnych stołów.
miniapp-menu-button = 🎲 Moje stoły

# Odmowy: nie da się potwierdzić, kto otworzył stronę, albo nie może on zobaczyć tego stołu.
miniapp-refused-missing = Otwórz tę stronę z Telegrama: tylko tam wiadomo, kim jesteś.
miniapp-refused-forged = Ta strona nie została otwarta z tego bota w Telegramie. Otwórz stół ponownie z czatu.
miniapp-refused-expired = Ta strona została otwarta zbyt dawno. Zamknij ją i otwórz stół ponownie z czatu.
miniapp-no-table = Ten stół nie jest otwarty w żadnym czacie tego bota.
miniapp-not-member = Stół widzą tylko członkowie jego grupy.
miniapp-too-fast = Za szybko: poczekaj chwilę i naciśnij ponownie.
miniapp-too-many-streams = Masz ten stół otwarty w zbyt wielu oknach: zamknij jedno.

# Słowa samej strony.
miniapp-title = Stół do gry
miniapp-tables = Twoje stoły
miniapp-no-tables = Nie siedzisz teraz przy żadnym stole. Zacznij grę w grupie poleceniem /newgame.
miniapp-board = Plansza
miniapp-hand = Twoja ręka
miniapp-watching = Oglądasz: rękę każdego gracza widzi tylko on sam.
miniapp-loading = Wczytywanie…
miniapp-reconnecting = Utracono połączenie, łączę ponownie…
miniapp-confirm = Potwierdź
miniapp-your-turn = twój ruch
