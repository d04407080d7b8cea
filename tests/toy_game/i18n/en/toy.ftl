# The toy game of tests/toy_game (never shipped): what data/i18n/en/<game>.ftl holds.
game-toy = Count to Ten
game-toy-tagline = add 1 or 2, say the goal and win, 2–3 players
toy-rules = Count to Ten: in turn, add 1 or 2 to the total. Whoever brings it to exactly { $goal } wins.
toy-menu-add = How much do you add?
toy-opt-add = +{ $count }
toy-menu-confirm = Add { $count }?
toy-preview = The total becomes { $total }.
toy-menu-wait = Not your turn.
toy-ev-count = { $seat } adds { $count }: { $total }.
toy-result = { $seat } reaches { $goal } and wins!
toy-standing = { $rank }. { $seat }
