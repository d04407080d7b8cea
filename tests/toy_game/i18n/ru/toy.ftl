# Игрушечная игра tests/toy_game (в поставку не входит).
game-toy = Счёт до десяти
game-toy-tagline = прибавляйте 1 или 2, назовите цель и победите, 2–3 игрока
toy-rules = Счёт до десяти: по очереди прибавляйте к сумме 1 или 2. Кто доведёт её ровно до { $goal }, тот победил.
toy-menu-add = Сколько прибавить?
toy-opt-add = +{ $count }
toy-menu-confirm = Прибавить { $count }?
toy-preview = Сумма станет { $total }.
toy-menu-wait = Сейчас не ваш ход.
toy-ev-count = { $seat } прибавляет { $count }: { $total }.
toy-result = { $seat } доводит счёт до { $goal } и побеждает!
toy-standing = { $rank }. { $seat }
