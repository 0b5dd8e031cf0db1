## Die Wörter der Befehlszeile außerhalb der Bildschirme von `lodestone play`.

## `lodestone tournament` (docs/tournaments.md, „In a terminal“).
## Programme lesen `--json`, nicht diese Zeilen: jede Sprache darf sie
## formulieren und ordnen, wie sie will. $status ist upcoming, running
## oder finished; $format round-robin, swiss, arena oder magma (die Namen
## des Protokolls).
tournament-list-line = { $id } { $status ->
    [upcoming] anstehend
    [running] läuft
   *[finished] beendet
} { $format ->
    [round-robin] Rundenturnier
    [swiss] Schweizer System
    [arena] Arena
   *[other] { $format }
} { $game } { $players } { $name }
tournament-header = { $name }: { $format ->
    [round-robin] Rundenturnier
    [swiss] Schweizer System
    [arena] Arena
   *[other] { $format }
} in { $game }, { $status ->
    [upcoming] anstehend
    [running] läuft
   *[finished] beendet
}
tournament-header-rounds = { $name }: { $format ->
    [round-robin] Rundenturnier
    [swiss] Schweizer System
    [arena] Arena
   *[other] { $format }
} in { $game }, { $status ->
    [upcoming] anstehend
    [running] läuft
   *[finished] beendet
}, Runde { $round } von { $rounds }
tournament-standings = Tabelle:
# Die Zeile eines Spielers; $sb ist die Sonneborn-Berger-Wertung.
tournament-standing = { $place }. { $name } { $points } (gewonnen { $won }, remis { $drawn }, verloren { $lost }; Buchholz { $buchholz }, Sonneborn-Berger { $sb })
tournament-teams = Teams:
# Die Zeile eines Teams, dann die Namen seiner Spieler.
tournament-team-standing = { $place }. { $name } { $points } (gewonnen { $won }, remis { $drawn }, verloren { $lost }; Buchholz { $buchholz }, Sonneborn-Berger { $sb }): { $members }
tournament-round = Runde { $number }:
# Statt des Ergebnisses einer Partie, solange sie läuft.
tournament-playing = läuft
tournament-bye = { $name } spielfrei
tournament-your-game = Ihre Partie: { $room }
tournament-your-game-none = Ihre Partie: keine
tournament-created = Turnier { $id }
tournament-invite = Einladung { $code }
tournament-joined = { $id } beigetreten
tournament-bot-added = Computer angemeldet
tournament-withdrew = von { $id } zurückgezogen
tournament-started = { $id } gestartet
tournament-waiting = warte auf Ihre Partie in { $name } …
# Warum es aufhörte. $message: der Satz des Servers (schon in der
# Sprache); $code: sein Code.
tournament-refused = { $message } ({ $code })
tournament-send-failed = die Verbindung ist gescheitert: { $error }
tournament-unexpected = unerwartete Antwort { $answer }
tournament-bad-format = --format „{ $format }“ ist weder round-robin noch swiss, arena oder magma
tournament-bad-teams = --teams „{ $teams }“ ist nicht pairs
tournament-bad-option = --option „{ $option }“ hat nicht die Form SCHLÜSSEL=WERT

## Die anderen Befehle: replay, verify, perft, load, duel und bot
## (docs/translating.md, „The terminal“). Ihre Ergebnisse auf der
## Standardausgabe sind für Programme und bleiben in jeder Sprache gleich:
## die Stellung und die `result:`-Zeile einer Partie, die Zahl von perft,
## die letzte Zeile von verify, die Berichte von duel und load, die
## Zeilen `room`, `played` und `result:` von bot. Hier steht, was
## Menschen drumherum lesen: Fehler, Hinweise auf der Fehlerausgabe, die
## Prüfungen von verify, das Warten eines Bots.

# Das Dezimaltrennzeichen (0,5 s).
cli-decimal-mark = ,
# Der Fehler jedes Befehls, nach dem Namen des Programms.
cli-failed = lodestone: { $message }
# $value: was angegeben wurde, in Anführungszeichen.
cli-not-seconds = { $value } ist keine Zahl von Sekunden
cli-seconds-from-zero = { $value } ist keine Zahl von Sekunden ab 0
cli-not-rate = { $value } ist keine Zahl von Zügen pro Sekunde
cli-rate-above-zero = { $value } Züge pro Sekunde: die Rate muss eine Zahl über 0 sein (ohne --rate wird so schnell gespielt, wie der Server antwortet)
cli-cannot-write = die Ausgabe kann nicht geschrieben werden: { $error }
cli-cannot-read = { $file } kann nicht gelesen werden: { $error }
cli-games-at-least-one = --games muss mindestens 1 sein
# Ein Wert der Befehlszeile, den die Regeln nicht kennen. $game, $level,
# $option: was angegeben wurde, in Anführungszeichen; die Namen in
# Klammern bleiben.
cli-unknown-game = unbekanntes Spiel { $game } (eines von magnet, magma, magnetism, magneton)
cli-unknown-level = unbekannte Bot-Stufe { $level } (random, greedy, easy, normal oder hard)
cli-not-key-value = Option { $option } hat nicht die Form KEY=VALUE

## `lodestone replay` und `lodestone perft`. $game, $wanted: der Name
## eines Spiels (magneton…); $seats: die Namen der Plätze des Spiels, wie
## die Regeln sie schreiben; `spectator` ist das Wort, das --as nimmt.
replay-illegal-action = die Aufzeichnung enthält eine unzulässige Aktion
replay-not-a-seat = { $name } ist kein Platz von { $game } ({ $seats } oder spectator)
perft-other-game = { $file } ist eine Partie { $game }, nicht { $wanted }
perft-option-with-record = --option geht nicht zusammen mit --record: die Kopfzeilen der Aufzeichnung geben die Optionen vor

## `lodestone verify`: eine Zeile je Prüfung. [Seed], [SeedCommitment]
## und [Commitment] sind Kopfzeilen der Aufzeichnung (NOTATION.md),
## SHA-256 der Hash; $number zählt die Aktionen ab 1; $action, $expected:
## Aktionen in der Notation des Spiels; $seat: der Name eines Platzes;
## $error: die Worte der Regeln.
verify-does-not-verify = { $file } besteht die Prüfung nicht
verify-commitment-twice = Aktion { $number }: mehr als ein [Commitment]
verify-commitment-unreadable = [Commitment "{ $value }"] hat nicht die Form "<Aktionsnummer> <Festlegung> <Salz>"
verify-seed-matches = Seed: der SHA-256 von [Seed] ist [SeedCommitment] { $committed }
verify-seed-differs = Seed: der SHA-256 von [Seed] ist { $actual }, aber [SeedCommitment] ist { $committed }
verify-seed-uncommitted = Seed: aufgedeckt, aber die Aufzeichnung hat kein [SeedCommitment], um ihn zu prüfen
verify-seed-unrevealed = Seed: noch nicht aufgedeckt (die Partie läuft noch): ausgeteilte Aufstellungen nicht geprüft
verify-bad-options = die Optionen der Aufzeichnung: { $error }
verify-bad-game = das Spiel der Aufzeichnung: { $error }
verify-over = Aktion { $number }: { $action }: die Partie ist schon vorbei
verify-illegal = Aktion { $number }: { $action }: { $error }
verify-dealt = Aktion { $number }: vom Seed ausgeteilt
verify-dealt-otherwise = Aktion { $number }: { $action }: der Seed teilt { $seat } { $expected } aus
verify-commitment-matches = Aktion { $number }: Festlegung { $commitment } stimmt
verify-commitment-differs = Aktion { $number }: der SHA-256 von "{ $salt }:{ $action }" ist { $actual }, aber [Commitment] sagt { $commitment }
verify-uncommitted = Aktion { $number }: { $action } war beim Spielen geheim, hat aber kein [Commitment]
verify-commitment-past-end = [Commitment] nennt Aktion { $number }, aber die Aufzeichnung hat { $actions } Aktionen
verify-deal-missing = der Seed teilt nach der letzten Aktion { $seat } { $expected } aus, was der Aufzeichnung fehlt

## `lodestone load`: sein Start und seine Fehler (der Bericht selbst
## bleibt englisch: Skripte lesen ihn). Geschlossene Schleife: jede
## Partie zieht, sobald sie darf; offene Schleife: $rate Züge pro
## Sekunde insgesamt.
load-starting = lodestone load: { $games } gleichzeitige Partien { $game }, { $mode }, { $seconds } s
load-starting-nodes = lodestone load: { $games } gleichzeitige Partien { $game } über { $nodes } Knoten, { $mode }, { $seconds } s
load-closed-loop = geschlossene Schleife
load-open-loop = offene Schleife mit { $rate } Zügen/s
load-no-url = geben Sie die URL des Servers an
load-rate-too-small = --rate { $rate } ist zu klein für { $games } Partien (jede würde länger warten, als eine Dauer sein kann)
load-magnet-dealt-only = lodestone load spielt Magnet nur mit ausgeteilten Aufstellungen (--option setup=random, hier die Vorgabe): gewählte Aufstellungen stellt es nicht auf
load-had-errors = der Lauf hatte Fehler
load-limits-hint = Hinweis: der Server hat Anfragen wegen seiner Grenzen abgelehnt: für einen Lasttest starten Sie ihn mit --rate-limit 0 --per-address 0 --connect-rate 0 --request-rate 0 --guests-per-hour 0 --rooms-per-guest 0 --rooms-per-address 0 (docs/operating.md), oder bleiben Sie unter seinen Grenzen
load-slot-failed = lodestone load: ein Partieplatz ist gescheitert: { $error }
load-bot-room-failed = lodestone load: ein Bot-Raum ist gescheitert: { $error }
load-connection = Verbindung { $number } zu { $url }
load-game-setup = der Aufbau einer Partie
load-a-connection = eine Verbindung zu { $url }
load-closed-in-game = eine Verbindung wurde während einer Partie geschlossen
load-bot-room-closed = die Verbindung eines Bot-Raums wurde geschlossen
load-no-process = kein Prozess { $pid }
load-no-rss = keine VmRSS-Zeile

## Die Verbindung (`lodestone load` und `lodestone bot`). $url: die
## Adresse eines Servers; $code, $message: die Ablehnung des Servers.
## Ein „Umzug“: ein Raum, der auf einen anderen Knoten verlegt wird (`moved`).
net-url-scheme = { $url }: verwenden Sie ws://HOST:PORT oder http://HOST:PORT (TLS ist Sache des Proxys)
net-url-host = { $url }: der Host muss eine IP-Adresse und ein Port sein, etwa 127.0.0.1:8080
net-url-remote = { $url } ist keine Loopback-Adresse; geben Sie --allow-remote an, um einen anderen Host zu belasten
net-connecting = Verbindungsaufbau
net-handshake = WebSocket-Handshake
net-no-node = kein Knoten, zu dem es gehen kann
net-no-welcome = { $url } hat uns nicht rechtzeitig begrüßt
net-going-to = auf dem Weg zu { $url }
net-closed-before-welcome = { $url } hat die Verbindung vor seiner Begrüßung geschlossen
net-hello-refused = { $url }: hello nach einem Umzug des Raums: { $code }: { $message }
net-no-answer = keine Antwort in { $seconds } s
net-lost = die Verbindung brach vor der Antwort ab
net-lost-request = { $lost }; die Anfrage wurde vielleicht ausgeführt, vielleicht nicht
net-stalled-no-node = der Server antwortet nicht, und es gibt keinen Knoten, zu dem es gehen kann
net-moved = der Server hat Raum { $room } nach { $url } verlegt
net-moved-before-hello = der Server hat Raum { $room } vor hello nach { $url } verlegt
net-moved-too-often = Raum { $room } wurde { $times }-mal hintereinander nach { $url } verlegt; Abbruch
net-following-move = beim Folgen des Raums zu einem anderen Knoten
net-not-understood = der Server antwortete mit einer Nachricht, die dieser Client nicht versteht
# $request: der Name der Anfrage im Protokoll (hello, join…).
net-unexpected-reply = unerwartete Antwort auf { $request }: { $reply }

## `lodestone duel`, auf der Fehlerausgabe, wenn eine Partie endet. A und
## B sind die beiden Stufen; $why: wie eine Partie endete, in den Sätzen
## end-* (play.ftl) mit A und B als Seiten, ohne ihren Schlusspunkt.
duel-jobs-range = --jobs muss zwischen 1 und 64 liegen
duel-think-at-least-one = --think und --iterations müssen mindestens 1 sein
duel-a-wins = A gewinnt ({ $why })
duel-b-wins = B gewinnt ({ $why })
duel-draw = remis ({ $why })
duel-unfinished = unvollendet nach { $actions } Aktionen
# $won, $lost, $drawn: die Partien von A bisher; $seconds, $total:
# Sekunden.
duel-game = Partie { $number }/{ $games }: { $result }, { $actions } Aktionen, { $seconds } s (A { $won }-{ $lost }-{ $drawn } bisher, { $total } s insgesamt)
duel-thought = { $side } dachte { $cpu } s CPU pro Zug ({ $moves } Züge mit einer Wahl)
duel-game-failed = Partie { $number }: { $error }
duel-chance-refused = die Regeln lehnten die Zufallsaktion { $action } ab: { $error }
duel-deadline-refused = die Regeln lehnten ihr eigenes { $action } ab: { $error }
duel-choice-refused = { $level } wählte { $action }, das die Regeln ablehnen: { $error }

## `lodestone bot`: was er neben seinen Zügen sagt. $what: eine Aktion,
## oder bot-the-start / bot-the-request.
bot-think-at-least-one = --think muss mindestens 1 sein
bot-no-server = kein Server zum Spielen
bot-joining = beim Beitreten zum Raum
bot-waiting = warte auf Spieler: treten Sie Raum { $room } bei
bot-waiting-invite = warte auf Spieler: treten Sie Raum { $room } mit der Einladung { $code } bei
bot-declined-draw = Remisangebot abgelehnt
bot-draw-answer-failed = lodestone bot: beim Beantworten des Remisangebots: { $error }
bot-moved-on = lodestone bot: { $action } nicht gespielt: der Raum ist über Version { $version } hinaus (vielleicht durch diesen Zug, früher gesendet); neue Entscheidung
bot-refused = lodestone bot: { $action } abgelehnt: { $error }
bot-retrying = lodestone bot: { $what } nicht ausgeführt ({ $error }); neuer Versuch in { $ms } ms
bot-the-start = der Start
bot-the-request = die Anfrage
bot-closed = der Server hat die Verbindung geschlossen

## `lodestone --help` und die Hilfe jedes Befehls (clients/cli/src/help.rs):
## usage-CMD-about (eine Zeile), usage-CMD-long (--help), usage-CMD-examples,
## usage-CMD-arg-ARG (die Hilfe eines Arguments). Optionen, Werte in
## Großbuchstaben (URL, FILE, KEY=VALUE), Befehle und Dateinamen bleiben.
usage-about = Der Befehlszeilen-Client von Lodestone für die Magnetspiele
usage-examples =
    Beispiele:
      lodestone play http://127.0.0.1:8080
          in diesem Terminal spielen: die Lobby, Räume, Bretter, Bots (docs/play.md)
      lodestone play 'http://127.0.0.1:8080/#/room/ID?invite=CODE'
          den Raum eines Einladungslinks öffnen
      lodestone replay tests/records/magneton/valid/forced-pass.txt
          die Endstellung und das Ergebnis einer aufgezeichneten Partie ausgeben
      lodestone replay game.txt --as black
          die Endstellung, wie Schwarz sie sehen darf
      lodestone verify game.txt
          die Zusagen und ausgeteilten Aufstellungen einer beendeten Partie an ihrem offengelegten Seed prüfen
      lodestone perft magneton 2
          die verschiedenen Stellungen zwei Aktionen nach dem Start zählen (4032)
      lodestone perft magneton 1 --record game.txt
          von der Stellung nach einer Aufzeichnung an zählen (ihre Kopfzeilen geben die Optionen)
      lodestone perft magneton 2 --option move-rule=per-ray --position "8/8/8/3W4/8/8/8/8 b 11 12"
          von einer Stellung im Stellungsformat des Spiels an zählen
      lodestone load ws://127.0.0.1:8080 --game magneton --games 100 --duration 30 --server-pid 4242
          100 gleichzeitige Partien mit Zufallszügen für 30 s; Durchsatz, Latenz, CPU pro Zug
      lodestone load ws://127.0.0.1:8080 --idle 1000 --server-pid 4242
          1000 ruhende Verbindungen; der Speicher des Servers pro Verbindung
      lodestone duel magneton --a hard --b greedy --games 40
          zwei Bot-Stufen spielen 40 Partien; Siege, Punkte und Elo-Unterschied
usage-play-about = In diesem Terminal spielen: ein Vollbild-Client für die Lobby und die Partien, über dasselbe Protokoll wie der Browser
usage-play-long =
    In diesem Terminal spielen: ein Vollbild-Client für die Lobby und die Partien, über dasselbe Protokoll wie der Browser.

    Legen Sie einen Raum für jedes Spiel an, nehmen Sie einen Platz oder schauen Sie zu, setzen Sie Bots dazu, treten Sie einem privaten Raum über seinen Einladungslink oder -code bei und spielen Sie mit den Pfeiltasten oder durch Eintippen der Züge. Ihr Name und Ihr Gast-Token werden in der Identitätsdatei aufbewahrt, sodass Sie als derselbe Spieler zurückkommen; eine abgebrochene Verbindung oder ein neu gestarteter Server wird von selbst wieder aufgenommen. Endet mit 0, wenn Sie aufhören; 1, wenn der Server nicht erreichbar ist; 2 bei einer falschen URL oder Option. Tasten und Bildschirme: docs/play.md.
usage-play-examples =
    Beispiele:
      lodestone play http://127.0.0.1:8080
      lodestone play 127.0.0.1:8080 --name Ann --bell
      lodestone play 'http://127.0.0.1:8080/#/room/7c9e...?invite=0f3a...'
      lodestone play http://127.0.0.1:8080 --identity ~/second.json --no-color
usage-play-arg-url = Der Server (http://HOST:PORT, https://…, ws://…) oder der Einladungslink eines Raums (http://HOST:PORT/#/room/ID?invite=CODE), um diesen Raum zu öffnen
usage-play-arg-name = Ihr angezeigter Name; für das nächste Mal in der Identitätsdatei aufbewahrt
usage-play-arg-identity = Die Identitätsdatei (Name und Gast-Tokens). Standard: $XDG_CONFIG_HOME/lodestone/identity.json, meist ~/.config/lodestone/identity.json
usage-play-arg-bell = Die Terminalglocke läuten, wenn Sie am Zug sind
usage-play-arg-no-color = Keine Farben (wie bei gesetztem NO_COLOR); Buchstaben unterscheiden die Seiten weiterhin
usage-tournament-about = Turniere im Terminal: sie auflisten, eines zeigen (Tabelle, Runden, Ihre Partie), sich anmelden oder zurückziehen, eines veranstalten (--create, --add-bot, --start) und mit --play auf Ihre nächste Partie warten und sie in `lodestone play` öffnen. Nutzt die Identitätsdatei von `lodestone play`. Gibt Zeilen in der Sprache des Terminals aus, oder mit --json die Antworten des Servers als JSON: docs/tournaments.md („In a terminal“)
usage-tournament-examples =
    Beispiele:
      lodestone tournament http://127.0.0.1:8080
      lodestone tournament http://127.0.0.1:8080 --create 'Friday league' --game magneton --format swiss --rounds 5 --bots
      lodestone tournament http://127.0.0.1:8080 5b0c8a0e-... --join --play
usage-tournament-arg-url = Der Server (http://HOST:PORT, https://…, ws://…)
usage-tournament-arg-id = Die Kennung des Turniers; ohne sie die Liste der Turniere
usage-tournament-arg-join = Am Turnier teilnehmen (oder nach dem Zurückziehen wiederkommen)
usage-tournament-arg-invite = Der Einladungscode eines privaten Turniers
usage-tournament-arg-withdraw = Vor dem Start gehen oder sich während des Turniers zurückziehen
usage-tournament-arg-create = Ein Turnier dieses Namens veranstalten (mit --game, --format, …); gibt `tournament ID` aus
usage-tournament-arg-game = Mit --create: das Spiel
usage-tournament-arg-format = Mit --create: round-robin, swiss, arena oder magma
usage-tournament-arg-rounds = Mit --create: die Runden eines Schweizer oder Magma-Turniers
usage-tournament-arg-seconds = Mit --create: die Dauer einer Arena in Sekunden
usage-tournament-arg-table = Mit --create: die Spieler pro Tisch eines Magma-Turniers
usage-tournament-arg-teams = Mit --create: ein Magma-Turnier mit Teams, die für das ganze Turnier feststehen (`pairs`: Zweierteams an Tischen zu 4 oder 6)
usage-tournament-arg-team = Mit --join oder --add-bot: das Team (ein neuer Name gründet es, der Name eines Teams tritt ihm bei)
usage-tournament-arg-options = Mit --create: die Optionen der Partien, SCHLÜSSEL=WERT (wie für einen Raum)
usage-tournament-arg-bots = Mit --create: Computerspieler dürfen teilnehmen
usage-tournament-arg-private = Mit --create: privat (Beitritt über den Einladungscode)
usage-tournament-arg-add-bot = Der Veranstalter meldet einen Computerspieler dieser Stufe an
usage-tournament-arg-start = Der Veranstalter startet das Turnier jetzt
usage-tournament-arg-play = Auf Ihre nächste Partie warten und sie in `lodestone play` öffnen
usage-tournament-arg-name = Ihr angezeigter Name; in der Identitätsdatei aufbewahrt
usage-tournament-arg-identity = Die Identitätsdatei (wie `lodestone play` sie führt)
usage-tournament-arg-json = Für Programme: jede Antwort des Servers als eine Zeile JSON (die Protokollnachricht `tournaments` oder `tournament`), in jeder Sprache gleich, statt Zeilen in Worten
usage-replay-about = Eine Partieaufzeichnung nachspielen und die Endstellung und das Ergebnis ausgeben
usage-replay-long =
    Eine Partieaufzeichnung nachspielen und die Endstellung und das Ergebnis ausgeben.

    Gibt die Endstellung im Stellungsformat des Spiels aus, dann eine letzte Zeile `result: ongoing`, `result: draw (<reason>)` oder `result: <seat> wins (<reason>)`, und endet mit 0. Ist eine Aktion unlesbar oder regelwidrig, gibt es `action N: <the action>: <reason>` aus (N zählt die Aktionen ab 1; Kopfzeilen und Kommentare zählen nicht) und endet mit 1.
usage-replay-examples =
    Beispiel:
      lodestone replay game.txt --as white
usage-replay-arg-file = Die Aufzeichnungsdatei (Format von NOTATION.md)
usage-replay-arg-viewer = Die Stellung so ausgeben, wie dieser Platz sie sehen darf (`white`, `red`, `3` oder `spectator`), statt vollständig
usage-verify-about = Die Aufzeichnung einer beendeten Partie gegen die Zusagen des Servers prüfen
usage-verify-long =
    Die Aufzeichnung einer beendeten Partie gegen die Zusagen des Servers prüfen.

    Prüft den offengelegten [Seed] gegen [SeedCommitment], jedes [Commitment "N <commitment> <salt>"] gegen Aktion N (Aktionen ab 1 gezählt, wie replay sie zählt), jede ausgeteilte Aufstellung gegen eine neue Ziehung aus dem Seed, dass jede geheime Aktion eine Zusage hat und dass jede Aktion regelgerecht ist. Gibt eine Zeile pro Prüfung aus und eine letzte Zeile `result: verified (N checks)` (Ende 0) oder `result: F of N checks failed` (Ende 1).
usage-verify-examples =
    Beispiel:
      lodestone verify game.txt
usage-verify-arg-file = Die Aufzeichnungsdatei, wie der Server sie nach dem Ende der Partie herausgibt
usage-perft-about = Perft zählen: die verschiedenen Stellungen, die in DEPTH Aktionen erreichbar sind
usage-perft-long =
    Perft zählen: die verschiedenen Stellungen, die in DEPTH Aktionen erreichbar sind.

    Zählt vom Start von GAME an oder von der Stellung nach den Aktionen einer Aufzeichnung. Gibt die Zahl aus und endet mit 0.
usage-perft-examples =
    Beispiele:
      lodestone perft magneton 3
      lodestone perft magneton 2 --option move-rule=per-ray
usage-perft-arg-game = magnet, magma, magnetism oder magneton
usage-perft-arg-depth = Wie viele Aktionen tief gezählt wird
usage-perft-arg-options = Eine Spieloption, SCHLÜSSEL=WERT (wiederholbar)
usage-perft-arg-record = Von der Stellung nach dieser Aufzeichnung an zählen (ihre Kopfzeilen geben die Optionen)
usage-perft-arg-position = Von dieser Stellung an zählen, geschrieben im Stellungsformat des Spiels
usage-load-about = Einen Server mit gleichzeitigen Partien aus zufälligen regelgerechten Zügen oder mit ruhenden Verbindungen belasten und berichten, was er trägt
usage-load-long =
    Einen Server mit gleichzeitigen Partien aus zufälligen regelgerechten Zügen oder mit ruhenden Verbindungen belasten und berichten, was er trägt.

    Gibt begonnene und beendete Partien aus, Züge und Züge pro Sekunde, Perzentile der Zug-Umlaufzeit (vom Senden einer Aktion, bis ihr Spieler das Update erhält, das sie enthält), die CPU-Zeit des Servers pro Zug (mit --server-pid), Fehler und Verbindungsabbrüche. Hört von selbst auf. Mit mehreren Servern (den Knoten eines Clusters) verteilt es die Spieler auf sie, folgt `moved` und fügt eine Zeile pro Knoten hinzu.
usage-load-examples =
    Beispiele:
      lodestone load ws://127.0.0.1:8080 --game magma --option players=6 --games 100 --duration 20
      lodestone load ws://127.0.0.1:8081,ws://127.0.0.1:8082 --server ws://127.0.0.1:8083 --games 30
      lodestone load ws://127.0.0.1:8080 --games 500 --rate 5000 --duration 20 --server-pid 4242
      lodestone load ws://127.0.0.1:8080 --idle 15000 --sources 4 --server-pid 4242
usage-load-arg-urls = Der Server: ws://HOST:PORT oder http://HOST:PORT (eine IP-Adresse). Mehrere Knoten eines Clusters: weitere URLs oder eine kommagetrennte Liste; die Spieler werden auf sie verteilt
usage-load-arg-servers = Ein weiterer Server (Knoten), auf den die Spieler verteilt werden (wiederholbar oder eine kommagetrennte Liste); dasselbe wie weitere URLs
usage-load-arg-game = Das zu spielende Spiel (Magnet mit ausgeteilten Aufstellungen: `setup=random`)
usage-load-arg-options = Eine Spieloption, SCHLÜSSEL=WERT (wiederholbar)
usage-load-arg-games = Gleichzeitige Partien
usage-load-arg-duration = Sekunden Spielzeit; dann noch laufende Partien bleiben unvollendet (mit --total-games kann der Lauf früher enden)
usage-load-arg-total-games = Nach so vielen Partien insgesamt aufhören
usage-load-arg-rate = Offene Schleife: Züge pro Sekunde, die alle Partien zusammen anbieten (jede Partie zieht nach festem Plan). Ohne: geschlossene Schleife
usage-load-arg-idle = Statt Partien so viele ruhende Verbindungen öffnen und den Speicher des Servers pro Verbindung berichten
usage-load-arg-live-games = Statt zu spielen so viele laufende Partien öffnen (eine Verbindung pro Platz, alle Plätze besetzt, die Partie gestartet, kein Zug) und den Speicher des Servers pro laufender Partie berichten (mit --server-pid)
usage-load-arg-after-game = Mit --live-games: jede Partie zuerst zu Ende spielen, während ihre Spieler weiter zuschauen, um einen beendeten Raum zu messen, der für eine Revanche bleibt
usage-load-arg-hold = Sekunden, die die ruhenden Verbindungen (oder die laufenden Partien) gehalten werden
usage-load-arg-server-pid = Die Prozesskennung des Servers, um seine CPU-Zeit und seinen Speicher aus /proc zu lesen (wiederholbar: die Zahlen mehrerer Knoten werden addiert)
usage-load-arg-sources = Die Verbindungen auf 127.0.0.1 bis 127.0.0.N verteilen (über die Grenze flüchtiger Ports einer Quelladresse hinaus)
usage-load-arg-seed = Seed der zufälligen Zugwahl
usage-load-arg-bot-rooms = Zusätzlich so viele Räume öffnen, in denen ein Client gegen die Bots des Servers spielt (die anderen Plätze) und sofort antwortet, sodass die Bots den ganzen Lauf über rechnen; ihre Züge werden getrennt berichtet
usage-load-arg-bot-level = Die Stufe dieser Bots
usage-load-arg-risks = Die Risiken der angebotenen Züge erfragen, wie der Client eines Menschen (sonst sagen die Spieler, dass sie sie selbst beurteilen)
usage-load-arg-allow-remote = Einen Server zulassen, der nicht auf einer Loopback-Adresse liegt
usage-bot-about = Einen Platz einer Partie als Computerspieler spielen, über das öffentliche Protokoll, und nur die Sicht dieses Platzes sehen
usage-bot-long =
    Einen Platz einer Partie als Computerspieler spielen, über das öffentliche Protokoll, und nur die Sicht dieses Platzes sehen.

    Tritt einem Raum bei (--room) oder öffnet einen und wartet auf Spieler; spielt, bis die Partie endet; gibt `room ID seat N` aus, jedes `played ACTION` und eine letzte Zeile `result: ...`. Stufen: random (irgendeine angebotene Aktion), greedy (die beste Aktion einen Zug voraus nach einer einfachen Bewertung je Spiel) und die suchenden easy, normal und hard (docs/bots.md).
usage-bot-examples =
    Beispiele:
      lodestone bot ws://127.0.0.1:8080 --game magnet --level greedy
      lodestone bot ws://127.0.0.1:8080 --room 7c9e... --seat black --level random
usage-bot-arg-url = Der Server: ws://HOST:PORT oder http://HOST:PORT (eine IP-Adresse). Mehrere Knoten eines Clusters: eine kommagetrennte Liste; der Bot beginnt beim ersten, und wenn der Knoten, mit dem er spricht, ausfällt, geht er der Reihe nach zu den nächsten
usage-bot-arg-room = Diesem Raum beitreten; ohne einen neuen Raum öffnen und auf Spieler warten
usage-bot-arg-invite = Der Einladungscode eines privaten Raums
usage-bot-arg-seat = Der zu nehmende Platz: eine Nummer ab 0 oder der Name des Platzes
usage-bot-arg-game = Das Spiel eines Raums, den der Bot öffnet
usage-bot-arg-options = Eine Option eines Raums, den der Bot öffnet, SCHLÜSSEL=WERT (wiederholbar)
usage-bot-arg-private = Einen privaten Raum öffnen (Beitritt mit seinem Einladungscode)
usage-bot-arg-level = random, greedy, easy, normal oder hard
usage-bot-arg-think = Millisekunden, die eine suchende Stufe pro Zug nachdenken darf (statt ihres Iterationsbudgets); der Zeitgeber eines Zuges begrenzt sie immer
usage-bot-arg-name = Der angezeigte Name des Bots (mit --token behält das Konto seinen eigenen, außer dieser ist angegeben)
usage-bot-arg-token = Als Bot-Konto spielen: das in seinen Einstellungen erzeugte API-Token (docs/api.md) statt eines neuen Gasts. Besser in der Umgebung als auf der Befehlszeile angeben
usage-bot-arg-seed = Seed der Zufallsentscheidungen des Bots
usage-bot-arg-allow-remote = Einen Server zulassen, der nicht auf einer Loopback-Adresse liegt
usage-duel-about = Zwei Bot-Stufen in diesem Prozess gegeneinander spielen lassen und berichten, wie sie abgeschnitten haben
usage-duel-long =
    Zwei Bot-Stufen in diesem Prozess gegeneinander spielen lassen und berichten, wie sie abgeschnitten haben.

    Spielt GAMES Partien mit wechselnden Seiten (Magma: die beiden Stufen auf die Teams verteilt) und meldet jede Partie auf der Standardfehlerausgabe, wenn sie endet. Gibt eine Kopfzeile aus, dann `A wins: N`, `B wins: N`, `draws: N` (und `unfinished: N` für durch --max-actions abgebrochene Partien, die als Remis zählen), `score A: X%` und `elo A-B: D (95%: LOW to HIGH)`. Ohne --think nutzen die suchenden Stufen ihre eigenen Iterationsbudgets, sodass ein Lauf aus --seed reproduzierbar ist.
usage-duel-examples =
    Beispiele:
      lodestone duel magneton --a hard --b greedy --games 40
      lodestone duel magma --a normal --b greedy --games 20 --option players=4 --think 250
      lodestone duel magnet --a easy --b random --games 10 --iterations 200 --jobs 2
usage-duel-arg-game = magnet, magma, magnetism oder magneton
usage-duel-arg-a = Stufe A: random, greedy, easy, normal oder hard
usage-duel-arg-b = Stufe B
usage-duel-arg-games = Wie viele Partien gespielt werden
usage-duel-arg-think = Millisekunden, die eine suchende Stufe pro Zug nachdenken darf (statt ihres Iterationsbudgets)
usage-duel-arg-iterations = Suchiterationen pro Zug für beide suchenden Stufen (statt der eigenen jeder Stufe)
usage-duel-arg-options = Eine Spieloption, SCHLÜSSEL=WERT (wiederholbar)
usage-duel-arg-max-actions = Aktionen, nach denen eine Partie als unvollendet abgebrochen wird
usage-duel-arg-seed = Seed der Partien (Partie i nutzt einen Seed aus ihm und i)
usage-duel-arg-jobs = Gleichzeitig gespielte Partien, auf ebenso vielen Threads
