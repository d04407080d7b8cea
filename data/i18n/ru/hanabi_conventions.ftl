# Причины ходов компьютерных игроков Ханаби, называющие соглашение H-group (руководство для начинающих с hanab.live)

hanabi-bot-five-stall-clue-color = { hanabi-x-color } → { $target_seat }: пятёрочная затяжка, срочного ничего нет (это не подсказка к розыгрышу)
hanabi-bot-five-stall-clue-rank = { $rank } → { $target_seat }: пятёрочная затяжка, срочного ничего нет (это не подсказка к розыгрышу)
hanabi-bot-tempo-stall-clue-color = { hanabi-x-color } → { $target_seat }: темповая затяжка, пора разыграть подсказанную карту
hanabi-bot-tempo-stall-clue-rank = { $rank } → { $target_seat }: темповая затяжка, пора разыграть подсказанную карту
hanabi-bot-fill-in-clue-color = { hanabi-x-color } → { $target_seat }: уточнение, чтобы выиграть время, срочного ничего нет
hanabi-bot-fill-in-clue-rank = { $rank } → { $target_seat }: уточнение, чтобы выиграть время, срочного ничего нет
hanabi-bot-locked-save-clue-color = { hanabi-x-color } → { $target_seat }: спасение при запертой руке: у подсказавшего все карты подсказаны
hanabi-bot-locked-save-clue-rank = { $rank } → { $target_seat }: спасение при запертой руке: у подсказавшего все карты подсказаны
hanabi-bot-eight-save-clue-color = { hanabi-x-color } → { $target_seat }: спасение при 8 жетонах: сбрасывать нельзя
hanabi-bot-eight-save-clue-rank = { $rank } → { $target_seat }: спасение при 8 жетонах: сбрасывать нельзя
hanabi-bot-hard-burn-clue-color = { hanabi-x-color } → { $target_seat }: пустая подсказка, чтобы выиграть время
hanabi-bot-hard-burn-clue-rank = { $rank } → { $target_seat }: пустая подсказка, чтобы выиграть время
hanabi-bot-end-stall-clue-color = { hanabi-x-color } → { $target_seat }: затяжка в конце игры: сброс приблизил бы конец
hanabi-bot-end-stall-clue-rank = { $rank } → { $target_seat }: затяжка в конце игры: сброс приблизил бы конец
hanabi-bot-delayed-play-clue-color = { hanabi-x-color } → { $target_seat }: отложенный розыгрыш: карта пойдёт после уже подсказанных
hanabi-bot-delayed-play-clue-rank = { $rank } → { $target_seat }: отложенный розыгрыш: карта пойдёт после уже подсказанных
hanabi-bot-prompt-clue-color = { hanabi-x-color } → { $target_seat }: подсказка к розыгрышу через напоминание об уже подсказанных картах
hanabi-bot-prompt-clue-rank = { $rank } → { $target_seat }: подсказка к розыгрышу через напоминание об уже подсказанных картах
hanabi-bot-finesse-clue-color = { hanabi-x-color } → { $target_seat }: финт: ждём розыгрыша вслепую с позиции финта
hanabi-bot-finesse-clue-rank = { $rank } → { $target_seat }: финт: ждём розыгрыша вслепую с позиции финта

hanabi-bot-play-prompt = разыграна позиция { $slot }: напоминание, подсказка партнёру опирается на эту подсказанную карту
hanabi-bot-play-finesse = разыграна вслепую позиция { $slot }, позиция финта: подсказку партнёру объясняет только финт
