# «Фонарики: Праздник урожая». Аргумент seat заменяется именем игрока.
# Цвета приходят в именительном падеже мужского рода («красный»), поэтому пишем «карта: красный».

game-lanterns = Фонарики
game-lanterns-tagline = бумажные фонарики на дворцовом озере, 2–4 игрока

lanterns-kind-four_of_a_kind = четыре одинаковых
lanterns-kind-three_pairs = три пары
lanterns-kind-seven_unique = семь разных

## Что произошло

lanterns-ev-exchange = { $seat } меняет карту: { $give } → { $take } (2 жетона поощрения).
lanterns-ev-dedicate = { $seat } создаёт узор «{ $kind }» и получает { $honor } { $honor ->
        [one] почесть
        [few] почести
       *[other] почестей
    }.
lanterns-ev-discard = { $seat } сбрасывает карту: { $color }.
lanterns-ev-place = { $seat } выкладывает фрагмент озера{ $matches ->
        [0] { "" } без совпадений.
       *[other] { "" }: { $matches } { $matches ->
            [one] совпадение
            [few] совпадения
           *[other] совпадений
        }{ $favors ->
            [0] .
           *[other] { "" }, { $favors } { $favors ->
                [one] жетон поощрения
                [few] жетона поощрения
               *[other] жетонов поощрения
            }.
        }
    }
lanterns-ev-draw = Ты берёшь новый фрагмент озера.
lanterns-ev-facing = { $seat }: +1 { $color }
lanterns-ev-facing-empty = { $seat }: цвет «{ $color }» закончился
lanterns-ev-final-round = Последний фрагмент на озере: каждый делает финальный ход (только обмен и узор).
lanterns-ev-final-done = { $seat } завершает финальный ход.
lanterns-ev-game-over = Начинается праздник: игра окончена!

## Выбор

lanterns-menu-wait = Ходит { $current_seat }.
lanterns-menu-turn = Твой ход: при желании поменяй карту и создай узор, затем выложи фрагмент озера.
lanterns-menu-final = Твой финальный ход: при желании поменяй карту и создай узор, затем заверши ход.
lanterns-menu-must-dedicate = У тебя в начале хода больше 12 карт: создай узор, прежде чем выкладывать фрагмент.
lanterns-menu-must-discard = У тебя больше 12 карт: сбрось { $count } { $count ->
        [one] карту
        [few] карты
       *[other] карт
    }.
lanterns-menu-exchange-give = Обмен (2 жетона поощрения): какую карту отдаёшь?
lanterns-menu-exchange-take = Отдаёшь: { $give }. Какой цвет берёшь?
lanterns-menu-dedicate = Какой узор?
lanterns-menu-dedicate-color = Четыре карты какого цвета?
lanterns-menu-dedicate-pairs = Выбери цвета пар (осталось { $left }).
lanterns-menu-tile = Какой фрагмент?
lanterns-menu-rotation = Как повернуть? (на картинке все четыре поворота)
lanterns-menu-spot = Куда? (номера на картинке)
lanterns-menu-confirm = Подтвердить?

lanterns-opt-place = 🏮 Выложить фрагмент
lanterns-opt-exchange = 🔄 Обмен ({ $cost } жетона)
lanterns-opt-dedicate = 🏆 Создать узор
lanterns-opt-discard = 🗑 Сбросить
lanterns-opt-end = ✅ Завершить ход
lanterns-opt-color = { $count ->
        [-1] { $color }
       *[other] { $color } ({ $count })
    }
lanterns-opt-kind = { $kind }: { $honor }
lanterns-opt-tile = Фрагмент { $n }
lanterns-opt-rotation = ↻ { $n }
lanterns-opt-spot = { $n }

## Перед подтверждением

lanterns-preview-exchange = Ты платишь { $cost } жетона поощрения, отдаёшь { $give } и берёшь { $take }.
lanterns-preview-dedicate = Ты возвращаешь в запас: { $cards } — и получаешь { $honor } { $honor ->
        [one] почесть
        [few] почести
       *[other] почестей
    } ({ $kind }).
lanterns-preview-match = Совпадения: ты получаешь { $colors }.
lanterns-preview-match-missed = Совпадение ({ $colors }), но таких карт в запасе нет.
lanterns-preview-no-match = Совпадений нет.
lanterns-preview-favors = Ты получаешь { $count } { $count ->
        [one] жетон поощрения
        [few] жетона поощрения
       *[other] жетонов поощрения
    }.
lanterns-preview-facing = { $you ->
        [1] Ты получаешь { $color } (сторона к тебе).
       *[other] { $seat } получает { $color }.
    }
lanterns-preview-facing-empty = { $you ->
        [1] Цвет «{ $color }» закончился: тебе ничего.
       *[other] Цвет «{ $color }» закончился: { $seat } ничего не получает.
    }
lanterns-preview-end = Финальный ход закончится, больше ходить в этой игре нельзя.

## Итог

lanterns-result-honor = Побеждает набравший больше всего почестей.
lanterns-result-favors = Почестей поровну: решают оставшиеся жетоны поощрения.
lanterns-result-cards = Поровну почестей и жетонов: решают оставшиеся карты фонариков.
lanterns-result-shared = Полная ничья: победа общая.

lanterns-rules =
    🏮 Фонарики: Праздник урожая (2–4 игрока)

    Озеро начинается с одного фрагмента, его стороны обращены к игрокам. У тебя на руке 3 тайных фрагмента озера; карты фонариков, жетоны поощрения и почести видны всем.

    В свой ход, по порядку:
    1. Обмен (по желанию, один раз): заплати 2 жетона поощрения и поменяй свою карту на карту другого цвета из запаса.
    2. Узор (по желанию, один раз): верни в запас четыре карты одного цвета, три пары или семь разных цветов и возьми верхний жетон узора этого вида (серую «4», если стопка кончилась; когда нет и их — узор невозможен).
    3. Выложи фрагмент (обязательно) рядом с озером, повернув как угодно. За каждую сторону, совпавшую по цвету с соседней, получи карту этого цвета, а за каждый плот на совпавших фрагментах — жетон поощрения (новый фрагмент считается, если он с чем-то совпал). Затем каждый игрок, начиная с тебя и по часовой стрелке, берёт карту цвета обращённой к нему стороны. Доберёшь фрагменты до трёх.

    Закончившийся в запасе цвет ничего не даёт. Если в начале хода у тебя больше 12 карт, перед выкладыванием нужно создать узор, а если это невозможно — сбросить карты до 12.

    Когда выложен последний фрагмент, каждый делает финальный ход: только обмен и узор. Побеждает набравший больше почестей; при равенстве — у кого больше жетонов поощрения, затем — карт.

lanterns-standing = { $rank }. { $seat } — { $honor } { $honor ->
        [one] почесть
        [few] почести
       *[other] почестей
    }, { $favors } { $favors ->
        [one] жетон поощрения
        [few] жетона поощрения
       *[other] жетонов поощрения
    }, { $cards } { $cards ->
        [one] карта
        [few] карты
       *[other] карт
    }

## Почему компьютерный игрок так сходил (публично: только карты, жетоны и озеро, но не рука)

lanterns-bot-dedicate = Узор «{ $kind }» сейчас, пока верхний жетон стоит { $honor } { $honor ->
        [one] почесть
        [few] почести
       *[other] почестей
    }.
lanterns-bot-exchange = Обмен, чтобы собрать узор «{ $kind }».
lanterns-bot-exchange-ahead = Обмен на карту «{ $take }», чтобы приблизиться к узору.
lanterns-bot-discard = Сброс карты «{ $color }»: остальные карты ближе к узору.
lanterns-bot-place = { $cards ->
        [0] Себе ни одной карты
        [one] Себе { $cards } карта
        [few] Себе { $cards } карты
       *[other] Себе { $cards } карт
    }{ $matches ->
        [0] .
        [one] , { $matches } совпадение.
        [few] , { $matches } совпадения.
       *[other] , { $matches } совпадений.
    }
lanterns-bot-end = В этом ходу больше нечего получить.
