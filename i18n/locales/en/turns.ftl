# lodestone play: "your move in N games", the games waiting for your move
# (in the lobby, and as a line over a room); g opens the oldest.

turns-heading = { $count ->
    [one] Your move in 1 game (g opens the oldest)
   *[other] Your move in { $count } games (g opens the oldest)
}
turns-room-line = { $count ->
    [one] Your move in 1 other game: g opens { $game }
   *[other] Your move in { $count } other games: g opens { $game }
}
turns-none = No game is waiting for your move.
turns-waited = { $unit ->
    [now] your move since just now
    [minutes] your move for { $amount } min
    [hours] your move for { $amount } h
   *[days] your move for { $amount } d
}
