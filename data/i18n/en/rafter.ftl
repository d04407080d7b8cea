# Rafter Five: a raft-stacking dexterity game, played in a physics simulation.
# Arguments named seat (or ending in _seat) are replaced by a player's name; $rafter arrives
# translated (from the rafter-name keys below). Areas, places on a card and face-up cards in
# the sea are numbered in the picture as on the buttons.

game-rafter = Rafter Five
game-rafter-tagline = stack the raft without sinking anyone's treasure, 1–6 players

rafter-name-small = the small builder
rafter-name-stout = the stout builder
rafter-name-tall = the tall builder
rafter-name-long = the long builder
rafter-name-ell = the L-shaped builder

## What happened

rafter-took-sea = { $seat } takes { $rafter } out of the sea.
rafter-took-raft = { $seat } lifts { $rafter } off the raft.
rafter-took-wood = { $seat } takes a lumber card lying wood side up in the sea.
rafter-built = { $seat } lays a lumber card with { $rafter } on it.
rafter-fell = Splash!{ $penalties ->
        [0] { "" }
        [one] { " " }One chest of another player goes onto { $seat }'s penalty board.
       *[other] { " " }{ $penalties } chests of other players go onto { $seat }'s penalty board.
    }{ $returned ->
        [0] { "" }
        [one] { " " }One of { $seat }'s own chests goes back to their supply.
       *[other] { " " }{ $returned } of { $seat }'s own chests go back to their supply.
    }{ $rafters ->
        [0] { "" }
        [one] { " " }A builder falls into the sea.
       *[other] { " " }{ $rafters } builders fall into the sea.
    }{ $lumber ->
        [0] { "" }
        [one] { " " }A lumber card drifts back to the sea.
       *[other] { " " }{ $lumber } lumber cards drift back to the sea.
    }
rafter-out = { $seat } has 5 penalties or more and is out of the game.

## How it ended

rafter-end-all-placed = { $seat } has placed every chest: the game is over.
rafter-end-penalties = { $seat } has 5 penalties or more: the game is over.
rafter-end-solo-fall = Something fell into the sea: the game is over with { $chests } { $chests ->
        [one] chest
       *[other] chests
    } placed.
rafter-end-no-lumber = No lumber card is left to take, face down or wood side up: the game is over.
rafter-end-no-room = There is no room left for another lumber card: the game is over.
rafter-standing = { $rank ->
        [1] 🏆
       *[other] { $rank }.
    } { $seat }: { $penalties } { $penalties ->
        [one] penalty
       *[other] penalties
    }
rafter-standing-solo = { $seat }: { $chests } { $chests ->
        [one] chest
       *[other] chests
    } placed

## Choices

rafter-menu-wait = Waiting for { $current_seat }.
rafter-menu-over = The game is over.
rafter-menu-take = Take a builder (a builder in the sea must be taken first; not the one used last turn).
rafter-opt-take = { $number }: { $rafter }
rafter-opt-take-sea = { $number }: { $rafter } (sea)
rafter-menu-lift = Lift { $rafter } off the raft?
rafter-opt-lift = ✋ Lift it
rafter-opt-risk = 🎲 How risky?
rafter-risk-safe = 🟢 Safe: nothing fell in the trial runs.
rafter-risk-shaky = 🟡 Shaky: something fell in some trial runs.
rafter-risk-dangerous = 🔴 Dangerous: something fell in many trial runs.
rafter-menu-card = Which lumber card? A new one from the sea, or one lying wood side up there (numbered in the picture).
rafter-opt-card-new = 🂠 A new card
rafter-opt-card-wood = 🪵 { $number }
rafter-menu-area = Where does the lumber card go? Pick a numbered area in the picture.
rafter-opt-area = { $n }
rafter-menu-angle = Which way does the card lie? (the ghost in the picture)
rafter-opt-angle = { $deg ->
    [0] —
    [45] /
    [90] |
    [135] \
   *[other] ·
} { $deg }°
rafter-opt-adjust = 🎯 Fine-tune the card
rafter-menu-lumber = Move the lumber card (the ghost in the picture) with the arrows, then press Here.
rafter-nudge-move = { $arrow } { $mm }
rafter-nudge-turn = { $arrow } { $deg }°
rafter-opt-here = ✅ Here
rafter-pose = Card centre at x { $x } mm, y { $y } mm, turned { $angle }°.
rafter-why-fine = It may go here.
rafter-why-off-raft = ⚠️ The first card must rest at least partly on the raft.
rafter-why-no-lumber = ⚠️ It must rest at least partly on lumber already on the raft.
rafter-why-on-piece = ⚠️ It may not rest on a chest or a builder.
rafter-why-on-print = ⚠️ Advanced rules: it may not rest on a nail or a dark joint.
rafter-why-rafter-spot = ⚠️ The builder may not go there.
rafter-why-chest-spot = ⚠️ The chest may not go there.
rafter-menu-rafter = Where does { $rafter } stand on the card? (numbered in the picture; × across the card; the outermost places hang over its edges)
rafter-opt-along = { $n }
rafter-opt-across = { $n } ×
rafter-menu-chest = Where does your chest go on the card? (numbered in the picture; the outermost places hang over its edges)
rafter-opt-spot = { $n }
rafter-menu-ready = Ready to build.
rafter-opt-build = 🪵 Build

rafter-rules =
    🛶 Rafter Five (1–6 players)

    Five builders hold up a raft of lumber cards floating on an upturned box. The players take turns making it bigger and loading their treasure chests on it. If 5 chests of other players fall into the sea during your turns, you lose; your own chests falling is no problem: they come back to you. The raft lives in a physics simulation: every placement shakes a little, more the further out and higher up it is, so a bold placement is a gamble.

    { $chests }

    Your turn:
    1. Take a builder. A builder in the sea must be taken first; never the one used on the previous turn (when that is the only one in the sea, take one from the raft). Lifting one off the raft is simulated and may topple what it held.
    2. Take a lumber card: a new one from the sea, or any card lying wood side up in the sea (a card leaning on the raft belongs to the raft). A card taken is kept, never swapped for another: the rulebook lists this among its advanced rules, where a card's printed nails and joints matter; we keep it in the basic game too, where every card plays alike, so a swap could change nothing. Pick a numbered area for it in the picture, then which way it lies; arrows to fine-tune it (10 mm or 2 mm, 15° or 3°) are there if you want them. { $lumber }
    3. Choose the builder's place on the card (along it, × across, or hanging over an edge) and your chest's place: both may hang partly over the card's edges. Card and builder go down together (a builder can hold down an overhanging card), everything settles, then your chest goes down and everything settles again. A builder that topples over but stays on the raft ends nothing. 🎲 How risky? runs a few trial placements and says safe, shaky or dangerous: never what will happen.

    Splash: if anything falls into the sea, your turn ends at once. Other players' chests that fell go onto your penalty board; your own come back to your supply; builders go into the sea (they are taken first); lumber that lands wood side up stays so in the sea, anyone's to take, and the rest is shuffled back face down. Whatever you had not put down yet goes into the sea too. A lumber card left leaning on the raft (held by the raft or what is on it, without reaching the table) stays part of the raft and ends nothing; whatever reaches the sea (the table) has fallen. What fell is taken off the table at once; anything it was propping up that falls then is part of the same splash.

    { $end }
rafter-rules-chests = Chests: with 2 players each plays 3 colours (21 chests), with 3 players 2 colours (14), with 4–6 players 1 colour (7). Solo: all 42, and the game ends at the first splash.
rafter-rules-chests-n = Chests: { $chests } each, in the player's colours (3 colours each with 2 players, 2 with 3 players, 1 with 4–6; a table starts only if that many fit: at most 21 each with 2 players, 14 with 3, 7 with 4–6). Solo: { $chests } too, and the game ends at the first splash.
rafter-rules-lumber = The first card may go anywhere, partly on the raft; every later card must rest at least partly on lumber already on the raft, never on a chest or a builder.
rafter-rules-lumber-advanced = The first card may go anywhere, partly on the raft; every later card must rest at least partly on lumber already on the raft, never on a chest or a builder. Advanced rules: nothing may rest on a nail or a dark joint printed on a lumber card.
rafter-rules-end = The end (our reading of the rulebook, which contradicts itself): a player with 5 penalties takes no more turns; the game ends when someone has placed every chest, or when at most one player is left in. Fewer penalties rank higher; ties: more of your chests on other players' penalty boards is better, then fewer chests left in your supply; everyone but the last place wins. As a last resort, the game also ends when the player to take cannot get a lumber card (none face down, none wood side up in the sea) or the card has no legal place left.
rafter-rules-end-house = The end (the rulebook author's own variant): the game ends as soon as someone has 5 penalties or has placed every chest; the fewest penalties win, then the most chests placed. As a last resort, the game also ends when the player to take cannot get a lumber card (none face down, none wood side up in the sea) or the card has no legal place left.

## Why a computer player moved so (shown in the group after its move)

rafter-bot-take-sea = A builder in the sea must be taken first.
rafter-bot-take-free = { $rafter } stood on the raft itself and held nothing up.
rafter-bot-take-steady = { $rafter } held nothing up: it was safe to lift.
rafter-bot-take-risky = Every builder seemed to hold something up; { $rafter } looked the least risky.
rafter-bot-build-firm = The card rests firmly on what is under it.
rafter-bot-build-counterweight = The card sticks out, and its builder holds it down.
rafter-bot-build-tight = Few safe places are left for the next card.
rafter-bot-build-chest-out = The chest stands out over the edge: careful, everyone.
rafter-bot-build-risky = No safe place was left; this one looked the least risky.

## Table options, as the web's new-table form shows them (a name and one sentence each)

rafter-option-house = The author's variant
rafter-option-house-about = The game ends as soon as someone has 5 penalties or has placed every chest, and the fewest penalties win.
rafter-option-advanced = Advanced rules
rafter-option-advanced-about = Nothing may rest on a nail or a dark joint printed on a lumber card.
rafter-option-chests = Chests per player
rafter-option-chests-about = Fewer chests make a shorter game; 0 gives the rulebook's count for the number of players, which is also the most allowed.
