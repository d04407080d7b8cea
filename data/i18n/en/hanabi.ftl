# Hanabi. Arguments named seat or *_seat are replaced by a player's name. $color is a
# colour's id (red, yellow, green, blue, white, multicolor): the hanabi-x-* helpers below
# pick the words for it, sharing the arguments of the message that uses them.

game-hanabi = Hanabi
game-hanabi-tagline = build the fireworks together, seeing every hand but your own, 2–5 players

hanabi-color-red = red
hanabi-color-yellow = yellow
hanabi-color-green = green
hanabi-color-blue = blue
hanabi-color-white = white
hanabi-color-multicolor = multicolour

## Helpers ($color, $rank, $count)

hanabi-x-color = { $color ->
        [red] { hanabi-color-red }
        [yellow] { hanabi-color-yellow }
        [green] { hanabi-color-green }
        [blue] { hanabi-color-blue }
        [white] { hanabi-color-white }
       *[multicolor] { hanabi-color-multicolor }
    }
hanabi-x-card = { hanabi-x-color } { $rank }
hanabi-x-count = { $count ->
        [1] one
        [2] two
        [3] three
        [4] four
        [5] five
       *[other] { $count }
    }
# "two blue cards", "one 3", "two 3s"
hanabi-x-cards = { hanabi-x-count } { hanabi-x-color } { $count ->
        [one] card
       *[other] cards
    }
hanabi-x-rank-cards = { hanabi-x-count } { $count ->
        [one] { $rank }
       *[other] { $rank }s
    }
hanabi-x-slots = { $count ->
        [one] slot
       *[other] slots
    } { $slots }

## What happened

hanabi-ev-clue-color = 💬 { $seat } told { $target_seat }: { hanabi-x-cards }, { hanabi-x-slots }
hanabi-ev-clue-rank = 💬 { $seat } told { $target_seat }: { hanabi-x-rank-cards }, { hanabi-x-slots }
hanabi-ev-play = 🎆 { $seat } plays { hanabi-x-card } from slot { $slot }: it joins the firework.
hanabi-ev-misplay = 💥 { $seat } plays { hanabi-x-card } from slot { $slot }, but it does not fit: a fuse burns ({ $left } left).
hanabi-ev-discard = 🗑 { $seat } discards { hanabi-x-card } from slot { $slot } and takes back a clue token.
hanabi-ev-firework-done = ✨ The { hanabi-x-color } firework is complete!{ $bonus ->
        [1] { " " }A clue token comes back.
       *[other] { "" }
    }
hanabi-ev-card-lost = ⚠️ No { hanabi-x-card } is left: the { hanabi-x-color } firework cannot be completed.
hanabi-ev-last-card = 🃏 { $seat } drew the last card: everyone, { $seat } included, takes one more turn.
hanabi-ev-deck-empty-advanced = 🃏 The deck is empty: play on until every firework is complete.
hanabi-ev-over-fuses = 💥 The third fuse burns: the show is lost!
hanabi-ev-over-complete = 🎇 Every firework is complete!
hanabi-ev-over-last-round = 🏁 The last round is over.
hanabi-ev-over-critical = 💥 The last { hanabi-x-card } is gone: the show can no longer be perfect.
hanabi-ev-over-stuck = 💥 { $seat } has no cards and there is no clue token: nobody may pass, so the show is lost.

## Choices

hanabi-menu-wait = Waiting for { $current_seat }.
hanabi-menu-over = The game is over.
hanabi-menu-turn = Your turn. 💬 { $clues } { $clues ->
        [one] clue token
       *[other] clue tokens
    }, 🔥 { $fuses } { $fuses ->
        [one] fuse
       *[other] fuses
    } left, 🃏 { $deck } { $deck ->
        [one] card
       *[other] cards
    } in the deck.
hanabi-menu-final = Your last turn{ $left ->
        [0] , and the very last of the game
       *[other] { "" } ({ $left } more after you)
    }. 💬 { $clues } { $clues ->
        [one] clue token
       *[other] clue tokens
    }, 🔥 { $fuses } { $fuses ->
        [one] fuse
       *[other] fuses
    } left.
hanabi-menu-play = Which card do you play? Slot 1 is your newest card.
hanabi-menu-discard = Which card do you discard?
hanabi-menu-confirm-play = Play the card in slot { $slot }?
hanabi-menu-confirm-discard = Discard the card in slot { $slot }?
hanabi-menu-clue-target = Who gets the clue?
hanabi-menu-clue-value = What do you tell { $target_seat }? Each button shows the slots it points at.
hanabi-menu-confirm-clue = Give this clue?

hanabi-opt-play = 🎆 Play a card
hanabi-opt-discard = 🗑 Discard a card
hanabi-opt-clue = 💬 Give a clue ({ $clues } left)
hanabi-opt-slot = { $slot }{ $color ->
        [none] { $rank ->
            [0] { "" }
           *[other] { " " }· { $rank }
        }
       *[other] { " " }· { hanabi-x-color }{ $rank ->
            [0] { "" }
           *[other] { " " }{ $rank }
        }
    }
hanabi-opt-player = { $target_seat }
hanabi-opt-clue-color = { hanabi-x-color } → { $slots }
hanabi-opt-clue-rank = { $rank } → { $slots }

## Before confirming

hanabi-preview-unknown = You know nothing about this card.
hanabi-preview-exact = You know it is { hanabi-x-card }.
hanabi-preview-maybe = Possible colours: { $colors }; numbers: { $ranks }.
hanabi-preview-sure-play = It surely fits a firework.
hanabi-preview-sure-misplay = It surely does not fit: a fuse would burn.
hanabi-preview-last-fuse = Careful: two fuses have burnt, a misplay now loses the game.
hanabi-preview-discard = You take back a clue token ({ $clues } → { $after }).
hanabi-preview-critical-risk = It may be the last copy of a card still needed{ $advanced ->
        [1] : losing it loses the game.
       *[other] .
    }
hanabi-preview-clue-color = { $target_seat } learns: { hanabi-x-cards }, { hanabi-x-slots }. Clue tokens: { $clues } → { $after }.
hanabi-preview-clue-rank = { $target_seat } learns: { hanabi-x-rank-cards }, { hanabi-x-slots }. Clue tokens: { $clues } → { $after }.

## The result

hanabi-verdict-horrible = horrible, booed by the crowd…
hanabi-verdict-mediocre = mediocre, just a spattering of applause.
hanabi-verdict-honourable = honourable, but it will not be remembered for long…
hanabi-verdict-excellent = excellent, the crowd is delighted.
hanabi-verdict-amazing = amazing, it will be remembered for a long time!
hanabi-verdict-legendary = legendary, the audience is speechless and overwhelmed!
hanabi-verdict-divine = divine: you have conquered the heavens!
hanabi-result-score = { $score } of { $max } points: { $verdict }
hanabi-result-perfect = A perfect show: { $score } of { $max }!
hanabi-result-fuses = The third fuse burned: the show is lost, 0 points (the fireworks had reached { $fireworks } of { $max }).
hanabi-result-critical = The last { hanabi-x-card } was lost, so the show could not be perfect: it is lost, 0 points.
hanabi-result-stuck = { $seat } could neither play, discard nor give a clue: the show is lost, 0 points.
hanabi-standing = 🤝 { $seat }: { $score } { $score ->
        [one] point
       *[other] points
    }

hanabi-rules =
    🎆 Hanabi (2–5 players, cooperative)

    { $deck } You hold your cards facing away from you: you see everyone's hand but your own. Hands: 5 cards with 2–3 players, 4 with 4–5. The players share 8 clue tokens and 3 fuses.

    On your turn do exactly one thing:
    💬 Give a clue (costs a clue token; impossible with none): tell another player about one colour or one number in their hand, pointing at every card of it; it must point at least at one card.
    🗑 Discard a card (impossible while all 8 clue tokens are there): take back a clue token and draw.
    🎆 Play a card: if it continues its colour's firework it joins it, otherwise it is discarded and a fuse burns. Draw.

    A new card goes to slot 1; the others move one slot right. Completing a firework with its 5 brings a clue token back (unless all 8 are there).

    { $ending }

    What you were told is kept on each card, and your panel shows what each card of yours can still be.
hanabi-rules-deck = The players together launch five fireworks (red, yellow, green, blue, white), each from 1 up to 5. Each colour has 1,1,1,2,2,3,3,4,4,5.
hanabi-rules-deck-multicolor = The players together launch six fireworks (red, yellow, green, blue, white and multicolour), each from 1 up to 5. Each of the first five colours has 1,1,1,2,2,3,3,4,4,5; multicolour has one card of each number and is clued by its own name.
hanabi-rules-end = The game ends at once, lost, when the third fuse burns (score 0). It ends with { $perfect } when every firework is complete. When the last card is drawn, everyone, the one who drew it too, takes exactly one more turn. The score is the sum of the fireworks: { $scale }.
hanabi-rules-end-advanced = Advanced rules: when the deck runs out, play goes on without drawing until every firework is complete ({ $perfect } points). The game is lost (score 0) as soon as the last copy of a card still needed is lost (discarded or misplayed; a card already played may go), when the third fuse burns, or when a player has no cards while no clue token is left (nobody may pass). Either perfect or lost.
hanabi-rules-scale = 0–5 horrible, 6–10 mediocre, 11–15 honourable, 16–20 excellent, 21–24 amazing, 25 legendary
hanabi-rules-scale-multicolor = 0–5 horrible, 6–10 mediocre, 11–15 honourable, 16–20 excellent, 21–24 amazing, 25–29 legendary, 30 divine

## Why a computer player moved (everyone reads it: it never names a card nobody may see)

hanabi-bot-play-sure = played slot { $slot }: it surely fits
hanabi-bot-play-guess = played slot { $slot }: a last-round guess that cannot lose the game
hanabi-bot-discard-useless = discarded slot { $slot }: known to be useless
hanabi-bot-discard-chop = discarded slot { $slot }, the oldest unclued card: nothing to save
hanabi-bot-discard-forced = discarded slot { $slot }: no safer move
hanabi-bot-play-clue-color = { hanabi-x-color } to { $target_seat }: play clue
hanabi-bot-play-clue-rank = { $rank } to { $target_seat }: play clue
hanabi-bot-save-clue-color = { hanabi-x-color } to { $target_seat }: save clue
hanabi-bot-save-clue-rank = { $rank } save to { $target_seat }
hanabi-bot-tempo-clue-color = { hanabi-x-color } to { $target_seat }: tempo clue, play a clued card
hanabi-bot-tempo-clue-rank = { $rank } to { $target_seat }: tempo clue, play a clued card
hanabi-bot-fix-clue-color = { hanabi-x-color } to { $target_seat }: fix clue, a clued card does not play
hanabi-bot-fix-clue-rank = { $rank } to { $target_seat }: fix clue, a clued card does not play
hanabi-bot-stall-clue-color = { hanabi-x-color } to { $target_seat }: stalling, nothing urgent
hanabi-bot-stall-clue-rank = { $rank } to { $target_seat }: stalling, nothing urgent

## Table options, as the web's new-table form shows them (a name and one sentence each)

hanabi-option-multicolor = Multicolour
hanabi-option-multicolor-about = A sixth firework, multicolour, with one card of each number: 30 points to make.
hanabi-option-advanced = Advanced ending
hanabi-option-advanced-about = Play on after the deck runs out until every firework is complete; losing the last copy of a needed card loses the game.
