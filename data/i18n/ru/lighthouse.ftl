# Маяк: дуэль линий с перетягиванием маяка по шкале очков.
# Аргументы seat заменяются именем игрока; $zone, $line и $combos приходят уже переведёнными
# (из ключей ниже). Номера клеток, рядов и столбцов считаются с 1.

game-lighthouse = Маяк
game-lighthouse-tagline = дуэль линий с перетягиванием маяка, 2 игрока

# В родительном падеже: «клетка 7 { $zone }», «ряд 3 { $zone }».
lighthouse-zone-red = красной зоны
lighthouse-zone-blue = синей зоны
# В винительном падеже: «за { $line } 3», «закрывает { $line } 3».
lighthouse-line-row = ряд
lighthouse-line-col = столбец

lighthouse-combo-2 = пара
lighthouse-combo-3 = три одинаковых
lighthouse-combo-4 = четыре одинаковых
lighthouse-combo-5 = пять одинаковых
lighthouse-combo-6 = шесть одинаковых
lighthouse-combo-7 = семь одинаковых
lighthouse-combo-colour = все одного цвета

## Что произошло

lighthouse-ev-place = { $seat } кладёт жетон { $value } на клетку { $cell } { $zone }.
lighthouse-ev-line = { $seat } получает { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } за { $line } { $n } { $zone }: { $combos }.
lighthouse-ev-line-none = { $seat } теряет { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }: { $line } { $n } { $zone } без комбинаций.
lighthouse-ev-marker = Маяк на делении { $steps } на стороне игрока { $seat }.
lighthouse-ev-marker-centre = Маяк на нуле.
lighthouse-ev-draw = Ты берёшь жетон { $value }.
lighthouse-ev-round-track = Маяк дошёл до деления { $steps } на стороне игрока { $seat }: раунд { $round } выигрывает { $seat }!
lighthouse-ev-round-side = Раунд { $round } окончен, маяк на стороне игрока { $seat }: раунд выигрывает { $seat }.
lighthouse-ev-round-zone = Раунд { $round } окончен, маяк на нуле: раунд выигрывает { $seat } (больше жетонов своего цвета в своей зоне).
lighthouse-ev-round-draw = Раунд { $round } окончен вничью: маяк на нуле, а своих жетонов в своей зоне у обоих поровну.
lighthouse-ev-reveal-tie = Оба открыли { $value }: эти жетоны откладываются, открываются два новых.
lighthouse-ev-round-start-lower = Раунд { $round }: красный открывает { $red }, синий — { $blue }. Первый ход у игрока { $seat } (меньшее число).
lighthouse-ev-round-start-other = Раунд { $round }: красный открывает { $red }, синий — { $blue }. В этом раунде первый ход у игрока { $seat }.
lighthouse-ev-round-start-coin = Раунд { $round }: все открытые пары совпали, и жребий отдаёт первый ход игроку { $seat }.

## Выбор хода

lighthouse-menu-wait = Ждём хода игрока { $current_seat }.
lighthouse-menu-over = Матч окончен.
lighthouse-menu-token = Твой ход: какой жетон сыграть? (после хода ты берёшь новый)
lighthouse-menu-zone = Жетон { $value }: в какую зону?
lighthouse-menu-cell = Жетон { $value }: на какую клетку { $zone }? (номера на картинке)
lighthouse-menu-confirm = Положить жетон { $value } на клетку { $cell } { $zone }?
lighthouse-menu-round-over = Раунд { $round } окончен: на картинке видно, чем он завершился.
lighthouse-menu-next = Начинается раунд { $round }.

lighthouse-opt-token = { $count ->
        [1] { $value }
       *[other] { $value } ×{ $count }
    }
lighthouse-opt-zone-red = 🔴 { $own ->
        [1] Красная зона (твоя)
       *[other] Красная зона
    }: свободно { $empty }
lighthouse-opt-zone-blue = 🔷 { $own ->
        [1] Синяя зона (твоя)
       *[other] Синяя зона
    }: свободно { $empty }
lighthouse-opt-cell = { $lines ->
        [0] { $n }
       *[other] { $loss ->
            [1] { $n }: −{ $points }
           *[other] { $n }: +{ $points }
        }
    }
lighthouse-opt-next = ▶ Начать раунд { $round }

## Что даст ход

lighthouse-preview-no-line = Ни одна линия не закрывается.
lighthouse-preview-line = Закрывает { $line } { $n } { $zone }: +{ $points } игроку { $seat } ({ $combos }).
lighthouse-preview-line-none = Закрывает { $line } { $n } { $zone } без комбинаций: −{ $points } игроку { $seat }.
lighthouse-preview-marker = Маяк встанет на деление { $steps } на стороне игрока { $seat }.
lighthouse-preview-marker-centre = Маяк встанет на ноль.
lighthouse-preview-round-track = Маяк дойдёт до конца шкалы: { $seat } сразу выиграет раунд!
lighthouse-preview-round-side = Раунд закончится с маяком на стороне игрока { $seat }: раунд выиграет { $seat }.
lighthouse-preview-round-zone = Раунд закончится с маяком на нуле: раунд выиграет { $seat } (больше жетонов своего цвета в своей зоне).
lighthouse-preview-round-draw = Раунд закончится вничью.

## Итог

lighthouse-result-two-wins = { $seat } выигрывает два раунда и весь матч!
lighthouse-result-more-wins = После трёх раундов матч выигрывает { $seat }: больше побед в раундах.
lighthouse-result-equal-wins = После трёх раундов побед в раундах поровну: ничья.
lighthouse-result-all-drawn = Все три раунда сыграны вничью: побеждают оба!

lighthouse-standing = { $rank }. { $seat } — { $wins } { $wins ->
        [one] победа
        [few] победы
        [many] побед
       *[other] победы
    } в раундах

lighthouse-rules =
    🗼 Маяк (2 игрока)

    На поле две зоны { $size }×{ $size }, красная и синяя; каждый играет цветом своей зоны. У каждого { $tokens } { $tokens ->
        [one] жетон
        [few] жетона
        [many] жетонов
       *[other] жетона
    } своего цвета: числа от 1 до { $values }, каждое { $copies ->
        [one] по одному разу
        [few] по { $copies } раза
       *[other] по { $copies } раз
    }. Фишка маяка стоит на 0 шкалы, которая идёт на { $track } { $track ->
        [one] деление
        [few] деления
        [many] делений
       *[other] деления
    } в сторону каждого игрока.

    Раунд: каждый перемешивает свои жетоны лицом вниз и открывает верхний на центральную клетку своей зоны. Первым ходит тот, у кого число меньше (при равных числах жетоны откладываются и открываются два новых, а отложенные затем замешиваются обратно; если равными окажутся все пары до конца стопок, первого игрока определяет жребий). Каждый берёт { $hand } { $hand ->
        [one] жетон
        [few] жетона
        [many] жетонов
       *[other] жетона
    } в тайную руку. Второй раунд начинает другой игрок, в третьем снова решает открытие.

    Твой ход: положи жетон из руки на любую свободную клетку любой зоны и возьми новый (пока в стопке есть жетоны). Когда жетон закрывает ряд или столбец своей зоны, очки за эту линию получает тот, чьих жетонов в ней больше:
    • число, встретившееся несколько раз, в очках: { $groups }; несколько таких комбинаций в линии складываются;
    • все { $size } { $size ->
        [few] жетона
       *[other] жетонов
    } одного цвета — ещё 3;
    • ни одной комбинации — −3 тому, у кого большинство.
    Маяк сдвигается на столько делений к получившему очки (при −3 — от него). Если жетон закрыл и ряд, и столбец, очки дают обе линии, и маяк сдвигается на их сумму.

    Раунд заканчивается сразу, когда маяк доходит до { $track }: раунд выигрывает игрок с той стороны, даже если маяк туда отправила линия соперника. { $ending }

    Матч: до трёх раундов, две победы в раундах выигрывают матч. После трёх раундов побеждает тот, у кого больше побед; при равенстве — ничья, а если все три раунда сыграны вничью, побеждают оба.
lighthouse-rules-group = { $combo } — { $points }
lighthouse-rules-end-full = Иначе раунд заканчивается, когда поле заполнено: выигрывает тот, на чьей стороне маяк. Если маяк на 0, выиграл бы тот, у кого больше жетонов своего цвета в своей зоне, но на полном поле их у обоих всегда поровну, так что такой раунд — ничья.
lighthouse-rules-end-short = Иначе раунд заканчивается, когда у того, чей ход, не осталось жетонов (по { $tokens } на игрока не хватит, чтобы заполнить две зоны { $size }×{ $size }): выигрывает тот, на чьей стороне маяк; если маяк на 0 — тот, у кого больше жетонов своего цвета в своей зоне; если и их поровну — ничья.

## Компьютерные игроки: почему сделан ход (видно всем, поэтому только то, что видно на поле)

lighthouse-bot-next-round = Готов к следующему раунду.
lighthouse-bot-track = Этот ход доводит маяк до конца шкалы.
lighthouse-bot-score = Закрытые этим ходом линии приносят { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }.
lighthouse-bot-least-loss = Остальные ходы выглядели хуже: этот стоит { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }.
lighthouse-bot-safe = Тихий ход: после него ни одну линию не закрыть одним жетоном.
lighthouse-bot-quiet = Тихий ход: закрывать линии пока невыгодно.
lighthouse-bot-hunch = Ход наугад.

## Table options, as the web's new-table form shows them (a name and one sentence each)

lighthouse-option-zone_size = Размер зоны
lighthouse-option-zone_size-about = Сторона квадратной зоны каждого игрока в клетках (нечётная, чтобы у зоны был центр).
lighthouse-option-values = Номиналы жетонов
lighthouse-option-values-about = Жетоны пронумерованы от 1 до этого числа.
lighthouse-option-copies = Копий каждого номинала
lighthouse-option-copies-about = Сколько жетонов каждого номинала у каждого игрока.
lighthouse-option-hand_size = Размер руки
lighthouse-option-hand_size-about = Сколько жетонов держит каждый игрок.
lighthouse-option-track = Длина трека
lighthouse-option-track-about = На сколько шагов маяк должен уйти в одну сторону, чтобы выиграть раунд.
