# /history: последние игры чата и их повторы.

cmd-history = Последние игры этого чата, с повтором

history-empty = В этом чате ещё не закончилась ни одна игра.
history-header = 📜 Последние игры здесь, сначала новые:
history-line = { $number }. { $game }, { $when }: { $result }
history-won = 🏆 { $winners } ({ $scores })
history-abandoned = 🏳 прервана ({ $scores })
history-score = { $name } { $score }
history-replay-button = ▶ Повтор { $number }

replay-header = 🎞 Повтор игры «{ $game }»: ход { $move } из { $moves }
replay-start = Игра начинается.
replay-abandoned = 🏳 Здесь игру прервали. Положение на тот момент:
replay-hands = ✋ Руки: { $hands }
replay-hand = { $name }: { $cards }
replay-animation-button = 🎞 Анимация
replay-file-button = 📄 Файл hanab.live
replay-animation = 🎞 Вся игра «{ $game }», ход за ходом.
replay-file = 📄 Игра «{ $game }» как файл повтора hanab.live: открой hanab.live, выбери «Watch specific replay» и загрузи его.
