# Слова веб-песочницы (bot/web). Тексты игр те же, что в Telegram и Discord.

web-title = Игровой стол
web-tagline = Играй в любую игру прямо здесь: с компьютерными игроками, с друзьями за этим устройством или с друзьями в их браузерах.
web-started = А пока можно играть в браузере: { $url }
web-language = Язык
web-error = Не получилось. Проверь соединение и попробуй ещё раз.

## Имя, один раз

web-name-ask = Как тебя зовут?
web-name-hint-room = Друзья зовут тебя за стол. Напиши своё имя, чтобы сесть.
web-name-placeholder = Твоё имя
web-name-go = Играть
web-players = Здесь играют:
web-add-player = + Игрок
web-add-player-hint = Ещё один человек за этим устройством (ходы по очереди): его имя
web-add = Добавить
web-cancel = Отмена
web-press-as = Нажимать кнопки стола от имени этого игрока
web-press-as-who = Кнопки стола нажимаются от имени: { $name } (выбор наверху).

## Новый стол

web-new-table = Открыть стол
web-choose-game = Выбери игру и открой стол: друзья присоединятся по ссылке, а «🤖 Добавить компьютер» займёт остальные места.
web-options = Настройки
web-open = Открыть стол

## Комната

web-table = Стол
web-invite = Друзья присоединяются из своих браузеров по этой ссылке.
web-copy = Скопировать
web-copied = Ссылка скопирована.
web-menu = Ещё…
web-cmd-rules = Правила
web-cmd-history = История
web-cmd-stats = Статистика
web-cmd-leave = Выйти из игры
web-cmd-cancel = Закрыть стол
web-cmd-help = Помощь
web-close = Закрыть
web-empty-room = Здесь пока нет стола.
web-connecting = Подключение…
web-offline = Связь потеряна. Подключаюсь снова…
web-hand-of = Рука: { $name }
web-private = Это видно только в этом браузере.
