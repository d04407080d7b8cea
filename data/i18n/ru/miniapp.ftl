# Мини-приложение Telegram: стол, открытый прямо в Telegram (bot/web/telegram_app.py).

# На доске в группе (ссылка) и в личной панели (кнопка): открывает стол в Telegram.
miniapp-open-table = 🎮 Открыть стол
# Кнопка меню в личном чате: открывает список своих столов.
miniapp-menu-button = 🎲 Мои столы

# Отказы: не удалось подтвердить, кто открыл страницу, или этот стол ему не виден.
miniapp-refused-missing = Откройте эту страницу из Telegram: только там она знает, кто вы.
miniapp-refused-forged = Эта страница открыта не из этого бота в Telegram. Откройте стол заново из чата.
miniapp-refused-expired = Эта страница открыта слишком давно. Закройте её и откройте стол заново из чата.
miniapp-no-table = Этот стол не открыт ни в одном чате этого бота.
miniapp-not-member = Стол видят только участники его группы.
miniapp-too-fast = Слишком быстро: подождите немного и нажмите снова.
miniapp-too-many-streams = Этот стол открыт у вас в слишком многих окнах: закройте одно.

# Слова самой страницы.
miniapp-title = Игровой стол
miniapp-tables = Ваши столы
miniapp-no-tables = Сейчас вы не сидите ни за одним столом. Начните игру в группе командой /newgame.
miniapp-board = Доска
miniapp-hand = Ваша рука
miniapp-watching = Вы наблюдаете: руку каждого игрока видит только он сам.
miniapp-loading = Загрузка…
miniapp-reconnecting = Связь потеряна, переподключаюсь…
miniapp-confirm = Подтвердить
miniapp-your-turn = ваш ход
