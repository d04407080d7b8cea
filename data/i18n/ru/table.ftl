# Сервис столов: сбор игроков, ходы и итоги, для всех игр.

cmd-newgame = Открыть стол для игры
cmd-games = Игры, которые я умею проводить
cmd-rules = Краткие правила игры
cmd-help = Как со мной играть
cmd-cancel = Закрыть стол в этом чате (организатор или администратор; игроки могут проголосовать за конец игры)
cmd-leave = Выйти из-за стола (во время игры твоё место займёт компьютер)
cmd-language = Выбрать мой язык в этом чате

table-choose-game = Во что сыграем?
table-games-header = Игры, которые я умею проводить:
table-game-line = • { $name } — { $tagline }: /newgame { $code }
table-no-table = В этом чате нет стола. Открой его командой /newgame.
table-language-admins = Менять мой язык здесь может только администратор чата.
table-already-started = Эта игра уже началась.
table-not-started = Игра ещё не началась.
table-joined-you = Ты за столом!
table-left-you = Ты вышел из-за стола.
table-cancel-not-allowed = Закрыть стол может только его организатор или администратор чата.
table-panel-sent = Твоя рука — в нашем личном чате.
table-join-link-invalid = Это приглашение устарело. Нажми «Присоединиться» в группе ещё раз.
table-host-unknown = кто-то
table-cancelled-game = 🏳 { $name } завершает игру досрочно.
table-clip = 🎬 Последний ход — как всё было.
table-final-ranking = 🏁 Итоги:
table-turn-ping = 🔔 { $player }, твой ход!
table-panel-waiting = Пока не твой ход: когда он наступит, варианты появятся здесь. Поле — в чате «{ $chat }».
table-panel-over = Игра в чате «{ $chat }» окончена: итоги там.
table-panel-closed = Стол в чате «{ $chat }» закрыт.
table-panel-left = Ты вышел из игры в чате «{ $chat }»: твоё место у компьютера.
table-options = Настройки: { $options }
table-bad-option = «{ $word }» — не настройка этой игры. Её настройки: { $options }
table-rules-options = ⚙️ Правила даны для: { $chosen }. Настройки (пишутся после названия, как в /newgame { $game } или /rules { $game }): { $known }
table-rules-options-default = настроек по умолчанию

# Computer players
table-computer-level-easy = Лёгкий
table-computer-level-normal = Средний
table-computer-level-hard = Сильный
table-computer-name = 🤖 { $level }
table-computer-add = 🤖 Добавить компьютер
table-computer-choose = Какого уровня компьютерного игрока добавить? (Или убери одного.)
table-computer-remove = ✖ { $name }
table-computer-host-only = Добавлять и убирать компьютерных игроков может только { $name }, организатор стола.
table-computer-added = { $name } за столом.
table-computer-removed = { $name } покинул стол.
table-computer-gone = Этот компьютерный игрок уже ушёл.
table-computer-need-person = Играть должен хотя бы один человек.
table-computer-thinking = { $player } думает…
table-computer-none = В этой игре нет компьютерных игроков.
table-lobby-expired = Игру не начали за { $minutes } { $minutes ->
        [one] минуту
        [few] минуты
       *[other] минут
    }, поэтому стол закрылся сам. Новый можно открыть командой /newgame.

# Ещё раз
table-again-button = 🔁 Сыграть ещё
table-again-opened = Открыт новый стол с теми же игроками: нажми «Начать», когда все готовы.
table-again-not-over = Эта игра ещё идёт.
table-again-players-only = Начать эту игру заново могут только её игроки.

# Подпись доски: с прошлого показа доски сделано несколько ходов; последние идут по строке
# на ход, а эта строка считает те, что были до них.
table-moves-earlier = { $count ->
        [one] { $count } ход раньше — в отдельном сообщении; затем:
        [few] { $count } хода раньше — в отдельном сообщении; затем:
        [many] { $count } ходов раньше — в отдельном сообщении; затем:
       *[other] { $count } хода раньше — в отдельном сообщении; затем:
    }
table-moves-earlier-list = Ходы раньше:
# A person pressed again (at another table) while the bot still works out their last answer (a risk estimate).
table-physics-busy = Ещё считаю ответ на твой прошлый вопрос. Попробуй через минутку.
table-point-nowhere = В этом месте картинки нечего выбрать: перетащи на показанное место или нажми на номер.
