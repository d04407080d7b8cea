# Turn clocks: how a clock and the time left read.

clock-off = no clock
clock-live = { $minutes } min + { $increment } s a turn
clock-turn = { $hours } h a turn
clock-seconds = { $count } s
clock-minutes = about { $count } min
clock-hours = about { $count } h

# In the lobby
table-clock-line = ⏱ Clock: { $clock }
table-clock-button = ⏱ Clock
table-clock-choose = Which clock? Live: a bank of minutes for each player, with seconds added after each turn. Per turn: a fixed time for every turn, for games played over days.
table-clock-set = Clock: { $clock }.
table-clock-host-only = Only { $name }, who opened the table, can choose the clock.

# During a game
table-clock-left = {" "}· ⏳ { $time }
table-clock-you = ⏳ You have { $time } for this turn.
table-clock-reminder = ⏳ { $player }, { $time } left for your turn!
table-absent-board = ⌛ { $player } is out of time.
table-absent-out = ⌛ { $player } ran out of time. The others decide on the board: a computer plays for them, or the game ends. Until then they can still move.
table-absent-you = ⌛ Your time is up: the others are deciding whether a computer plays for you. Move now to keep your seat.
table-absent-twice = ⌛ { $player } ran out of time twice in a row: a computer plays for them until they press “I'm back”.
table-absent-voted = 🤖 A computer plays for { $player } until they press “I'm back”.

# Votes on the board
table-vote-absent = 🗳 What now, with { $player } away?
table-vote-computer = 🤖 A computer plays for { $player } ({ $count }/{ $need })
table-vote-end = 🏳 End the game ({ $count }/{ $need })
table-vote-end-question = 🗳 { $player } asks to end the game. End it?
table-vote-yes = 🏳 End it ({ $count }/{ $need })
table-vote-no = ▶ Play on ({ $count }/{ $need })
table-vote-counted = Your vote counts.
table-vote-closed = This vote is over.
table-vote-not-yours = Only the other players at this table vote.
table-vote-already = A vote to end this game is already open on the board.
table-vote-end-opened = Your vote to end the game is on the board: the others have 2 minutes.
table-vote-end-asked = 🗳 { $player } asks to end the game: vote on the board within 2 minutes.
table-vote-end-failed = ▶ The game goes on: not enough players want to end it.
table-vote-end-expired = ▶ The vote to end the game ran out of time: the game goes on.

# Ended early
table-ended-absent = 🏳 The game was abandoned: the players chose to end it when { $player } ran out of time.
table-ended-vote = 🏳 The game was abandoned: the players voted to end it.
table-ended-no-people = 🏳 The game was abandoned: only computer players were left.
table-standings-now = Standings when it ended:

# Away and back, leaving
table-back-offer = 🤖 A computer is playing for you. Press “I'm back” to take your seat again.
table-back-button = 🙋 I'm back
table-back-first = A computer is playing for you: press “I'm back” first.
table-back-left = You left this game.
table-back-already = You're already playing.
table-back-welcome = Welcome back: your seat is yours again.
table-back = 🙋 { $player } is back and plays again.
table-leave-confirm = { $player }, leave the game? A computer player will take your seat until the end.
table-leave-yes = 🚪 Leave
table-leave-no = Stay
table-leave-not-yours = This question is for another player.
table-leave-stayed = Good, you're still in.
table-leave-done = You left the game.
table-left-game = 🚪 { $player } left the game: a computer plays their seat to the end.
