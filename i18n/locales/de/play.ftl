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

## Die Partie: die Seitenleiste neben dem Brett, ihr Ende, die Fragen am
## Tisch. { $who }, { $won }, { $lost }, { $winner } sind Plätze in
## Worten („Ann (Weiß)“, oder mehrere, verbunden mit list-and).

# Ein Spieler und die Farbe seines Platzes: „Ann (Weiß)“.
seat-player = { $name } ({ $color })
# Ein Platz, den niemand hat, nach seiner Farbe.
seat-free-color = der Platz { $color }
seat-number = Platz { $seat }
# Namen in einem Satz: „Ann, Bob und Cy“ ($first ist „Ann, Bob“).
list-and = { $first } und { $last }
# Die Farben der Plätze und Steine.
color-white = Weiß
color-black = Schwarz
color-red = Rot
color-blue = Blau
color-yellow = Gelb

seat-bot = [Bot]
seat-you = (Sie)
seat-stand-in = ein Bot spielt für sie
seat-away = weg
seat-absent = abwesend
seat-free = frei
seat-team = Team { $team }
room-heading-private = { $game } · { $options } · privat
options-standard = Standard
lobby-new-room = Neuer Raum
game-magneton = Steine setzen und schieben auf 8×8; vier in einer Reihe gewinnen
game-magnetism = den Magneten ziehen, einen Stein anziehen oder abstoßen; Wettlauf zur letzten Reihe
game-magnet = verdeckte Steine auf einem Sechseck mit 91 Punkten, vom Magneten angezogen
game-magma = 2 bis 6 Spieler auf 91 Sechsecken, mit Teams und knappen Zeitgebern

turn-yours = Sie sind am Zug.
turn-yours-together = Sie sind am Zug (die anderen wählen gleichzeitig).
turn-to-act = Am Zug: { $names }
turn-watching = Sie schauen zu. Am Zug: { $names }
clock-turn = Zug { $clock }
clock-stale = { $clock } (steht)
table-keys = x aufgeben · d Remis anbieten · a abbrechen · w beanspruchen
draw-offer-yours = Ihr Remisangebot wartet auf eine Antwort.
draw-offer-answer = { $who } bietet Remis an: y nimmt an, n lehnt ab.
draw-offer-seen = { $who } bietet Remis an.
ask-resign = Diese Partie aufgeben? Sie zählt als Niederlage. y gibt auf, jede andere Taste spielt weiter.
ask-abort = Diese Partie abbrechen? Sie endet ohne Ergebnis und der Raum schließt. y bricht ab, jede andere Taste spielt weiter.
ask-claim = Die Partie vom abwesenden Spieler beanspruchen? Er verliert wie nach Zeit. y beansprucht, jede andere Taste wartet.
careful-loses = Vorsicht: { $action } verliert sofort.
careful-allows-win = Vorsicht: nach { $action } kann ein Gegner sofort gewinnen.
last-action = Zuletzt { $who }: { $what }.
moves-title = Züge
moves-title-later = Züge (PgDn: spätere)
move-secret = geheim
move-secret-commitment = geheim ({ $commitment }…)
chat-title = Chat
chat-to = an { $audience }›
chat-room = den Raum
chat-team = das Team
chat-spectators = die Zuschauer

## Einen Zug wählen.
typed-title = Zug:
typed-none = kein erlaubter Zug beginnt so
arrange-title = Stellen Sie Ihre Steine auf (geheim):
arrange-picked = { $vertex } gewählt: Enter auf einem anderen Startpunkt tauscht beide.
arrange-help = Enter nimmt einen Stein, Enter auf einem anderen tauscht; r mischt; c bestätigt.
cursor-at = Cursor { $cell }
cursor-on = Cursor { $cell }: { $what }
magnet-on = Magnet auf { $vertex }:
magnet-pulls = Er zieht { $cells } an (•).
order-default = Standardreihenfolge
promote-list = Befördern: { $items }
enter-plays = Enter spielt { $action }
waiting-setups = Warten auf die Aufstellungen (jede Seite stellt geheim auf).
picked-cells = Gewählt: { $cells }
picked-complete = Gewählt: { $cells } (Enter noch einmal spielt { $action })
button-pass = Passen
button-propose-end = Ende der Partie vorschlagen
button-agree-end = Dem Ende zustimmen
button-refuse-end = Ablehnen (weiterspielen)

## Die Angaben und Hinweise der Bretter. W, B, Mw, Mb, r…, b… sind die
## Buchstaben des Bretts und bleiben, wie sie sind.
magneton-in-hand = In der Hand: W { $white } · B { $black }
magneton-hint-drop = Setzen: wählen Sie ein leeres Feld.
magneton-hint-move = Zug: wählen Sie einen Stein, dann wohin er gleitet.
magnetism-magnet-unplaced = { $side ->
    [white] Weißer
   *[black] Schwarzer
} Magnet: noch nicht gesetzt
magnetism-magnet-secret = { $side ->
    [white] Weißer
   *[black] Schwarzer
} Magnet: gesetzt (geheim)
magnetism-magnet-on = { $side ->
    [white] Weißer Magnet (Mw)
   *[black] Schwarzer Magnet (Mb)
}: { $square }
magnetism-far-row = Auf der letzten Reihe: W { $white } · B { $black } (von 12)
magnetism-hint-move = Ein Zug: das neue Feld des Magneten, dann ein Stein, dann wohin er geht.
magnetism-hint-opening = Geheime Eröffnung: wählen Sie das Feld Ihres Magneten.
magnet-hint = Wählen Sie den Punkt des Magneten (•), dann Reihenfolge und Beförderungen, falls es welche gibt.
magnet-lost = { $side ->
    [red] Rot
   *[blue] Blau
} verlor: geschlagen { $captured }
magnet-lost-trapped = { $side ->
    [red] Rot
   *[blue] Blau
} verlor: geschlagen { $captured }; in Fallen { $trapped }
magnet-lost-trapped-count = { $side ->
    [red] Rot
   *[blue] Blau
} verlor: geschlagen { $captured }; { $trapped } in Fallen
magnet-lost-nothing = nichts
magnet-legend = r… Rot, b… Blau, ? verdeckt, ²³⁴ Rang
magma-scores = Punkte (Steine + 3 × Reichweite):
magma-score = { $color } (Platz { $seats }): { $total } = { $pieces } + 3×{ $reach }
magma-in-hand = In der Hand: { $hands } · gepasst { $passes }
magma-timer = Zeitgeber: { $timer } ({ $seconds } s pro Zug)
magma-vote = Platz { $seat } schlägt das Ende vor; warten auf { $waiting }.
magma-penalty = Platz { $late } hat die Zeit überschritten: Platz { $chooser } entfernt einen Stein von { $color }.
magma-agreed = Alle haben dem Ende der Partie zugestimmt.
magma-hint-move = Wählen Sie einen Stein, dann wohin er geht; oder wo ein neuer Stein eintritt.
magma-hint-penalty = Wählen Sie den Stein, der entfernt wird.
magma-hint-vote = Beantworten Sie die Abstimmung mit ihrer Nummer.

## Was eine Aktion tat (die Zeile des letzten Zugs).
piece-of = { $side } { $kind }
piece-magnet = Magnet
piece-unknown = ein Stein
effect-place = { $piece }: gesetzt auf { $at }
effect-move = { $piece } { $path }
effect-enter = { $piece }: eingetreten { $path }
effect-push = { $piece }: abgestoßen { $path }
effect-pull = { $piece }: angezogen { $path }
effect-capture = { $piece }: geschlagen auf { $at }
effect-trapped = { $piece }: von einer Falle zerstört auf { $at }
effect-promote = { $at }: befördert auf Rang { $rank }
effect-remove = { $piece }: entfernt von { $at }
effect-line = Reihe von { $side }: { $cells }
effect-claim = { $side } erreicht { $count ->
    [one] { $count } leeres Feld
   *[other] { $count } leere Felder
}

## Das Ende einer Partie: „Sie gewinnen! Ann (Weiß) gewinnt.“, dann wer was tat.
end-you-win = Sie gewinnen! { $headline }
end-you-lose = Sie verlieren. { $headline }
end-game-over = Partie vorbei. { $headline }
end-no-result = Kein Ergebnis.
end-draw = Remis.
end-wins = { $count ->
    [one] { $who } gewinnt.
   *[other] { $who } gewinnen.
}
end-resigned = { $who } hat aufgegeben.
end-out-of-time = { $who } hat die Zeit auf der Uhr des Raums überschritten.
end-claimed = { $who } war am Zug abwesend, also hat { $winner } die Partie beansprucht.
end-claimed-by-others = { $who } war am Zug abwesend, also haben die anderen die Partie beansprucht.
end-draw-agreed = Remis wurde angeboten und angenommen: beide Seiten waren einverstanden.
end-aborted = { $who } hat die Partie abgebrochen, bevor alle gezogen hatten: sie hat kein Ergebnis.
end-closed = { $owner } hat den Raum vor Beginn der Partie geschlossen.
end-closed-by-owner = Der Besitzer des Raums hat ihn vor Beginn der Partie geschlossen.
end-abandoned = Alle Spieler blieben zu lange weg: die Partie wurde ohne Ergebnis aufgegeben.
end-expired = Niemand hat die Partie rechtzeitig gestartet: der Raum ist abgelaufen.
end-four-in-a-row = { $won } hat vier in einer Reihe, vom magnetischen Effekt an ihren Platz gebracht.
end-far-row-all = { $won } hat { $count ->
    [one] den einen Stein
   *[other] alle { $count } Steine
} auf die letzte Reihe gebracht.
end-far-row-ahead = { $won } lag auf der letzten Reihe vorn, { $ahead } zu { $behind }, und der eine Zug von { $lost } danach glich nicht aus.
end-cannot-move = { $lost } konnte keinen Zug vollenden.
end-king-captured = { $won } hat den König von { $lost } geschlagen.
end-king-trapped = Der König von { $lost } hat eine Falle geschlagen und wurde mit ihr zerstört.
end-king-centre = Der König von { $won } stand einen ganzen Zug lang auf der Mitte.
end-two-king-race = Nur die beiden Könige waren übrig, und der König von { $won } erreichte die Mitte zuerst.
end-repetition = Dieselbe Stellung kam zum dritten Mal: Remis.
end-no-moves = Keine Seite konnte ziehen: Remis.
end-agreed = Beide Seiten haben sich auf Remis geeinigt.
end-resignation = { $lost } hat aufgegeben.
end-on-time = { $lost } hat die Zeit auf der Uhr des Raums überschritten.
end-all-passed = Alle haben nacheinander gepasst, also wurde die Partie gewertet.
end-agreed-end = Alle haben dem Ende zugestimmt, also wurde die Partie gewertet.
end-tie-last-mover = Die besten Punktzahlen waren gleich; { $color } hat zuletzt gezogen und gewinnt den Gleichstand.
end-tie-no-turn = Die besten Punktzahlen waren gleich, und keine gleichauf liegende Farbe hat gezogen: Remis.
end-scores = Punkte: { $scores }.
end-other = { $reason }.
# Eine Revanche nach dem Ende: wer dabei ist, auf wen sie wartet.
rematch-opened = Revanche: der Raum ist offen.
rematch-in = Revanche: { $accepted } dabei.
rematch-waiting = Revanche: { $accepted } dabei; warten auf { $waiting }.
rematch-asks-you = Revanche: { $accepted } dabei; warten auf { $waiting } (r nimmt an, R lehnt ab).
# A board this client cannot draw ($error: the technical detail, untranslated).
board-unknown-game = Dieses Programm kennt das Spiel { $game } nicht: bitte lodestone aktualisieren.
board-unreadable = Das Brett von { $game }, das der Server schickte, ist nicht lesbar: { $error }

## Eine abgelehnte Taste, in einer Zeile unter dem Brett oder der Lobby.
refuse-no-moves = Sie haben gerade keinen Zug zu machen.
refuse-not-legal = „{ $move }“ ist gerade keiner Ihrer erlaubten Züge (Tab ergänzt).
refuse-seat-taken = Dieser Platz ist besetzt: wählen Sie einen freien.
refuse-seated = Sie haben hier schon einen Platz (l verlässt ihn).
refuse-bot-seat = Ein Bot braucht einen freien Platz: wählen Sie einen mit ↑ ↓.
refuse-start-unseated = Setzen Sie sich zuerst: nur Spieler können starten.
refuse-start-free-seat = Vor dem Start müssen alle Plätze besetzt sein (a fügt einen Bot hinzu).
refuse-rematch-watcher = Nur die Spieler können eine Revanche verlangen.
refuse-table-watcher = Nur die Spieler handeln am Tisch.
refuse-no-draw-offer = Kein Remisangebot wartet auf Ihre Antwort.
refuse-empty-name = Ein Name darf nicht leer sein.
refuse-no-room = Kein Raum zum Öffnen: n erstellt einen, j öffnet einen per Link.
refuse-no-games = Dieser Server bietet keine Spiele an.
refuse-games-loading = Der Server wird noch nach seinen Spielen gefragt; versuchen Sie es gleich noch einmal.
refuse-games-failed = Raum kann nicht erstellt werden: { $error }

## Einen Raum nach dem Getippten öffnen (j in der Lobby).
join-no-room = Dieser Link nennt keinen Raum (er sollte auf #/room/ID enden).
join-empty = Tippen Sie einen Raumlink, oder eine Raumkennung und ihren Einladungscode.
join-too-many = Tippen Sie eine Raumkennung und höchstens einen Einladungscode.
join-not-an-id = "{ $room }" ist keine Raumkennung (Raumkennungen sehen aus wie 7c9e6679-7425-40de-944b-e07fc1f90ae7).

## Die Adresse des Servers auf der Befehlszeile (lodestone play URL).
url-empty = die Server-URL ist leer; geben Sie eine an wie http://127.0.0.1:8080
url-bad = { $url } ist keine URL ({ $error }); geben Sie eine an wie http://127.0.0.1:8080
url-scheme = { $url }: das Schema { $scheme }:// ist keines von http://, https://, ws:// oder wss://
url-no-host = { $url } nennt keinen Host; geben Sie eine URL an wie http://127.0.0.1:8080
url-password = { $url }: ein Benutzername oder Passwort in der URL wird nicht unterstützt
url-not-room-link = { $url }: der Teil nach # ist kein Raumlink (#/room/ID?invite=CODE)
# A seat to act, then its player: "white (Ann)".
turn-seat = { $seat } ({ $name })

## Der Verbindungszustand in der Titelzeile (nach ● oder ○).
title-connecting = verbinde…
title-online = online
title-no-answer = keine Antwort vom Server: verbinde neu…
title-retry-in = verbinde neu… nächster Versuch in { $seconds } s ({ $reason })
title-retrying = verbinde neu… ({ $reason })
conn-upgrading = der Server wird aktualisiert
conn-closed = der Server hat die Verbindung geschlossen
conn-broke = die Verbindung ist abgebrochen
conn-silent = seit { $seconds } s nichts vom Server gehört
conn-goodbye = der Server hat sich verabschiedet: { $reason }
conn-unreadable = der Server schickte eine Nachricht, die dieses Programm nicht lesen kann ({ $error })
conn-tls-handshake = der TLS-Handshake ist gescheitert: { $error } (spricht der Server an dieser Adresse TLS?)
conn-no-answer = keine Antwort innerhalb von { $seconds } s
conn-not-websocket = der Server antwortete mit HTTP { $status } statt mit einem WebSocket (ist das ein Lodestone-Server?)
games-get = { $url } ist nicht abrufbar: { $error }
games-read = { $url } ist nicht lesbar: { $error }
games-not-listed = { $url } hat keine Spiele aufgelistet ({ $error })
games-failed = die Abfrage der Spiele ist gescheitert: { $error }

## Hinweise unter dem Brett oder der Lobby.
notice-offline = Gerade nicht mit dem Server verbunden; warten Sie auf die neue Verbindung.
notice-move-unanswered = Die Verbindung brach ab, bevor der Server Ihren Zug beantwortete; kam er an, steht er in der Zugliste.
notice-not-stored = { $action }: der Server konnte es noch nicht speichern; neuer Versuch in { $ms } ms.
notice-bye = Der Server hat die Verbindung geschlossen: { $reason }.
notice-refused = { $message } ({ $code })
notice-refused-about = { $what }: { $message } ({ $code })
notice-rematch = Revanche
notice-room-created = Raum erstellt: setzen Sie sich (Enter), setzen Sie einen Bot auf einen freien Platz (a).
notice-you-sit = Sie spielen { $seat }.
notice-bot-sits = Ein Bot spielt { $seat }.
notice-rematch-in = Sie sind bei der Revanche dabei: sie beginnt, sobald alle Spieler dabei sind.
notice-rematch-out = Keine Revanche von Ihnen.
notice-rematch-begun = Die Revanche hat begonnen.
notice-new-guest = Der Server kannte Ihr Token nicht: Sie sind dort ein neuer Gast.
notice-name-refused = Der Server hat Ihren Namen abgelehnt: { $message }. Drücken Sie e in der Lobby, um einen anderen zu wählen.
notice-no-list = Die Räume sind nicht abrufbar: { $message }
notice-no-such-room = Auf diesem Server gibt es keinen Raum { $room }.
notice-room-private = Dieser Raum ist privat: öffnen Sie ihn mit seinem Einladungslink oder -code (j in der Lobby).
notice-cannot-watch = Diesem Raum kann nicht zugeschaut werden: { $message } ({ $code }).
notice-moved-on = { $action }: die Partie ging weiter, bevor Ihr Zug ankam; er wurde nicht gespielt.
seat-some = ein Platz

## Warum lodestone play endete (nach dem Verlassen des Bildschirms).
exit-bad-name = "{ $name }" kann kein Name sein: 1 bis 32 Zeichen ohne Steuerzeichen
exit-no-config-dir = Ihr Konfigurationsordner ist nicht zu finden (ist HOME gesetzt?); geben Sie --identity DATEI an
exit-unreachable = { $server } ist nicht erreichbar: { $error }
exit-no-terminal = lodestone play braucht ein Terminal (es zeichnet den ganzen Bildschirm)
exit-terminal = das Terminal ist nicht benutzbar: { $error }
exit-draw = im Terminal kann nicht gezeichnet werden: { $error }
exit-keyboard = die Tastatur ist nicht lesbar: { $error }
exit-signals = Signale können nicht empfangen werden: { $error }
exit-connection-stopped = die Verbindung funktioniert nicht mehr; starten Sie lodestone play neu
identity-not-one = { $file } ist keine Identitätsdatei ({ $error }); verschieben Sie sie oder geben Sie --identity DATEI an
identity-unreadable = { $file } ist nicht lesbar: { $error }
identity-unwritable = { $file } ist nicht schreibbar: { $error }
guest-name = Gast { $number }
