# Причины ходов компьютерных игроков Ханаби, называющие соглашение H-group (руководство для начинающих с hanab.live)

hanabi-bot-five-stall-clue-color = { hanabi-x-color } → { $target_seat }: пятёрочная затяжка, срочного ничего нет (это не подсказка к розыгрышу)
hanabi-bot-five-stall-clue-rank = { $rank } → { $target_seat }: пятёрочная затяжка, срочного ничего нет (это не подсказка к розыгрышу)
hanabi-bot-tempo-stall-clue-color = { hanabi-x-color } → { $target_seat }: темповая затяжка, пора разыграть подсказанную карту
hanabi-bot-tempo-stall-clue-rank = { $rank } → { $target_seat }: темповая затяжка, пора разыграть подсказанную карту
hanabi-bot-locked-save-clue-color = { hanabi-x-color } → { $target_seat }: спасение при запертой руке: у подсказавшего все карты подсказаны
hanabi-bot-locked-save-clue-rank = { $rank } → { $target_seat }: спасение при запертой руке: у подсказавшего все карты подсказаны
hanabi-bot-eight-save-clue-color = { hanabi-x-color } → { $target_seat }: спасение при 8 жетонах: сбрасывать нельзя
hanabi-bot-eight-save-clue-rank = { $rank } → { $target_seat }: спасение при 8 жетонах: сбрасывать нельзя
hanabi-bot-delayed-play-clue-color = { hanabi-x-color } → { $target_seat }: отложенный розыгрыш: карта пойдёт после уже подсказанных
hanabi-bot-delayed-play-clue-rank = { $rank } → { $target_seat }: отложенный розыгрыш: карта пойдёт после уже подсказанных

hanabi-bot-play-prompt = разыграна позиция { $slot }: напоминание, подсказка партнёру опирается на эту подсказанную карту
hanabi-bot-play-finesse = разыграна вслепую позиция { $slot }, позиция финта: подсказку партнёру объясняет только финт
