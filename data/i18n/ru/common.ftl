# Строки самого бота, общие для всех игр. Обращаемся к игроку на «ты», к группе — на «вы».
# Глаголы с именами игроков — в настоящем времени, чтобы не зависеть от рода.

## Помощь и приветствие

bot-help =
    Я провожу настольные игры прямо в чате.

    /newgame lanterns — открыть стол (также hanabi, lighthouse, rafter; настройки — после названия, например /newgame hanabi multicolor); игроки жмут «Присоединиться», потом организатор жмёт «Начать».
    🤖 Не хватает игроков или играешь в одиночку? Организатор может добавить компьютерных игроков в лобби.
    /games — игры, которые я умею проводить.
    /rules hanabi — краткие правила игры.
    ⏱ У столов есть часы (организатор выбирает их в лобби): если у кого-то кончилось время, остальные решают на доске, сыграет ли за него компьютер.
    /leave — выйти из-за стола (во время игры твоё место займёт компьютер).
    /cancel — закрыть стол (организатор или администратор чата); /cancel от другого игрока спрашивает остальных.
    /language — выбрать язык, на котором я говорю в этом чате.
    /settings — для администраторов чата: язык, часы, кто начинает столы, компьютерные игроки, сколько ждёт лобби.
    /stats — таблицы лидеров этого чата (/stats hanabi — одна игра); в нашем личном чате — твои показатели.
    /history — последние 10 игр этого чата, каждую можно посмотреть заново, ход за ходом.
    /forgetme — в нашем личном чате: я тебя забуду (результаты останутся без имени).
    /help — показать это сообщение.
bot-help-telegram-private = Твои карты и ходы приходят в личный чат со мной, поэтому открой его один раз и отправь /start.
bot-help-discord-private = Твои карты и ходы видишь только ты: нажми «Мои карты» на поле. О твоём ходе скажет упоминание в канале; /dms on добавит личное сообщение.
bot-welcome = Привет! Я провожу настольные игры в групповых чатах. Добавь меня в группу и отправь там /newgame. Во время игры сюда будут приходить твои карты и ходы.

## Кнопки

bot-button-join = Присоединиться
bot-button-leave = Выйти
bot-button-start = Начать
bot-button-cancel = Отменить
bot-button-confirm = Подтвердить
bot-button-back = Назад
bot-button-my-hand = Мои карты
bot-button-rules = Правила
bot-button-open-private = Открыть личный чат

## Сбор игроков

bot-lobby-opened = { $host } открывает стол: { $game }.
bot-lobby-host = Организатор: { $name }
bot-lobby-players = Игроки ({ $count }): { $names }
bot-lobby-no-players = Пока никто не присоединился.
bot-lobby-waiting = Ждём игроков…
bot-lobby-need-more = { $count ->
        [one] Нужен ещё { $count } игрок.
        [few] Нужны ещё { $count } игрока.
        [many] Нужно ещё { $count } игроков.
       *[other] Нужно ещё { $count } игрока.
    }
bot-lobby-ready = Игроков достаточно: организатор может нажать «Начать», когда все соберутся.
bot-lobby-player-range = { $game }: нужно от { $min } до { $max } { $max ->
        [one] игрока
        [few] игроков
        [many] игроков
       *[other] игрока
    }.
bot-lobby-player-exact = { $game }: { $count ->
        [one] нужен ровно { $count } игрок
        [few] нужно ровно { $count } игрока
        [many] нужно ровно { $count } игроков
       *[other] нужно ровно { $count } игрока
    }.
bot-lobby-joined = { $name } садится за стол.
bot-lobby-left = { $name } выходит из-за стола.
bot-lobby-started = Игра начинается!
bot-lobby-cancelled = Стол закрыт, игра не состоялась.
bot-join-open-private = Чтобы сесть за стол, открой личный чат со мной кнопкой ниже и запусти бота: туда будут приходить твои карты.
bot-joined-private = Ты за столом в чате «{ $chat }». Твои карты будут приходить сюда.

## Ходы

bot-your-turn = Твой ход!
bot-your-turn-in-chat = Твой ход в чате «{ $chat }»!
bot-turn-of = Ходит { $player }.
bot-waiting-for = Ждём: { $names }
bot-done = Готово.
bot-time-left-seconds = { $count ->
        [one] Осталась { $count } секунда
        [few] Осталось { $count } секунды
        [many] Осталось { $count } секунд
       *[other] Осталось { $count } секунды
    }
bot-time-left-minutes = { $count ->
        [one] Осталась { $count } минута
        [few] Осталось { $count } минуты
        [many] Осталось { $count } минут
       *[other] Осталось { $count } минуты
    }

## Количества

bot-cards = { $count } { $count ->
        [one] карта
        [few] карты
        [many] карт
       *[other] карты
    }
bot-points = { $count } { $count ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }
bot-players = { $count } { $count ->
        [one] игрок
        [few] игрока
        [many] игроков
       *[other] игрока
    }

## Итоги

bot-game-over = Игра окончена!
bot-winners = { $count ->
        [one] Побеждает { $names }!
       *[other] Побеждают { $names }!
    }
bot-standing = { $rank }. { $name } — { $score } { $score ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }

## Ошибки, чаще всего — короткие ответы на нажатие кнопки

bot-error-not-your-turn = Сейчас не твой ход.
bot-error-illegal = Так нельзя: { $reason }
bot-error-illegal-generic = Сейчас так ходить нельзя.
bot-error-outdated = Это поле устарело. Используй последнее.
bot-error-not-a-player = Ты не играешь за этим столом.
bot-error-table-finished = Этот стол уже закрыт. Новую игру можно начать командой /newgame.
bot-error-game-over = Игра уже закончилась.
bot-error-malformed = Не понимаю эту кнопку. Попробуй в последнем сообщении.
bot-error-internal = Что-то пошло не так на моей стороне. Игра сохранена, попробуй ещё раз.
bot-error-already-joined = Ты уже за этим столом.
bot-error-table-full = За этим столом нет свободных мест.
bot-error-not-enough-players = { $count ->
        [one] Чтобы начать, нужен хотя бы { $count } игрок.
        [few] Чтобы начать, нужно хотя бы { $count } игрока.
        [many] Чтобы начать, нужно хотя бы { $count } игроков.
       *[other] Чтобы начать, нужно хотя бы { $count } игрока.
    }
bot-error-not-host = Это может сделать только организатор стола — { $name }.
bot-error-table-exists = В этом чате уже открыт стол.
bot-error-unknown-game = Такой игры я не знаю. Доступны: { $games }
bot-error-group-only = Это работает только в групповых чатах.
bot-error-private-blocked = { $name }, я не могу написать тебе в личные сообщения. Открой чат со мной и отправь /start.

## Язык

bot-language-choose = Выбери язык:
bot-language-set = Готово: теперь в этом чате я говорю по-русски.
bot-language-name-en = English
bot-language-name-ru = Русский
bot-language-name-pl = Polski

## Игроки и цвета

bot-player-n = Игрок { $number }
color-red = красный
color-blue = синий
color-green = зелёный
color-white = белый
color-purple = фиолетовый
color-orange = оранжевый
color-black = чёрный

## Запуск

bot-missing-token =
    Токен бота не задан, поэтому подключаться некуда.

    Telegram: найди в Telegram @BotFather, отправь /newbot, придумай имя и имя пользователя, оканчивающееся на «bot», и скопируй токен, который он пришлёт (вида 123456789:AAH...).
    Discord: на https://discord.com/developers/applications создай приложение, открой раздел «Bot», нажми «Reset Token» и скопируй токен.

    Затем скопируй .env.example в .env в папке, из которой запускаешь бота, впиши токен в TELEGRAM_BOT_TOKEN и/или DISCORD_BOT_TOKEN (подойдут и переменные окружения) и снова выполни «python3 tasks.py run».
