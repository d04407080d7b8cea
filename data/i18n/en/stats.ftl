# /stats (leaderboards, your own figures) and /forgetme.

cmd-stats = Leaderboards here (or your own figures in private); add a game for one game
cmd-forgetme = Make me forget you (in a private chat with me)
dc-param-stats-game-description = Only this game

## /stats

stats-title = Leaderboard: { $chat }
stats-title-here = This chat's leaderboard
stats-none = No game has ended in this chat yet: start one with /newgame.
stats-none-game = No game of { $game } has ended in this chat yet.
stats-col-games = games
stats-col-wins = wins
stats-col-rate = win %
stats-col-rating = rating
stats-col-best = best
stats-col-average = average
stats-col-perfect = perfect
stats-former-player = a former player
stats-team-kind = { $players } players · { $variant }
stats-team-kind-computers = { $players } players · { $variant } · with computers
stats-variant-base = base game
stats-how = Ratings: openskill's Plackett–Luce, shown as μ − 3σ (0 for a newcomer). Only finished games between people are rated; games with computer players count in games and wins, games ended early in games only. Hanabi is played together: team scores instead.
stats-one-game = /stats lanterns (or another game) shows one game's top 10.
stats-yours-title = { $name }: your games
stats-yours-chats = { $games ->
    [one] One game
   *[other] { $games } games
  } of yours ended, in { $chats ->
    [one] one chat
   *[other] { $chats } chats
  }.
stats-yours-games = Across all your chats
stats-yours-none = No game of yours has ended yet: play one in a group with /newgame.

## /forgetme

forget-private-only = /forgetme works in our private chat: open it and send /forgetme there.
forget-ask = Forget you? I'll delete your settings, and your name and id at every table you played. Your results stay, anonymised, so the other players' records stay whole. This can't be undone.
forget-yes = Yes, forget me
forget-no = No, keep it
forget-kept = OK, nothing was deleted.
forget-expired = This question is too old: send /forgetme again.
forget-still-seated = You're still at a table in { $chats }. Leave it with /leave or wait until its game ends, then send /forgetme again. Nothing was deleted.
forget-done = Done: I've forgotten you ({ $seats ->
    [one] one seat
   *[other] { $seats } seats
  } anonymised). If you play again, I'll keep what a game needs from then on.
