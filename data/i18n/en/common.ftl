# Strings of the host itself, shared by every game. Plain text, no markup: the adapters
# decide how to format it. Counts are numbers so that plurals work.

## Help and welcome

bot-help =
    I host board games right here in the chat.

    /newgame lanterns — open a table (also hanabi, lighthouse, rafter; options after the name, e.g. /newgame hanabi multicolor); players press Join, then the host presses Start.
    🤖 Short of players, or alone? The host can add computer players in the lobby.
    /games — the games I can host.
    /rules hanabi — a short summary of a game's rules.
    ⏱ Tables have a clock (the host picks it in the lobby): when someone's time runs out, the others decide on the board whether a computer plays for them.
    /leave — leave the table you sit at (during a game, a computer player takes your seat).
    /cancel — close the table (its host or a chat admin); any other player's /cancel asks the others.
    /language — choose the language I use in this chat.
    /settings — for chat admins: the language, clock, who starts tables, computer players, how long a lobby waits.
    /stats — this chat's leaderboards (/stats hanabi for one game); in our private chat, your own figures.
    /history — this chat's last 10 games, each to replay move by move.
    /forgetme — in our private chat: I forget you (your results stay, anonymised).
    /help — show this message.
bot-help-telegram-private = Your cards and your moves come to you in a private chat with me, so open it once and send /start.
bot-help-discord-private = Your cards and your moves are shown only to you: press “My hand” on the board. Your turn is announced by a mention in the channel; /dms on adds a direct message.
bot-welcome = Hi! I host board games in group chats. Add me to a group and send /newgame there. During a game, your cards and your moves will come here.

## Buttons

bot-button-join = Join
bot-button-leave = Leave
bot-button-start = Start
bot-button-cancel = Cancel
bot-button-confirm = Confirm
bot-button-back = Back
bot-button-my-hand = My hand
bot-button-rules = Rules
bot-button-open-private = Open private chat

## Lobby

# $host: the name of whoever opened the table; $game: the game's name.
bot-lobby-opened = { $host } opened a table for { $game }.
bot-lobby-host = Host: { $name }
# $names: the players' names joined with commas.
bot-lobby-players = Players ({ $count }): { $names }
bot-lobby-no-players = No one has joined yet.
bot-lobby-waiting = Waiting for players…
bot-lobby-need-more = Waiting for { $count } more { $count ->
        [one] player
       *[other] players
    }.
bot-lobby-ready = Enough players: press Start when everyone is here.
bot-lobby-player-range = { $game } needs { $min }–{ $max } players.
bot-lobby-player-exact = { $game } needs exactly { $count } { $count ->
        [one] player
       *[other] players
    }.
bot-lobby-joined = { $name } joined the table.
bot-lobby-left = { $name } left the table.
bot-lobby-started = The game begins!
bot-lobby-cancelled = The table was closed before the game started.
bot-join-open-private = To join, open a private chat with me using the button below and start it: your cards will come there.
# $chat: the group's title.
bot-joined-private = You have joined the table in “{ $chat }”. Your cards will come here.

## Turns

bot-your-turn = Your turn!
bot-your-turn-in-chat = Your turn in “{ $chat }”!
bot-turn-of = { $player } to move.
bot-waiting-for = Waiting for: { $names }
bot-done = Done.
bot-time-left-seconds = { $count } { $count ->
        [one] second
       *[other] seconds
    } left
bot-time-left-minutes = { $count } { $count ->
        [one] minute
       *[other] minutes
    } left

## Counts

bot-cards = { $count } { $count ->
        [one] card
       *[other] cards
    }
bot-points = { $count } { $count ->
        [one] point
       *[other] points
    }
bot-players = { $count } { $count ->
        [one] player
       *[other] players
    }

## Results

bot-game-over = Game over!
# $count: how many winners; $names: their names joined with commas.
bot-winners = { $count ->
        [one] { $names } wins!
       *[other] { $names } win!
    }
bot-standing = { $rank }. { $name } — { $score } { $score ->
        [one] point
       *[other] points
    }

## Errors, mostly as short answers to a button press

bot-error-not-your-turn = It's not your turn.
# $reason: an already translated explanation.
bot-error-illegal = You can't do that: { $reason }
bot-error-illegal-generic = That move isn't allowed right now.
bot-error-outdated = This board is outdated. Use the latest one.
bot-error-not-a-player = You're not playing at this table.
bot-error-table-finished = This table is closed. Send /newgame to start another game.
bot-error-game-over = The game is already over.
bot-error-malformed = I don't understand this button. Try the latest message.
bot-error-internal = Something went wrong on my side. The game is saved; please try again.
bot-error-already-joined = You're already at this table.
bot-error-table-full = This table is full.
bot-error-not-enough-players = At least { $count } { $count ->
        [one] player is
       *[other] players are
    } needed to start.
bot-error-not-host = Only { $name }, who opened the table, can do that.
bot-error-table-exists = A table is already open in this chat.
bot-error-unknown-game = I don't know that game. Available: { $games }
bot-error-group-only = This works only in group chats.
bot-error-private-blocked = { $name }, I can't send you private messages. Open a chat with me and send /start.

## Language

bot-language-choose = Choose a language:
# Sent in the newly chosen language, so each file names its own language.
bot-language-set = Done: from now on I speak English in this chat.
# Each language in its own words, the same in every file (for a language picker).
bot-language-name-en = English
bot-language-name-ru = Русский
bot-language-name-pl = Polski

## Players and colours

# A seat whose player's name is unknown; $number counts from 1.
bot-player-n = Player { $number }
color-red = red
color-blue = blue
color-green = green
color-white = white
color-purple = purple
color-orange = orange
color-black = black

## Start-up

bot-missing-token =
    No bot token is set, so there is nothing to connect to.

    Telegram: open @BotFather in Telegram, send /newbot, pick a name and a username ending in "bot", and copy the token it gives you (it looks like 123456789:AAH...).
    Discord: at https://discord.com/developers/applications create an application, open "Bot", press "Reset Token" and copy the token.

    Then copy .env.example to .env in the folder you start the bot from, put the token into TELEGRAM_BOT_TOKEN and/or DISCORD_BOT_TOKEN (environment variables work too), and run "python3 tasks.py run" again.
