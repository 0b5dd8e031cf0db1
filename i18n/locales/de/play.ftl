# lodestone play: der Terminal-Client. Die Tasten (↑↓, Enter, q…) bleiben
# in jeder Sprache gleich; übersetzt werden nur die Wörter danach.

small-window = Vergrößern Sie das Terminal: mindestens { $min } (am besten { $best }).

## Die Hilfezeile unten: was jede Taste gerade tut (ein, zwei Wörter).
key-any = beliebige Taste
key-close = schließen
key-line = Zeile
key-change = ändern
key-create = erstellen
key-cancel = abbrechen
key-open = öffnen
key-save = speichern
key-choose = wählen
key-new = neu
key-join = beitreten
key-name = Name
key-refresh = aktualisieren
key-help = Hilfe
key-quit = beenden
key-send = senden
key-to-whom = an wen
key-complete = ergänzen
key-play = spielen
key-order = Reihenfolge
key-promote = befördern
key-move = bewegen
key-pick-swap = wählen/tauschen
key-shuffle = mischen
key-confirm = bestätigen
key-lobby = Lobby
key-seat = Platz
key-sit = setzen
key-add-bot = Bot dazu
key-leave = gehen
key-start = starten
key-chat = Chat
key-pick = wählen
key-undo = zurück
key-type = tippen
key-moves = Züge
key-look = ansehen
key-rematch = Revanche
key-no-rematch = keine Revanche

## Die Lobby.
lobby-your-games = Ihre Partien
lobby-open-rooms = Offene Räume
lobby-in-progress = Laufende Partien (Enter schaut zu)
lobby-join-prompt = Fügen Sie den Link ein, oder tippen Sie Kennung und Einladungscode:
lobby-name-prompt = Der Name, den andere sehen (höchstens 32 Zeichen):
lobby-form-game = Spiel
lobby-form-listed = Gelistet
lobby-unlisted = Einem nicht gelisteten Raum tritt man nur mit Einladungslink oder -code bei und schaut nur so zu.
lobby-no-open-rooms = Gerade keine offenen Räume: n erstellt einen.
lobby-room = Raum { $id }
lobby-join-title = Raum öffnen
lobby-name-title = Ihr Name
lobby-default = { $value } (Standard)
lobby-listed-yes = ja, in der Lobby
lobby-listed-no = nein, nur mit Einladung

## Der Hilfebildschirm (?): Überschriften, dann was die Tasten tun; je
## höchstens 57 Zeichen, passend für ein Terminal mit 80 Spalten.
help-title = Tasten
help-lobby = Lobby
help-lobby-open = einen Raum wählen und öffnen (mitspielen oder zusehen)
help-lobby-keys = neuer Raum / Raum per Link oder Code öffnen / Ihr Name
help-room = Raum, vor dem Start
help-room-sit = einen Platz wählen und sich setzen; l verlässt ihn
help-room-bot = Bot (gierig / zufällig) auf den gewählten Platz setzen
help-room-start = starten, sobald alle Plätze besetzt sind
help-game = In der Partie
help-game-move = zwischen den Feldern wechseln, die wählbar sind
help-game-pick = das Feld wählen (das letzte Feld eines Zuges spielt ihn)
help-game-forget = die gewählten Felder vergessen
help-game-type = einen Zug tippen (Tab ergänzt aus Ihren möglichen Zügen)
help-game-numbered = nummerierte Aktionen (passen, Abstimmen); Züge blättern
help-game-chat = Chat (Tab: an wen) / nach dem Ende: Revanche oder nicht
help-game-resign = aufgeben / Remis anbieten, darauf antworten (ja, nein)
help-game-abort = abbrechen, bevor alle zogen / gegen Abwesende fordern
help-game-quit = zurück zur Lobby (die Partie geht weiter); Strg-C beendet
help-board = Auf dem Brett
help-board-dots = vollendet hier einen Zug / führt von hier weiter
help-board-cursor = der Cursor; gewählte Felder sind invertiert
help-board-stones = Weiß, Schwarz; Rot, Blau, Gelb bei Magma
help-board-magnet = Magnet: Rot, Blau; ? verdeckt; ²³⁴ der Rang

## Der Raum vor dem Beginn (seine Plätze, die Einladung), und ein Brett,
## das nicht passt.
room-opening = Raum { $id } wird geöffnet…
room-back-to-lobby = q führt zurück zur Lobby.
# $size: Spalten×Zeilen (100×30).
room-board-too-small = Dieses Brett braucht ein Terminal von mindestens { $size }; bitte vergrößern.
room-seats = Plätze
room-waiting = Warten auf Spieler: { $taken } von { $seats } Plätzen besetzt.
room-press-start = Alle Plätze sind besetzt: s startet die Partie.
room-waiting-start = Alle Plätze sind besetzt: warten, bis ein Spieler startet.
room-choose-seat = Wählen Sie mit ↑ ↓ einen freien Platz und setzen Sie sich mit Enter.
room-invite-link = Einladungslink (ein Browser öffnet ihn auch; j in der Lobby liest ihn):
room-id = Raum: { $id }
room-invite-code = Einladungscode: { $code }
