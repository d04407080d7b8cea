# Мини-приложение Telegram: стол, открытый прямо в Telegram (bot/web/telegram_app.py).

# На доске в группе (ссылка) и в личной панели (кнопка): открывает стол в Telegram.
miniapp-open-table = 🎮 Открыть стол
# Кнопка меню в личном чате: открывает список своих столов.
miniapp-menu-button = 🎲 Мои столы

# Отказы: не удалось подтвердить, кто открыл страницу, или этот стол ему не виден.
miniapp-refused-missing = Открой эту страницу из Telegram: только там она знает, кто ты.
miniapp-refused-forged = Эта страница открыта не из этого бота в Telegram. Открой стол заново из чата.
miniapp-refused-expired = Эта страница открыта слишком давно. Закрой её и открой стол заново из чата.
miniapp-no-table = Этот стол не открыт ни в одном чате этого бота.
miniapp-not-member = Стол видят только участники его группы.
miniapp-too-fast = Слишком быстро: подожди немного и нажми снова.
miniapp-too-many-streams = Этот стол открыт у тебя в слишком многих окнах: закрой одно.

# Слова самой страницы.
miniapp-title = Игровой стол
miniapp-tables = Твои столы
miniapp-no-tables = Сейчас ты не сидишь ни за одним столом. Начни игру в группе командой /newgame.
miniapp-board = Доска
miniapp-hand = Твоя рука
miniapp-watching = Ты наблюдаешь: руку каждого игрока видит только он сам.
miniapp-loading = Загрузка…
miniapp-reconnecting = Связь потеряна, переподключаюсь…
miniapp-confirm = Подтвердить
miniapp-your-turn = твой ход
