# Lanterns: The Harvest Festival. Arguments named seat are replaced by a player's name.

game-lanterns = Lanterns
game-lanterns-tagline = float paper lanterns on the palace lake, 2–4 players

lanterns-kind-four_of_a_kind = four of a kind
lanterns-kind-three_pairs = three pairs
lanterns-kind-seven_unique = seven unique

## What happened

lanterns-ev-exchange = { $seat } trades a { $give } card for { $take } (2 favors).
lanterns-ev-dedicate = { $seat } dedicates { $kind } for { $honor } honor.
lanterns-ev-discard = { $seat } discards a { $color } card.
lanterns-ev-place = { $seat } places a tile{ $matches ->
        [0] { "" } with no matching side.
       *[other] { "" } matching { $matches } { $matches ->
            [one] side
           *[other] sides
        }{ $favors ->
            [0] .
           *[other] { "" } and earns { $favors } { $favors ->
                [one] favor
               *[other] favors
            }.
        }
    }
lanterns-ev-draw = You draw a new tile.
lanterns-ev-facing = { $seat }: +1 { $color }
lanterns-ev-facing-empty = { $seat }: no { $color } left
lanterns-ev-final-round = The last tile is on the lake: everyone takes one final turn (exchange and dedicate only).
lanterns-ev-final-done = { $seat } ends their final turn.
lanterns-ev-game-over = The festival begins: the game is over!

## Choices

lanterns-menu-wait = Waiting for { $current_seat }.
lanterns-menu-turn = Your turn: exchange and dedicate if you wish, then place a tile.
lanterns-menu-final = Your final turn: exchange and dedicate if you wish, then end your turn.
lanterns-menu-must-dedicate = You started your turn with more than 12 cards: make a dedication before placing.
lanterns-menu-must-discard = You hold more than 12 cards: discard { $count } { $count ->
        [one] card
       *[other] cards
    }.
lanterns-menu-exchange-give = Exchange (2 favors): which card do you give?
lanterns-menu-exchange-take = You give { $give }. Which colour do you take?
lanterns-menu-dedicate = Which dedication?
lanterns-menu-dedicate-color = Four of which colour?
lanterns-menu-dedicate-pairs = Choose the pair colours ({ $left } left).
lanterns-menu-tile = Which tile?
lanterns-menu-rotation = Which way round? (the picture shows the four turns)
lanterns-menu-spot = Where? (the numbers on the picture)
lanterns-menu-confirm = Confirm?

lanterns-opt-place = 🏮 Place a tile
lanterns-opt-exchange = 🔄 Exchange ({ $cost } favors)
lanterns-opt-dedicate = 🏆 Dedicate
lanterns-opt-discard = 🗑 Discard
lanterns-opt-end = ✅ End my turn
lanterns-opt-color = { $count ->
        [-1] { $color }
       *[other] { $color } ({ $count })
    }
lanterns-opt-kind = { $kind }: { $honor }
lanterns-opt-tile = Tile { $n }
lanterns-opt-rotation = ↻ { $n }
lanterns-opt-spot = { $n }

## Previews before confirming

lanterns-preview-exchange = You pay { $cost } favors, give { $give } and take { $take }.
lanterns-preview-dedicate = You return { $cards } and gain { $honor } honor ({ $kind }).
lanterns-preview-match = Matching: you get { $colors }.
lanterns-preview-match-missed = Matching { $colors }, but none are left.
lanterns-preview-no-match = No matching sides.
lanterns-preview-favors = You get { $count ->
        [one] 1 favor
       *[other] { $count } favors
    }.
lanterns-preview-facing = { $you ->
        [1] You get { $color } (facing you).
       *[other] { $seat } gets { $color }.
    }
lanterns-preview-facing-empty = { $you ->
        [1] No { $color } left for you.
       *[other] No { $color } left for { $seat }.
    }
lanterns-preview-end = Your final turn ends; you cannot act again this game.

## The result

lanterns-result-honor = Most honor wins.
lanterns-result-favors = Tied on honor: more favors left decides.
lanterns-result-cards = Tied on honor and favors: more lantern cards left decides.
lanterns-result-shared = A perfect tie: the victory is shared.

lanterns-rules =
    🏮 Lanterns: The Harvest Festival (2–4 players)

    The lake starts with one tile; its sides face the players. You hold 3 secret lake tiles; your lantern cards, favors and honor are public.

    On your turn, in this order:
    1. Exchange (optional, once): pay 2 favors to swap one of your cards for a card of another colour from the supply.
    2. Dedicate (optional, once): return four of a kind, three pairs or seven different colours for the top honor token of that kind (a grey 4 once the stack is empty, every time: the tokens never run out).
    3. Place a tile (required) next to the lake, turned any way. For every side that matches the colour of the side it touches you get a card of that colour, and a favor for every platform among the matched tiles (the new tile counts if it matched anything). Then every player, you first and then clockwise, gets a card of the colour facing them. Draw back to three tiles.

    A colour whose supply is empty gives nothing. Start your turn with more than 12 cards and you must dedicate before placing (with that many cards one always fits); if you still hold more than 12 after it, discard down to 12.

    When the last tile is placed, everyone gets one final turn to exchange and dedicate. Most honor wins; ties go to more favors, then more cards; if still tied, the victory is shared.

lanterns-standing = { $rank }. { $seat } — { $honor } honor, { $favors } { $favors ->
        [one] favor
       *[other] favors
    }, { $cards } { $cards ->
        [one] card
       *[other] cards
    }

## Why a computer player moved (public: only cards, tokens and the lake, never a hand)

lanterns-bot-dedicate = Dedicates { $kind } now, while its top token is worth { $honor } honor.
lanterns-bot-dedicate-grey = Dedicates { $kind } for a grey 4: that stack is empty, so 4 honor is what it pays from now on.
lanterns-bot-exchange = Trading to complete { $kind }.
lanterns-bot-exchange-ahead = Trading for { $take } to come closer to a dedication.
lanterns-bot-discard = Gives up { $color }: the other cards are closer to a dedication.
lanterns-bot-place = { $cards ->
        [0] No card for itself here
        [one] One card for itself
       *[other] { $cards } cards for itself
    }{ $matches ->
        [0] .
        [one] , matching one side.
       *[other] , matching { $matches } sides.
    }
lanterns-bot-end = Nothing more to gain this turn.
