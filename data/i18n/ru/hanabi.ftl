# «Ханаби» («Фейерверк»). Аргументы seat и *_seat заменяются именами игроков. $color —
# условное имя цвета (red, yellow, green, blue, white, multicolor); нужную форму слова
# выбирают вспомогательные сообщения hanabi-x-* (они видят аргументы вызывающего сообщения).
# Имена игроков не склоняются, поэтому «Анна → Борис», а не «Анна подсказывает Борису».

game-hanabi = Ханаби
game-hanabi-tagline = вместе запускаем фейерверк, видя все карты, кроме своих, 2–5 игроков

hanabi-color-red = красный
hanabi-color-yellow = жёлтый
hanabi-color-green = зелёный
hanabi-color-blue = синий
hanabi-color-white = белый
hanabi-color-multicolor = разноцветный

## Вспомогательные ($color, $rank, $count)

# Название цвета (мужской род: «синий фейерверк»).
hanabi-x-color = { $color ->
        [red] { hanabi-color-red }
        [yellow] { hanabi-color-yellow }
        [green] { hanabi-color-green }
        [blue] { hanabi-color-blue }
        [white] { hanabi-color-white }
       *[multicolor] { hanabi-color-multicolor }
    }
# Карта: «синяя 3».
hanabi-x-card = { $color ->
        [red] красная
        [yellow] жёлтая
        [green] зелёная
        [blue] синяя
        [white] белая
       *[multicolor] разноцветная
    } { $rank }
hanabi-x-count = { $count }
# «1 синяя карта», «2 синие карты», «5 синих карт».
hanabi-x-cards = { hanabi-x-count } { $color ->
        [red] { $count ->
            [one] красная
            [few] красные
           *[many] красных
        }
        [yellow] { $count ->
            [one] жёлтая
            [few] жёлтые
           *[many] жёлтых
        }
        [green] { $count ->
            [one] зелёная
            [few] зелёные
           *[many] зелёных
        }
        [blue] { $count ->
            [one] синяя
            [few] синие
           *[many] синих
        }
        [white] { $count ->
            [one] белая
            [few] белые
           *[many] белых
        }
       *[multicolor] { $count ->
            [one] разноцветная
            [few] разноцветные
           *[many] разноцветных
        }
    } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }
hanabi-x-rank-cards = { hanabi-x-count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    } с числом { $rank }
hanabi-x-slots = { $count ->
        [one] позиция
       *[other] позиции
    } { $slots }

## Что произошло

hanabi-ev-clue-color = 💬 { $seat } → { $target_seat }: { hanabi-x-cards } ({ hanabi-x-slots })
hanabi-ev-clue-rank = 💬 { $seat } → { $target_seat }: { hanabi-x-rank-cards } ({ hanabi-x-slots })
hanabi-ev-play = 🎆 { $seat } разыгрывает карту из позиции { $slot }: { hanabi-x-card } — в фейерверк!
hanabi-ev-misplay = 💥 { $seat } разыгрывает карту из позиции { $slot }: { hanabi-x-card } — не подходит! Сгорает фитиль (осталось { $left }).
hanabi-ev-discard = 🗑 { $seat } сбрасывает карту из позиции { $slot }: { hanabi-x-card }. Жетон подсказки возвращается.
hanabi-ev-firework-done = ✨ Готов { hanabi-x-color } фейерверк!{ $bonus ->
        [1] { " " }Жетон подсказки возвращается.
       *[other] { "" }
    }
hanabi-ev-card-lost = ⚠️ Карт «{ hanabi-x-card }» больше нет: { hanabi-x-color } фейерверк не завершить.
hanabi-ev-last-card = 🃏 { $seat } берёт последнюю карту: каждый игрок (и { $seat } тоже) делает ещё один ход.
hanabi-ev-deck-empty-advanced = 🃏 Колода закончилась: играем дальше, пока не будут готовы все фейерверки.
hanabi-ev-over-fuses = 💥 Сгорает третий фитиль: представление провалено!
hanabi-ev-over-complete = 🎇 Все фейерверки готовы!
hanabi-ev-over-last-round = 🏁 Последний круг сыгран.
hanabi-ev-over-critical = 💥 Потеряна последняя карта «{ hanabi-x-card }»: идеального представления уже не будет.
hanabi-ev-over-stuck = 💥 У игрока { $seat } нет карт, а жетонов подсказки не осталось: пропускать ход нельзя, представление провалено.

## Выбор

hanabi-menu-wait = Ходит { $current_seat }.
hanabi-menu-over = Игра окончена.
hanabi-menu-turn = Твой ход. 💬 Подсказок: { $clues }, 🔥 фитилей: { $fuses }, 🃏 карт в колоде: { $deck }.
hanabi-menu-final = Твой последний ход{ $left ->
        [0] { "" }, и последний в игре
       *[other] { "" } (после тебя ещё { $left })
    }. 💬 Подсказок: { $clues }, 🔥 фитилей: { $fuses }.
hanabi-menu-play = Какую карту разыгрываешь? Позиция 1 — твоя самая новая карта.
hanabi-menu-discard = Какую карту сбрасываешь?
hanabi-menu-confirm-play = Разыграть карту из позиции { $slot }?
hanabi-menu-confirm-discard = Сбросить карту из позиции { $slot }?
hanabi-menu-clue-target = Кому подсказка?
hanabi-menu-clue-value = Что подсказать игроку { $target_seat }? На кнопках — позиции, на которые укажет подсказка.
hanabi-menu-confirm-clue = Дать эту подсказку?

hanabi-opt-play = 🎆 Разыграть карту
hanabi-opt-discard = 🗑 Сбросить карту
hanabi-opt-clue = 💬 Подсказать (осталось { $clues })
hanabi-opt-slot = { $slot }{ $color ->
        [none] { $rank ->
            [0] { "" }
           *[other] { " " }· { $rank }
        }
       *[other] { " " }· { hanabi-x-color }{ $rank ->
            [0] { "" }
           *[other] { " " }{ $rank }
        }
    }
hanabi-opt-player = { $target_seat }
hanabi-opt-clue-color = { hanabi-x-color } → { $slots }
hanabi-opt-clue-rank = { $rank } → { $slots }

## Перед подтверждением

hanabi-preview-unknown = Ты ничего не знаешь об этой карте.
hanabi-preview-exact = Ты знаешь, что это { hanabi-x-card }.
hanabi-preview-maybe = Возможные цвета: { $colors }; числа: { $ranks }.
hanabi-preview-sure-play = Она точно подходит к фейерверку.
hanabi-preview-sure-misplay = Она точно не подходит: сгорит фитиль.
hanabi-preview-last-fuse = Осторожно: два фитиля уже сгорели, ошибка сейчас — проигрыш.
hanabi-preview-discard = Жетон подсказки вернётся ({ $clues } → { $after }).
hanabi-preview-critical-risk = Это может быть последний экземпляр нужной карты{ $advanced ->
        [1] { "" }: его потеря — проигрыш.
       *[other] .
    }
hanabi-preview-clue-color = { $target_seat } узнает: { hanabi-x-cards } ({ hanabi-x-slots }). Подсказок: { $clues } → { $after }.
hanabi-preview-clue-rank = { $target_seat } узнает: { hanabi-x-rank-cards } ({ hanabi-x-slots }). Подсказок: { $clues } → { $after }.

## Итог

hanabi-verdict-horrible = ужасно, освистано толпой…
hanabi-verdict-mediocre = посредственно, жиденькие аплодисменты.
hanabi-verdict-honourable = достойно, но надолго не запомнится…
hanabi-verdict-excellent = великолепно, зрители в восторге.
hanabi-verdict-amazing = изумительно, запомнится надолго!
hanabi-verdict-legendary = легендарно, зрители онемели от восторга и полностью ошеломлены!
hanabi-verdict-divine = божественно — вы покорили небеса!
hanabi-result-score = { $score } из { $max } очков: { $verdict }
hanabi-result-perfect = Идеальное представление: { $score } из { $max }!
hanabi-result-fuses = Сгорел третий фитиль: представление провалено, 0 очков (фейерверки успели набрать { $fireworks } из { $max }).
hanabi-result-critical = Потеряна последняя карта «{ hanabi-x-card }», идеального представления не будет: провал, 0 очков.
hanabi-result-stuck = { $seat } не может ни разыграть, ни сбросить карту, ни подсказать: представление провалено, 0 очков.
hanabi-standing = 🤝 { $seat }: { $score } { $score ->
        [one] очко
        [few] очка
       *[many] очков
    }

hanabi-rules =
    🎆 Ханаби («Фейерверк»), 2–5 игроков, все вместе

    { $deck } Свои карты ты держишь рубашкой к себе: видишь чужие карты, но не свои. На руке по 5 карт при 2–3 игроках, по 4 — при 4–5. Общие: 8 жетонов подсказки и 3 фитиля.

    За ход — ровно одно действие:
    💬 Подсказка (тратит жетон; без жетонов нельзя): скажи другому игроку об одном цвете или одном числе в его руке и укажи все такие карты; указать нужно хотя бы на одну.
    🗑 Сброс (нельзя, пока все 8 жетонов на месте): верни жетон подсказки и возьми карту.
    🎆 Розыгрыш: карта продолжает фейерверк своего цвета — её добавляют; иначе её сбрасывают и сгорает фитиль. Возьми карту.

    Новая карта встаёт в позицию 1, остальные сдвигаются вправо. Завершив фейерверк пятёркой, верни жетон подсказки (если не все 8 на месте).

    { $ending }

    Всё, что тебе подсказали, хранится на картах, а в личной панели видно, чем ещё может быть каждая твоя карта.
hanabi-rules-deck = Все вместе игроки запускают пять фейерверков (красный, жёлтый, зелёный, синий, белый), каждый от 1 до 5. В каждом цвете карты 1,1,1,2,2,3,3,4,4,5.
hanabi-rules-deck-multicolor = Все вместе игроки запускают шесть фейерверков (красный, жёлтый, зелёный, синий, белый и разноцветный), каждый от 1 до 5. В каждом из первых пяти цветов карты 1,1,1,2,2,3,3,4,4,5; в разноцветном («Шквал цветов») — по одной карте каждого числа, и подсказывают его своим названием.
hanabi-rules-end = Третий фитиль — немедленный проигрыш (0 очков). Все фейерверки готовы — { $perfect } очков. Когда взята последняя карта, каждый, включая взявшего, делает ещё ровно один ход. Счёт — сумма фейерверков: { $scale }.
hanabi-rules-end-advanced = Правила для опытных: когда колода кончилась, игра идёт дальше без добора, пока все фейерверки не будут готовы ({ $perfect } очков). Игра проиграна (0 очков), как только потерян последний экземпляр ещё нужной карты (сброс или ошибка; уже выложенную карту терять можно), сгорел третий фитиль или у игрока нет карт при нуле жетонов (пропускать ход нельзя). Либо идеально, либо провал.
hanabi-rules-scale = 0–5 ужасно, 6–10 посредственно, 11–15 достойно, 16–20 великолепно, 21–24 изумительно, 25 легендарно
hanabi-rules-scale-multicolor = 0–5 ужасно, 6–10 посредственно, 11–15 достойно, 16–20 великолепно, 21–24 изумительно, 25–29 легендарно, 30 божественно

## Почему компьютерный игрок так походил (это читают все: карт, которых не видно, здесь нет)

hanabi-bot-play-sure = разыграна позиция { $slot }: карта точно подходит
hanabi-bot-play-guess = разыграна позиция { $slot }: догадка в последнем круге, проиграть из-за неё нельзя
hanabi-bot-discard-useless = сброшена позиция { $slot }: карта точно не нужна
hanabi-bot-discard-chop = сброшена позиция { $slot }, самая старая карта без подсказок: спасать нечего
hanabi-bot-discard-forced = сброшена позиция { $slot }: хода безопаснее нет
hanabi-bot-play-clue-color = { hanabi-x-color } → { $target_seat }: подсказка к розыгрышу
hanabi-bot-play-clue-rank = { $rank } → { $target_seat }: подсказка к розыгрышу
hanabi-bot-save-clue-color = { hanabi-x-color } → { $target_seat }: подсказка-спасение
hanabi-bot-save-clue-rank = { $rank } → { $target_seat }: подсказка-спасение
hanabi-bot-tempo-clue-color = { hanabi-x-color } → { $target_seat }: темповая подсказка, пора разыграть подсказанную карту
hanabi-bot-tempo-clue-rank = { $rank } → { $target_seat }: темповая подсказка, пора разыграть подсказанную карту
hanabi-bot-fix-clue-color = { hanabi-x-color } → { $target_seat }: подсказка-исправление, подсказанная карта не играет
hanabi-bot-fix-clue-rank = { $rank } → { $target_seat }: подсказка-исправление, подсказанная карта не играет
hanabi-bot-stall-clue-color = { hanabi-x-color } → { $target_seat }: подсказка, чтобы выиграть время, срочного ничего нет
hanabi-bot-stall-clue-rank = { $rank } → { $target_seat }: подсказка, чтобы выиграть время, срочного ничего нет

## Table options, as the web's new-table form shows them (a name and one sentence each)

hanabi-option-multicolor = Разноцветный
hanabi-option-multicolor-about = Шестой фейерверк, разноцветный, по одной карте каждого номинала: всего 30 очков.
hanabi-option-advanced = Продвинутый финал
hanabi-option-advanced-about = Когда колода кончится, игра идёт до полных фейерверков; потеря последней копии нужной карты — поражение.
