# /stats (таблицы лидеров, твои показатели) и /forgetme.

cmd-stats = Таблицы лидеров здесь (в личке — твои показатели); можно указать игру
cmd-forgetme = Удалить всё, что я о тебе храню (в личном чате со мной)
dc-param-stats-game-description = Только эта игра

## /stats

stats-title = Таблица лидеров: { $chat }
stats-title-here = Таблица лидеров этого чата
stats-none = В этом чате ещё не закончилась ни одна игра: начни её командой /newgame.
stats-none-game = В этом чате ещё не закончилась ни одна партия в «{ $game }».
stats-col-games = игры
stats-col-wins = победы
stats-col-rate = % побед
stats-col-rating = рейтинг
stats-col-best = лучший
stats-col-average = средний
stats-col-perfect = идеал
stats-former-player = бывший игрок
stats-team-kind = { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[other] { $players } игроков
  } · { $variant }
stats-team-kind-computers = { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[other] { $players } игроков
  } · { $variant } · с компьютером
stats-variant-base = базовая игра
stats-how = Рейтинг: модель Плакетта–Льюса из openskill, показан как μ − 3σ (у новичка 0). В рейтинг идут только доигранные партии между людьми; партии с компьютерными игроками считаются в играх и победах, прерванные — только в играх. В Ханаби играют вместе: вместо рейтинга — очки команды.
stats-one-game = /stats lanterns (или другая игра) покажет десятку лучших в одной игре.
stats-yours-title = { $name }: твои игры
stats-yours-chats = Твоих законченных игр: { $games }, в { $chats ->
    [one] { $chats } чате
   *[other] { $chats } чатах
  }.
stats-yours-games = По всем твоим чатам
stats-yours-none = Ни одна твоя игра ещё не закончилась: сыграй в группе, команда /newgame.

## /forgetme

forget-private-only = /forgetme работает в нашем личном чате: открой его и отправь /forgetme там.
forget-ask = Забыть тебя? Я удалю твои настройки, а также имя и id за каждым столом, где ты играл(а). Результаты останутся без имени, чтобы у других игроков не пропали их партии. Отменить это нельзя.
forget-yes = Да, забудь меня
forget-no = Нет, оставь
forget-kept = Хорошо, ничего не удалено.
forget-expired = Этот вопрос устарел: отправь /forgetme ещё раз.
forget-still-seated = Ты ещё за столом в { $chats }. Выйди командой /leave или дождись конца партии, потом снова отправь /forgetme. Ничего не удалено.
forget-done = Готово: я тебя забыл (обезличено мест: { $seats }). Если сыграешь снова, я буду хранить то, что нужно для игры, с этого момента.
