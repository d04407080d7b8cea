# Часы хода: как читаются часы и оставшееся время.

clock-off = без часов
clock-live = { $minutes } мин + { $increment } с за ход
clock-turn = { $hours } ч на ход
clock-seconds = { $count } с
clock-minutes = около { $count } мин
clock-hours = около { $count } ч

# В лобби
table-clock-line = ⏱ Часы: { $clock }
table-clock-button = ⏱ Часы
table-clock-choose = Какие часы? Живые: у каждого игрока запас минут, и после каждого хода добавляются секунды. На ход: одно и то же время на каждый ход, для игр на несколько дней.
table-clock-set = Часы: { $clock }.
table-clock-host-only = Часы выбирает только { $name }, кто открыл стол.

# Во время игры
table-clock-left = {" "}· ⏳ { $time }
table-clock-you = ⏳ На этот ход у тебя { $time }.
table-clock-reminder = ⏳ { $player }, до конца твоего хода { $time }!
table-absent-board = ⌛ У игрока { $player } кончилось время.
table-absent-out = ⌛ У игрока { $player } кончилось время. Остальные решают на доске: за него сыграет компьютер или игра закончится. Пока решение не принято, ходить ещё можно.
table-absent-you = ⌛ Твоё время вышло: остальные решают, сыграет ли за тебя компьютер. Сходи сейчас, чтобы сохранить место.
table-absent-twice = ⌛ У игрока { $player } второй раз подряд кончилось время: за него играет компьютер, пока он не нажмёт «Я вернулся».
table-absent-voted = 🤖 За игрока { $player } играет компьютер, пока он не нажмёт «Я вернулся».

# Голосования на доске
table-vote-absent = 🗳 Что делаем, пока { $player } отсутствует?
table-vote-computer = 🤖 За { $player } играет компьютер ({ $count }/{ $need })
table-vote-end = 🏳 Закончить игру ({ $count }/{ $need })
table-vote-end-question = 🗳 { $player } предлагает закончить игру. Заканчиваем?
table-vote-yes = 🏳 Закончить ({ $count }/{ $need })
table-vote-no = ▶ Играть дальше ({ $count }/{ $need })
table-vote-counted = Твой голос учтён.
table-vote-closed = Это голосование уже закончилось.
table-vote-not-yours = Голосуют только остальные игроки за этим столом.
table-vote-already = Голосование о конце игры уже идёт на доске.
table-vote-end-opened = Твоё предложение закончить игру на доске: у остальных есть 2 минуты.
table-vote-end-asked = 🗳 { $player } предлагает закончить игру: голосуйте на доске в течение 2 минут.
table-vote-end-failed = ▶ Игра продолжается: закончить её хотят не все.
table-vote-end-expired = ▶ Время голосования о конце игры вышло: игра продолжается.

# Досрочный конец
table-ended-absent = 🏳 Игра прервана: игроки решили закончить её, когда у игрока { $player } кончилось время.
table-ended-vote = 🏳 Игра прервана: игроки проголосовали за конец игры.
table-ended-no-people = 🏳 Игра прервана: за столом остались только компьютеры.
table-standings-now = Положение на момент конца:

# Отсутствие, возвращение, уход
table-back-offer = 🤖 За тебя играет компьютер. Нажми «Я вернулся», чтобы снова занять своё место.
table-back-button = 🙋 Я вернулся
table-back-first = За тебя играет компьютер: сначала нажми «Я вернулся».
table-back-left = Ты вышел из этой игры.
table-back-already = Ты и так играешь.
table-back-welcome = С возвращением: место снова твоё.
table-back = 🙋 { $player } вернулся и снова играет.
table-leave-confirm = { $player }, выйти из игры? Твоё место до конца займёт компьютер.
table-leave-yes = 🚪 Выйти
table-leave-no = Остаться
table-leave-not-yours = Этот вопрос другому игроку.
table-leave-stayed = Отлично, ты в игре.
table-leave-done = Ты вышел из игры.
table-left-game = 🚪 { $player } выходит из игры: до конца за него играет компьютер.
