# The web playground's own words (bot/web). The games' texts are the same as on Telegram and Discord.

web-title = Game table playground
web-tagline = Play any game right here: against computer players, with friends on this device, or with friends in their own browsers.
web-started = Meanwhile, play in your browser: { $url }
web-language = Language
web-error = That did not work. Check the connection and try again.

## The name, typed once

web-name-ask = What's your name?
web-name-hint-room = Friends invited you to a table. Type your name to sit down.
web-name-placeholder = Your name
web-name-go = Let's play
web-players = Playing here:
web-add-player = + Player
web-add-player-hint = Someone else playing on this device (they take turns with you): their name
web-add = Add
web-cancel = Cancel
web-press-as = Press the table's buttons as this player
web-press-as-who = The table's buttons press as { $name } (choose who above).

## Opening a table

web-new-table = Open a table
web-choose-game = Choose a game, then open the table: friends join with its link, and “🤖 Add computer player” fills the other seats.
web-options = Options
web-open = Open the table

## A room

web-table = Table
web-invite = Friends join from their own browsers with this link.
web-copy = Copy link
web-copied = Link copied.
web-menu = More…
web-cmd-rules = Rules
web-cmd-history = History
web-cmd-stats = Stats
web-cmd-leave = Leave the game
web-cmd-cancel = Close the table
web-cmd-help = Help
web-close = Close
web-empty-room = No table here yet.
web-connecting = Connecting…
web-offline = Connection lost. Reconnecting…
web-hand-of = { $name }'s hand
web-private = Only this browser sees this.

## Limits, and forgetting a browser's players

web-too-fast = Slow down a little: wait a few seconds and try again.
web-too-many-tables = Enough tables are open from here already: finish or close one first.
web-forget = Forget me here
web-forget-ask = Forget this browser's players? Their names and settings go from the server; past games stay, without their names.
web-forgotten = Forgotten. This browser holds no player any more.

## W-C: the home page (your tables, your figures), the new-table form's options, and the
## page's own words for what a chat says with commands (`<platform>--<key>` replaces `<key>`
## on that platform: bot/i18n.py, Translator.said_on)

web-home = Home
web-home-tables = Your tables
web-home-no-tables = You sit at no table yet: open one below, or follow a friend's link.
web-home-lobby = gathering players
web-home-your-turn = Your turn!
web-home-turn-of = { $names } to play
web-home-go = Go to the table
web-home-games = Your last games (open one to replay it)
web-home-figures = Your figures
web-home-figures-of = { $name }: figures
web-rules = Rules
web-option-allowed = Allowed: { $allowed }
web-option-yes-no = on or off
web-option-refused = { $option } takes { $allowed }. Nothing was opened.
web-options-clash = These options don't go together: change one of them. Nothing was opened.

web--bot-help =
    This page hosts board games: play against computer players, with friends on this device (“+ Player”), or with friends in their own browsers.
    🎲 Home (top left): your tables, your figures over every table here, and “Open a table”: choose a game and its options, then send friends the table's link.
    🤖 Short of players, or alone? The host adds computer players in the lobby, then presses Start.
    ⏱ Tables have a clock (the host picks it in the lobby): when someone's time runs out, the others decide on the board whether a computer plays for them.
    More… at a table: the rules of its game, its last games to replay, your figures, leave the game, close the table.
    Your hand and your choices are shown to this browser alone. “Forget me here” deletes this browser's players from the server.
web--bot-error-table-finished = This table is closed. Open another one from the home page (🎲 at the top).
web--table-no-table = There is no table here. Open one from the home page (🎲 at the top).
web--table-games-header = The games you can play here (open a table on the home page):
web--table-game-line = • { $name } — { $tagline }
web--table-rules-options = ⚙️ These rules are for: { $named }. A table's options are chosen when it is opened.
web--stats-none = No game has ended at this table yet.
web--stats-yours-none = No game of yours has ended yet: your figures appear here after your first game.
web--stats-yours-chats = { $games ->
    [one] One game
   *[other] { $games } games
  } of yours ended on this site.
web--stats-yours-games = Across all your tables here
web--forget-still-seated = You're still at a table ({ $chats }). Leave it (More… → Leave the game) or wait until its game ends, then try again. Nothing was deleted.
web--table-lobby-expired = Nobody started the game within { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }, so the table closed itself. Open a new one below, or from the home page.

# W-A (issue 34): touching the board, the phone's layout, calm controls, turn notices
web-board-show = Show the table
web-board-hide = Hide the table
web-tabs = What to show
web-close-ask = Close this table? The game ends for everyone sitting at it, and cannot be picked up again.
web-close-yes = Close the table
web-turn-notice-title = Your turn!
web-turn-notice-body = { $names }: the table is waiting for your move.
web-notify-title = Turn notices
web-notify-why = Want a notice when it's your turn while this tab is in the background? Your browser will ask for permission once; you can change it later in its settings.
web-notify-yes = Turn on notices
web-notify-no = No, thanks
web-tap-hint = Tap the board to choose, or use the buttons below. Tap the glowing choice again to confirm.
web-drag-hint = Drag the card where you want it on the raft (↻ turns it), tap a place or use the buttons below. Tap the glowing choice again to confirm.
web-clock = Time left for your turn
