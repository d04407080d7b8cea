# Lighthouse: a two-player line duel on a tug-of-war score track.
# Arguments named seat are replaced by a player's name; $zone, $line and $combos arrive
# translated (from the keys below). Cell, row and column numbers count from 1.

game-lighthouse = Lighthouse
game-lighthouse-tagline = a line duel on a tug-of-war score track, 2 players

# Used as "cell 7 of { $zone }", "row 3 of { $zone }".
lighthouse-zone-red = the red zone
lighthouse-zone-blue = the blue zone
# Used as "{ $line } 3 of the red zone" (Polish: the accusative, "za kolumnę 3").
lighthouse-line-row = row
lighthouse-line-col = column

# Combinations in a completed line: a number appearing 2, 3, ... times; all of one colour.
lighthouse-combo-2 = pair
lighthouse-combo-3 = three of a kind
lighthouse-combo-4 = four of a kind
lighthouse-combo-5 = five of a kind
lighthouse-combo-6 = six of a kind
lighthouse-combo-7 = seven of a kind
lighthouse-combo-colour = all one colour

## What happened

lighthouse-ev-place = { $seat } puts token { $value } on cell { $cell } of { $zone }.
lighthouse-ev-line = { $seat } scores { $points } { $points ->
        [one] point
       *[other] points
    } for { $line } { $n } of { $zone }: { $combos }.
lighthouse-ev-line-none = { $seat } loses { $points } { $points ->
        [one] point
       *[other] points
    }: { $line } { $n } of { $zone } has no combination.
lighthouse-ev-marker = The lighthouse stands at { $steps } on { $seat }'s side.
lighthouse-ev-marker-centre = The lighthouse stands at 0.
lighthouse-ev-draw = You draw token { $value }.
lighthouse-ev-round-track = The lighthouse reaches { $steps } on { $seat }'s side: { $seat } wins round { $round }!
lighthouse-ev-round-side = Round { $round } is over with the lighthouse on { $seat }'s side: { $seat } wins it.
lighthouse-ev-round-zone = Round { $round } is over with the lighthouse at 0: { $seat } has more tokens of their colour in their own zone and wins it.
lighthouse-ev-round-draw = Round { $round } is over with the lighthouse at 0 and as many own tokens in each own zone: a drawn round.
lighthouse-ev-reveal-tie = Both revealed { $value }: those tokens are set aside and two new ones revealed.
lighthouse-ev-round-start-lower = Round { $round }: red reveals { $red }, blue reveals { $blue }. { $seat } has the lower number and starts.
lighthouse-ev-round-start-other = Round { $round }: red reveals { $red }, blue reveals { $blue }. { $seat } starts this round.
lighthouse-ev-round-start-coin = Round { $round }: every reveal was a tie, so a coin toss lets { $seat } start.

## Choices

lighthouse-menu-wait = Waiting for { $current_seat }.
lighthouse-menu-over = The match is over.
lighthouse-menu-token = Your turn: which token do you play? (you draw a new one after)
lighthouse-menu-zone = Token { $value }: into which zone?
lighthouse-menu-cell = Token { $value }: which cell of { $zone }? (the numbers on the picture)
lighthouse-menu-confirm = Put token { $value } on cell { $cell } of { $zone }?
lighthouse-menu-round-over = Round { $round } is over: the board shows how it ended.
lighthouse-menu-next = Round { $round } begins.

lighthouse-opt-token = { $count ->
        [1] { $value }
       *[other] { $value } ×{ $count }
    }
lighthouse-opt-zone-red = 🔴 { $own ->
        [1] Red zone (yours)
       *[other] Red zone
    }: { $empty } free
lighthouse-opt-zone-blue = 🔷 { $own ->
        [1] Blue zone (yours)
       *[other] Blue zone
    }: { $empty } free
lighthouse-opt-cell = { $lines ->
        [0] { $n }
       *[other] { $loss ->
            [1] { $n }: −{ $points }
           *[other] { $n }: +{ $points }
        }
    }
lighthouse-opt-next = ▶ Start round { $round }

## Previews before confirming

lighthouse-preview-no-line = No line is completed.
lighthouse-preview-line = Completes { $line } { $n } of { $zone }: +{ $points } for { $seat } ({ $combos }).
lighthouse-preview-line-none = Completes { $line } { $n } of { $zone } with no combination: −{ $points } for { $seat }.
lighthouse-preview-marker = The lighthouse would stand at { $steps } on { $seat }'s side.
lighthouse-preview-marker-centre = The lighthouse would stand at 0.
lighthouse-preview-round-track = That reaches the end of the track: { $seat } would win the round at once!
lighthouse-preview-round-side = That ends the round with the lighthouse on { $seat }'s side: { $seat } would win it.
lighthouse-preview-round-zone = That ends the round with the lighthouse at 0: { $seat } would win it (more tokens of their colour in their own zone).
lighthouse-preview-round-draw = That ends the round in a draw.

## The result

lighthouse-result-two-wins = { $seat } wins two rounds and the match!
lighthouse-result-more-wins = After three rounds { $seat } has more round wins and takes the match.
lighthouse-result-equal-wins = After three rounds both have as many round wins: the match is drawn.
lighthouse-result-all-drawn = All three rounds were drawn: both players win!

lighthouse-standing = { $rank }. { $seat } — { $wins } { $wins ->
        [one] round won
       *[other] rounds won
    }

lighthouse-rules =
    🗼 Lighthouse (2 players)

    The board has two { $size }×{ $size } zones, red and blue; you play the colour of your zone. Each player has { $tokens } tokens of their colour: the numbers 1–{ $values }, { $copies } of each. The lighthouse marker starts at 0 on a track that runs { $track } steps towards each player.

    A round: each player shuffles their tokens face down and reveals the top one onto the centre cell of their own zone. The lower number starts (equal numbers are set aside and two new ones revealed, and the set-aside tokens are then shuffled back; should every pair tie until the piles run out, a coin toss decides). Each takes { $hand } { $hand ->
        [one] token
       *[other] tokens
    } into a secret hand. The other player starts round 2; in round 3 the reveal decides again.

    Your turn: put a token from your hand on any empty cell of either zone, then draw one (while your pile lasts). When your token completes a row or a column of its zone, the player with more tokens of their colour in that line scores it:
    • a number appearing several times, in points: { $groups }; several such groups in a line add up;
    • all { $size } tokens of one colour: 3 more;
    • no combination at all: −3 for the player with the majority.
    The marker moves that many steps towards the scorer (for −3, away from them). A row and a column completed by the same token both score, and the marker moves by their total.

    The round ends at once when the marker reaches { $track }: the player on that side wins it, even if the opponent's line pushed it there. { $ending }

    The match: up to three rounds; two round wins take it. After three rounds more round wins take it, equal round wins are a draw, and three drawn rounds make both players winners.
lighthouse-rules-group = { $combo } { $points }
lighthouse-rules-end-full = Otherwise it ends when the board is full: the player on whose side the marker stands wins. With the marker at 0 the player with more tokens of their colour in their own zone would win, but on a full board both always have the same number, so such a round is drawn.
lighthouse-rules-end-short = Otherwise it ends when the player to act has no token left ({ $tokens } tokens each never fill two { $size }×{ $size } zones): the player on whose side the marker stands wins; with the marker at 0, the player with more tokens of their colour in their own zone; with those equal too, the round is drawn.

## Computer players: why a move was made (shown to everyone, so only what the board shows)

lighthouse-bot-next-round = Ready for the next round.
lighthouse-bot-track = This takes the lighthouse to the end of the track.
lighthouse-bot-score = The lines this completes bring { $points } { $points ->
        [one] point
       *[other] points
    }.
lighthouse-bot-least-loss = Every other move looked worse: this one costs { $points } { $points ->
        [one] point
       *[other] points
    }.
lighthouse-bot-safe = A quiet move that leaves no line one token short.
lighthouse-bot-quiet = A quiet move: no line is worth completing yet.
lighthouse-bot-hunch = A move on a hunch.

## Table options, as the web's new-table form shows them (a name and one sentence each)

lighthouse-option-zone_size = Zone size
lighthouse-option-zone_size-about = The side of each player's square zone, in cells (odd, so a zone has a centre).
lighthouse-option-values = Token numbers
lighthouse-option-values-about = Tokens are numbered from 1 up to this number.
lighthouse-option-copies = Copies of each number
lighthouse-option-copies-about = How many tokens of each number every player has.
lighthouse-option-hand_size = Hand size
lighthouse-option-hand_size-about = How many tokens each player holds.
lighthouse-option-track = Track length
lighthouse-option-track-about = How many steps the lighthouse must move to one side to win a round.
