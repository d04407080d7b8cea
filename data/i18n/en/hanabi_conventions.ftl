# Hanabi computer players' reasons that name an H-group convention (hanab.live's Beginner's Guide)

hanabi-bot-five-stall-clue-color = { hanabi-x-color } to { $target_seat }: 5 Stall, nothing urgent to clue (not a play clue)
hanabi-bot-five-stall-clue-rank = { $rank } to { $target_seat }: 5 Stall, nothing urgent to clue (not a play clue)
hanabi-bot-tempo-stall-clue-color = { hanabi-x-color } to { $target_seat }: Tempo Clue Stall, play a clued card
hanabi-bot-tempo-stall-clue-rank = { $rank } to { $target_seat }: Tempo Clue Stall, play a clued card
hanabi-bot-locked-save-clue-color = { hanabi-x-color } to { $target_seat }: Locked Hand Save: the giver's hand is locked
hanabi-bot-locked-save-clue-rank = { $rank } to { $target_seat }: Locked Hand Save: the giver's hand is locked
hanabi-bot-eight-save-clue-color = { hanabi-x-color } to { $target_seat }: 8 Clue Save: at 8 clues nobody may discard
hanabi-bot-eight-save-clue-rank = { $rank } to { $target_seat }: 8 Clue Save: at 8 clues nobody may discard
hanabi-bot-delayed-play-clue-color = { hanabi-x-color } to { $target_seat }: Delayed Play Clue, it plays after cards already clued
hanabi-bot-delayed-play-clue-rank = { $rank } to { $target_seat }: Delayed Play Clue, it plays after cards already clued

hanabi-bot-play-prompt = played slot { $slot }: a Prompt, a partner's play clue connects through this clued card
hanabi-bot-play-finesse = played slot { $slot } blind from finesse position: a partner's clue can only be explained by a Finesse
