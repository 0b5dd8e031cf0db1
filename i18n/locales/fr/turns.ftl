# lodestone play : « à vous de jouer dans N parties », les parties qui
# attendent votre coup (à l'accueil, et en une ligne au-dessus d'une
# salle) ; g ouvre la plus ancienne.

turns-heading = { $count ->
    [one] À vous de jouer dans 1 partie (g ouvre la plus ancienne)
   *[other] À vous de jouer dans { $count } parties (g ouvre la plus ancienne)
}
turns-room-line = { $count ->
    [one] À vous de jouer dans 1 autre partie : g ouvre { $game }
   *[other] À vous de jouer dans { $count } autres parties : g ouvre { $game }
}
turns-none = Aucune partie n'attend votre coup.
turns-waited = { $unit ->
    [now] à vous depuis un instant
    [minutes] à vous depuis { $amount } min
    [hours] à vous depuis { $amount } h
   *[days] à vous depuis { $amount } j
}
