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
