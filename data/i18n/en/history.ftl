# /history: the chat's last games, and replays of them.

cmd-history = This chat's last games, to replay

history-empty = No game has ended in this chat yet.
history-header = 📜 The last games here, newest first:
# $number: the line's number (its Replay button has it too); $game: the game's name;
# $when: a date and time; $result: history-won or history-abandoned.
history-line = { $number }. { $game }, { $when }: { $result }
# $winners: the winners' names; $scores: every player's history-score, best first.
history-won = 🏆 { $winners } ({ $scores })
history-abandoned = 🏳 abandoned ({ $scores })
history-score = { $name } { $score }
history-replay-button = ▶ Replay { $number }

# $game: the game's name; $move: the move shown; $moves: how many the game had.
replay-header = 🎞 Replay of { $game }: move { $move } of { $moves }
replay-start = The game begins.
replay-abandoned = 🏳 The game was abandoned here. Standings when it ended:
# $hands: every player's replay-hand, separated by semicolons.
replay-hands = ✋ Hands: { $hands }
replay-hand = { $name }: { $cards }
replay-animation-button = 🎞 Animation
replay-file-button = 📄 hanab.live file
replay-animation = 🎞 The whole game of { $game }, move by move.
replay-file = 📄 The game of { $game } as a hanab.live replay file: open hanab.live, then “Watch specific replay”, and upload it.
