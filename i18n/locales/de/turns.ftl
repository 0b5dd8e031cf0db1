# lodestone play: „Sie sind in N Partien am Zug“, die Partien, die auf
# Ihren Zug warten (in der Lobby und als Zeile über einem Raum); g öffnet
# die älteste.

turns-heading = { $count ->
    [one] Sie sind in 1 Partie am Zug (g öffnet die älteste)
   *[other] Sie sind in { $count } Partien am Zug (g öffnet die älteste)
}
turns-room-line = { $count ->
    [one] Sie sind in 1 weiteren Partie am Zug: g öffnet { $game }
   *[other] Sie sind in { $count } weiteren Partien am Zug: g öffnet { $game }
}
turns-none = Keine Partie wartet auf Ihren Zug.
turns-waited = { $unit ->
    [now] am Zug seit eben
    [minutes] am Zug seit { $amount } Min.
    [hours] am Zug seit { $amount } Std.
   *[days] am Zug seit { $amount } T.
}
