# Der Browser-Client (clients/web). Jede id beginnt mit `web-`. Züge,
# Felder (`D4`, `e3-e5`), Optionsschlüssel und -werte des Protokolls,
# Codes und Spielernamen werden nicht übersetzt: sie kommen als Argumente.

## Der Rahmen der Seite.
web-nav-sections = Bereiche
web-nav-tournaments = Turniere
web-whoami-playing-as = Sie spielen als
web-connection-connecting = Verbindung zum Server…
web-connection-lost = Verbindung verloren — neuer Versuch…
web-connection-lost-retry = Verbindung verloren — neuer Versuch… (nächster in { $seconds } s)
web-connection-not-live = Gerade nicht verbunden: nichts wurde gesendet. Warten Sie auf die neue Verbindung.

## Einstellungen.
web-settings = Einstellungen
web-settings-language = Sprache
web-settings-language-auto = Die Sprache des Browsers
web-settings-confirm = Jeden Zug bestätigen:
web-settings-confirm-touch = auf Touchscreens
web-settings-confirm-always = immer
web-settings-confirm-never = nie
web-settings-confirm-hint = Auf Touchscreens fragt ein Zug aus einem Tippen nach einem Ja; ein Zug aus zwei oder mehr Tippen (eine Figur, dann ihr Ziel) wird mit dem letzten Tippen gespielt. Ein Zug, der sofort verliert oder den Gegner sofort gewinnen lässt, wird immer bestätigt.
web-settings-turn-board = Das Brett zu meiner Seite drehen
web-settings-sound = Ein Ton, wenn ich am Zug bin
web-settings-animate = Züge animieren (Tippen aufs Brett überspringt; nie, wenn das System weniger Bewegung wünscht)

## Farben der Plätze.
web-color-white = Weiß
web-color-black = Schwarz
web-color-red = Rot
web-color-blue = Blau
web-color-yellow = Gelb

## Die Lobby.
web-game-title-magneton = Magneton — Steine setzen und schieben auf 8×8; vier in einer Reihe nach einem magnetischen Zug gewinnen (am leichtesten zu lernen)
web-game-title-magnetism = Magnetism — bewegen Sie Ihren Magneten, dann ziehen oder stoßen Sie eine Figur; Wettlauf zur letzten Reihe
web-game-title-magnet = Magnet — verdeckte Figuren auf einem Sechseck aus 91 Punkten, vom Magneten gezogen
web-game-title-magma = Magma — 2 bis 6 Spieler auf 91 Sechsecken, mit Teams und heißen Zeitnehmern
web-lobby-no-games = Der Server hat seine Spiele nicht aufgelistet (HTTP { $status }).
web-seat-taken = { $name } ({ $color })
web-seat-free = freier Platz ({ $color })
web-lobby-renamed = Sie heißen jetzt { $name }.
web-lobby-display-name = Angezeigter Name
web-lobby-save = Speichern
web-lobby-loading-games = Die Spiele werden geladen…
web-lobby-no-open-rooms = Gerade keine offenen Räume: eröffnen Sie einen und schicken Sie den Link einem Freund.
web-lobby-no-match = Kein offener Raum passt zu diesen Filtern.
web-lobby-any-game = jedes Spiel
web-lobby-any-number = beliebig viele
web-lobby-n-players = { $count } Spieler
web-lobby-game = Spiel
web-lobby-options = Optionen
web-lobby-players = Spieler
web-lobby-in-progress = Laufende Partien
web-lobby-paste-invite = Einladungslink einfügen
web-lobby-new-room = Neuer Raum
web-lobby-your-games = Ihre Partien
web-lobby-open-rooms = Offene Räume
web-lobby-invite-link = Einladungslink
web-lobby-not-a-room-link = Das ist kein Lodestone-Raumlink (ihm fehlt der Teil #/room/).
web-lobby-open = Öffnen
web-lobby-the-games = Die Spiele
web-lobby-you = Sie
web-lobby-create-room = Raum eröffnen
web-lobby-play-computer = Gegen den Computer spielen
web-lobby-at-level = auf Stufe
web-lobby-no-options = Dieses Spiel hat keine Optionen.
web-lobby-usual-value = { $value } (üblich)
web-lobby-listed = In der Lobby aufgeführt (sonst können nur Leute mit dem Einladungslink beitreten oder zusehen)
web-lobby-taken = { $taken } von { $seats }
web-lobby-taken-by = { $taken } von { $seats }: { $players }
web-lobby-show-more = { $more } weitere von { $total } laufenden Partien zeigen
web-lobby-watch = Zusehen
web-lobby-game-loading = Eine Partie (wird geladen…)
web-lobby-waiting-players = wartet auf Spieler
web-lobby-finished = beendet
web-lobby-your-turn = Sie sind am Zug
web-lobby-waiting-for = wartet auf { $names }

## Raumoptionen und ihre Werte.
web-option-pair = { $name }: { $value }
web-option-standard = Standardregeln
web-option-none = keine
web-option-on = an
web-option-off = aus
web-option-yes = ja
web-option-no = nein
web-option-move-rule = Wie Steine gleiten
web-option-move-rule-line = Linienregel
web-option-move-rule-per-ray = Je Richtung
web-option-repetition = Dritte Wiederholung
web-option-repetition-on = ist remis
web-option-repetition-off = weiterspielen
web-option-setup = Aufstellung
web-option-setup-chosen = jede Seite stellt geheim auf
web-option-setup-random = zufällig verteilt
web-option-trap-victims = Eine von einer Falle zerstörte Figur
web-option-trap-victims-hidden = bleibt geheim
web-option-trap-victims-revealed = wird gezeigt
web-option-players = Spieler
web-option-solo = Solofarbe (fünf Spieler)
web-option-board = Brett
web-option-board-zigzag = Zickzack (spitze Ecken)
web-option-board-radius5 = Einfaches Sechseck
web-option-timer = Zugzeitnehmer
web-option-timer-hot = Heiß: 30 s pro Zug
web-option-timer-white-hot = Weißglut: weitergereichte Sanduhr
web-option-clock = Uhr
web-option-clock-5-3 = je 5 Minuten, +3 s pro Zug
web-option-clock-10-5 = je 10 Minuten, +5 s pro Zug
web-option-clock-30s-move = 30 s pro Zug
web-option-clock-1d-move = 1 Tag pro Zug
web-option-clock-3d-move = 3 Tage pro Zug (Fernpartie)
web-option-clock-bank = 10 Tage, +36 h pro Zug, höchstens 10 Tage (Fernpartie)
web-option-absent = Wenn ein Spieler fehlt
web-option-absent-wait = auf ihn warten
web-option-absent-claim = die anderen dürfen die Partie an ihrem Zug beanspruchen
web-option-absent-bot = ein Bot spielt für ihn, bis er zurückkommt
web-option-rated = Gewertet
web-option-rated-yes = ja: ändert die Wertungen (nur Konten, keine Bots)
web-option-first = Wer beginnt
web-option-first-seat = Platz { $seat }
web-option-chat = Chat
web-option-rated-bots = Bot-Konten in gewerteten Partien
web-option-spectators = Zuschauer
web-option-spectators-public = jeder darf zusehen
web-option-spectators-link = nur mit der Einladung
web-option-spectators-off = niemand bis zum Ende
web-option-spectator-delay = Zuschauer sehen die Partie
web-option-spectator-delay-live = live
web-option-spectator-delay-plies = { $count ->
    [one] { $count } Halbzug zurück
   *[other] { $count } Halbzüge zurück
}
web-option-weekends = Wochenenden
web-option-weekends-run = die Uhren laufen
web-option-weekends-pause = die Uhren stehen (UTC)

## Züge in Worten.
web-action-pass = passt
web-action-end-propose = schlägt vor, die Partie zu beenden
web-action-end-agree = stimmt dem Ende der Partie zu
web-action-end-refuse = lehnt das Ende der Partie ab
web-action-timeout = hat die Zeit überschritten
web-action-magma-enter = bringt eine Figur herein: { $path }
web-action-magma-remove = entfernt die Figur auf { $cell }
web-action-magnetism-magnet = setzt den Magneten auf { $cell }
web-action-magnetism-move = Magnet nach { $magnet }, Figur { $from }→{ $to }
web-action-magneton-slide = schiebt { $path }
web-action-magneton-drop = setzt auf { $cell }
web-action-magnet-setup = hat die Figuren aufgestellt
web-action-magnet-magnet = Magnet auf { $cell }
web-action-magnet-order = Figuren von { $cells } in dieser Reihenfolge
web-action-magnet-promote = befördert auf { $cells }

## Figuren und was ein Zug bewirkt hat.
web-piece-piece = Figur
web-piece-magnet = Magnet
web-piece-a-piece = eine Figur
web-piece-the-king = den König
web-piece-the-magnet = den Magneten
web-piece-a-trap = eine Falle { $value }
web-piece-a-kind = eine { $kind }
web-effect-place = { $piece } auf { $cell }
web-effect-place-side = { $piece } ({ $side }) auf { $cell }
web-effect-move-magnet = Magnet { $path }
web-effect-enter = herein { $path }
web-effect-push = { $from }→{ $to } gestoßen
web-effect-pull = { $from }→{ $to } gezogen
web-effect-capture = { $cell } schlug { $piece }
web-effect-trapped = { $cell }: { $piece } von einer Falle zerstört
web-effect-promote = { $cell } auf Rang { $rank } befördert
web-effect-remove = { $cell } entfernt
web-effect-remove-side = { $cell } entfernt ({ $side })
web-effect-line = Gewinnreihe { $cells }
web-effect-claim = { $side } nimmt { $count ->
    [one] { $count } Feld
   *[other] { $count } Felder
}

## Das Ende einer Partie.
web-end-no-result = Kein Ergebnis.
web-end-a-draw = Remis.
web-end-wins = { $count ->
    [one] { $won } gewinnt.
   *[other] { $won } gewinnen.
}
web-end-resigned = { $by } hat aufgegeben.
web-end-out-of-time = { $by } hat die Zeit der Raumuhr überschritten.
web-end-claimed = { $by } war an seinem Zug abwesend, also hat { $won } die Partie beansprucht.
web-end-claimed-others = { $by } war an seinem Zug abwesend, also haben die anderen die Partie beansprucht.
web-end-draw-agreed = Ein Remis wurde angeboten und angenommen: beide Seiten waren einverstanden.
web-end-aborted = { $by } hat die Partie abgebrochen, bevor jeder gezogen hatte: sie hat kein Ergebnis.
web-end-closed = { $owner } hat den Raum vor dem Beginn der Partie geschlossen.
web-end-closed-owner = Der Besitzer hat den Raum vor dem Beginn der Partie geschlossen.
web-end-abandoned = Alle Spieler blieben zu lange weg: die Partie wurde ohne Ergebnis aufgegeben.
web-end-expired = Niemand hat die Partie rechtzeitig begonnen: der Raum ist abgelaufen.
web-end-four-in-a-row = { $won } hat vier in einer Reihe, vom magnetischen Effekt in Position gebracht.
web-end-all-far-row = { $won } hat alle { $count } Figuren auf die letzte Reihe gebracht.
web-end-ahead-far-row = { $won } ging auf der letzten Reihe in Führung, { $ahead } zu { $behind }, und der eine Zug von { $lost } danach glich nicht aus.
web-end-cannot-move = { $lost } konnte keinen vollständigen Zug machen.
web-end-king-captured = { $won } hat den König von { $lost } geschlagen.
web-end-king-trapped = Der König von { $lost } hat eine Falle geschlagen und wurde mit ihr zerstört.
web-end-king-centre = Der König von { $won } stand einen ganzen Zug lang im Zentrum.
web-end-two-king-race = Nur die beiden Könige waren übrig, und der König von { $won } erreichte zuerst das Zentrum.
web-end-repetition = Dieselbe Stellung kam ein drittes Mal: Remis.
web-end-neither-can-move = Keine Seite konnte ziehen: Remis.
web-end-agreed = Beide Seiten haben sich auf Remis geeinigt.
web-end-all-passed = Alle haben nacheinander gepasst, also wurde die Partie gewertet.
web-end-agreed-end = Alle waren einverstanden, die Partie zu beenden, also wurde sie gewertet.
web-end-scores = Punkte: { $scores }.
web-end-out = (ausgeschieden)
web-end-tie-goes-to = Die besten Punktzahlen waren gleich; { $color } zog zuletzt und gewinnt den Gleichstand.
web-end-tie-draw = Die besten Punktzahlen waren gleich, und keine gleichauf liegende Farbe hat gezogen: Remis.

## Das Feld, in das man einen Zug tippen kann.
web-typed-hint-magneton = z. B. D4, oder D4-D6, sobald die Hände leer sind
web-typed-hint-magnetism = z. B. magnet g3, dann (f5) j1-g4
web-typed-hint-magnet = z. B. F6, oder F6 E5,G6 für eine Reihenfolge
web-typed-hint-magma = z. B. e3-e5, enter d10, oder pass

## Uhren.
web-clock-for-you = für Sie
web-clock-for-seat = für { $seat }
web-clock-left = noch { $time } { $whom }
web-clock-stale = (nicht live: wartet auf den Server)
web-clock-stale-title = nicht live: diese Uhr steht, bis die Verbindung zurück ist
web-clock-turn = Zug { $time }
web-clock-days-hours = { $days } T { $hours } h

## Plätze.
web-seat-stand-in = ⚙ ein Bot spielt für ihn
web-seat-stand-in-title = zu lange weg: ein Bot spielt diesen Platz, bis er zurückkommt
web-seat-connected = verbunden
web-seat-not-connected = nicht verbunden
web-seat-online = ● online
web-seat-away = ○ weg
web-seat-absent = ○ abwesend
web-seat-nobody = niemand
web-seat-the-seat = der Platz ({ $color })

## Bot-Konten.
web-bot-made = Dieses Konto ist jetzt ein Bot-Konto.
web-bot-make-sure = Ja, endgültig zu einem Bot-Konto machen
web-bot-explain = Ein Programm kann mit diesem Konto spielen (docs/bots.md), sobald es ein Bot-Konto ist: es wird überall als Bot gezeigt und spielt gegen Menschen in gewerteten Partien nur, wo ein Raum es erlaubt. Das lässt sich nicht rückgängig machen, und ein Konto mit gewerteten Partien kann keines werden.
web-bot-make = Dieses Konto zu einem Bot-Konto machen…
web-bot-is-bot = Dies ist ein Bot-Konto: sein Programm meldet sich mit einem API-Token statt des Passworts.
web-bot-token-made = erstellt am { $date }
web-bot-token-revoked = Das Token { $label } ist widerrufen.
web-bot-revoke = Widerrufen
web-bot-no-tokens = Noch keine API-Tokens.
web-bot-token-name = Name eines neuen Tokens
web-bot-make-token = Token erstellen
web-bot-token-shown = Das Token { $label }, nur jetzt gezeigt:
web-bot-unavailable = Die Bot-Einstellungen sind gerade nicht verfügbar.
web-bot-account = Bot-Konto

## Urlaub.
web-vacation-tag = im Urlaub bis { $until }
web-vacation-tag-title = Die Uhren der Fernpartien stehen währenddessen.
web-vacation-placeholder = Zurück am 12.
web-vacation-take = In Urlaub gehen
web-vacation-end = Jetzt zurückkommen
web-vacation-taken = Die Uhren Ihrer Fernpartien stehen, bis Sie zurück sind.
web-vacation-days = Tage
web-vacation-message = Nachricht an Ihre Gegner
web-vacation = Urlaub
web-vacation-hint = Im Urlaub stehen Ihre Uhren in Fernpartien (ein Tag oder mehr pro Zug); Ihre Gegner sehen, bis wann.
web-vacation-days-left = Noch { $left } von { $total } Urlaubstagen in diesem Jahr.
web-vacation-on-until = Im Urlaub bis { $until }. { $left }
web-vacation-back = Willkommen zurück: Ihre Uhren laufen wieder.

## Benachrichtigungen, Partien, in denen Sie am Zug sind, die Seite offline.
web-notify-unsupported = Dieser Browser kann keine Benachrichtigungen empfangen (auf einem iPhone zuerst Lodestone zum Home-Bildschirm hinzufügen).
web-notify-blocked = Benachrichtigungen sind für diese Seite blockiert: erlauben Sie sie in den Einstellungen des Browsers.
web-notify-no-key = Der Server hat keinen Push-Schlüssel (HTTP { $status }).
web-notify-me = Benachrichtigen, wenn ich am Zug bin
web-notify-on = Benachrichtigungen an (dieses Gerät)
web-notify-enabled = Dieses Gerät wird benachrichtigt, wenn Sie am Zug sind.
web-turns-your-move = { $count ->
    [one] Sie sind in { $count } Partie am Zug
   *[other] Sie sind in { $count } Partien am Zug
}
web-turns-next = Nächste: { $game }
web-offline = Sie sind offline.
web-offline-games = Die Partien wie zuletzt gesehen (nur lesbar, bis das Netz zurück ist):
web-offline-your-move-since = { $game }: Sie sind am Zug seit { $since }
web-offline-other = Eine Partie, die auf einen anderen Spieler wartet

## Konten, Spielerseiten und Bestenlisten.
web-key-magma-players = { $game }, { $count } Spieler
web-server-answered = Der Server antwortete { $status }.
web-rating-provisional = { $rating } (vorläufig)
web-account-give-both = Geben Sie einen Namen und ein Passwort an (8 bis 128 Zeichen).
web-account-registered = Sie sind jetzt das Konto { $name }: melden Sie sich damit auf einem anderen Gerät an.
web-account-welcome-back = Willkommen zurück, { $name }.
web-account-optional = Freiwillig: ein Konto bewahrt Ihre Partien und Wertungen auf jedem Gerät. Keine E-Mail nötig.
web-account-name = Kontoname
web-account-password = Passwort
web-account-login = Anmelden
web-account-register = Diesen Gast zu einem Konto machen
web-account-status = Konto
web-account-your-page = Ihre Seite
web-account-unavailable = Konten sind gerade nicht verfügbar.
web-account = Konto
web-account-leaderboards = Bestenlisten:
web-player-you = Sie
web-player-safety = Sicherheit und meine Daten
web-player-block-or-report = Blockieren oder melden
web-player-unblock = { $name } nicht mehr blockieren
web-player-block = { $name } blockieren
web-player-report = { $name } melden
web-player-loading = Der Spieler wird geladen…
web-player-game = Spiel
web-player-rating = Wertung
web-player-rated-games = Gewertete Partien
web-player-no-rated = Noch keine gewerteten Partien.
web-player-recent-result = { $game }: { $result }
web-player-rated = (gewertet)
web-player-no-finished = Noch keine beendeten Partien.
web-back-to-lobby = ← Lobby
web-player-bot-account = Ein Bot-Konto: ein Programm spielt es.
web-player-computer = Ein Computerspieler.
web-player-account = Ein Konto.
web-player-guest = Ein Gast.
web-player-ratings = Wertungen
web-player-rating-explained = Eine Wertung ist die Spielstärke-Schätzung minus das Dreifache ihrer Unsicherheit (Weng-Lin); vorläufig bis zu fünf gewerteten Partien.
web-player-recent = Letzte Partien
web-leaderboard-loading = Die Bestenliste wird geladen…
web-leaderboard = Bestenliste: { $game }
web-leaderboard-player = Spieler
web-leaderboard-bot = Bot
web-leaderboard-empty = Noch niemand hat eine gewertete Partie dieser Art gespielt.
web-default-name = Gast { $number }

## Die Bretter: ihre Namen, jedes Feld, wie ein Bildschirmleser es sagt,
## die Tafeln daneben. $side ist eine Farbe des Protokolls (white, black,
## red, blue, yellow): danach richtet sich die Endung.
web-board-magneton = Magneton-Brett
web-board-magnetism = Magnetism-Brett
web-board-magnet = Magnet-Brett
web-board-magma = Magma-Brett
web-color-letter = { $side ->
    [white] W
    [black] S
    [red] R
    [blue] B
   *[yellow] G
}
web-magnet-letter = M
web-cell-empty = { $cell }, leer
web-cell-magneton-stone = { $cell }, { $side ->
    [white] weißer
   *[black] schwarzer
} Stein
web-cell-magnetism-piece = { $cell }, { $side ->
    [white] weiße
   *[black] schwarze
} Figur
web-cell-magnetism-magnet = { $cell }, { $side ->
    [white] weißer
   *[black] schwarzer
} Magnet
web-cell-magma-piece = { $cell }, { $side ->
    [red] rote
    [blue] blaue
   *[yellow] gelbe
} Figur
web-cell-magma-home = { $cell }, Heimfeld von { $who }
web-cell-magnet-piece = { $cell }, { $kind ->
    [hidden] verdeckte { $side ->
        [red] rote
       *[blue] blaue
    } Figur
    [king] { $side ->
        [red] roter
       *[blue] blauer
    } König
    [trap] { $side ->
        [red] rote
       *[blue] blaue
    } Falle { $value }
   *[value] { $side ->
        [red] rote
       *[blue] blaue
    } { $value }
}, Rang { $rank }
web-cell-magnet-arranging = { $cell }, { $kind ->
    [king] Ihr König
    [trap] Ihre Falle { $value }
   *[value] Ihre { $value }
} (wird aufgestellt)

## Was der letzte Zug tat, an den Namen jedes Felds angehängt, für
## Bildschirmleser ($piece ist eine der beiden Meldungen gleich darunter).
web-fx-piece = { $kind ->
    [stone] ein Stein
    [magnet] ein Magnet
    [king] ein König
    [trap] eine Falle { $value }
    [value] eine { $value }
   *[piece] eine Figur
}
web-fx-piece-side = { $kind ->
    [stone] ein { $side ->
        [white] weißer
        [black] schwarzer
        [red] roter
        [blue] blauer
       *[yellow] gelber
    } Stein
    [magnet] ein { $side ->
        [white] weißer
        [black] schwarzer
        [red] roter
        [blue] blauer
       *[yellow] gelber
    } Magnet
    [king] ein { $side ->
        [white] weißer
        [black] schwarzer
        [red] roter
        [blue] blauer
       *[yellow] gelber
    } König
    [trap] eine { $side ->
        [white] weiße
        [black] schwarze
        [red] rote
        [blue] blaue
       *[yellow] gelbe
    } Falle { $value }
    [value] eine { $side ->
        [white] weiße
        [black] schwarze
        [red] rote
        [blue] blaue
       *[yellow] gelbe
    } { $value }
   *[piece] eine { $side ->
        [white] weiße
        [black] schwarze
        [red] rote
        [blue] blaue
       *[yellow] gelbe
    } Figur
}
web-fx-placed = { $piece } wurde gerade hier gesetzt
web-fx-left = { $piece } hat dieses Feld gerade Richtung { $to } verlassen
web-fx-entered-through = { $piece } ist gerade hier hereingekommen
web-fx-passed = { $piece } ist hier durchgezogen
web-fx-moved-here = { $piece } ist gerade von { $from } hierher gezogen
web-fx-entered-here = { $piece } ist gerade über das Heimfeld { $home } hierher gekommen
web-fx-pushed-away = { $piece } wurde gerade von hier nach { $to } weggestoßen
web-fx-pulled-away = { $piece } wurde gerade von hier nach { $to } gezogen
web-fx-pushed-here = { $piece } wurde gerade von { $from } hierher gestoßen
web-fx-pulled-here = { $piece } wurde gerade von { $from } hierher gezogen
web-fx-captured = { $piece } wurde gerade hier geschlagen
web-fx-trapped = { $piece } wurde gerade hier von der Falle zerstört, die es geschlagen hat
web-fx-promoted = die Figur hier wurde gerade auf Rang { $rank } befördert
web-fx-removed = { $piece } wurde gerade von hier entfernt
web-fx-claimed = beansprucht von { $color }
web-fx-line = Teil der Gewinnreihe von { $color }
web-fx-cell = { $cell }; letzter Zug: { $notes }

## Die Tafel von Magneton.
web-magneton-hands-label = Steine in der Hand
web-magneton-in-hand = In der Hand
web-magneton-hands = Weiß (W): { $white } · Schwarz (S): { $black }
web-magneton-pass = Passen (kein Zug möglich)
web-magneton-drop-hint = Setzphase: Tippen Sie auf ein leeres Feld.
web-magneton-move-hint = Zugphase: Tippen Sie auf einen Stein, dann auf das Feld, zu dem er gleitet.

## Die Tafel von Magnetism.
web-magnetism-magnets = Magnete
web-magnetism-heading = Magnete und Wettlauf
web-magnetism-magnet-on = { $side ->
    [white] weißer
   *[black] schwarzer
} Magnet auf { $cell }
web-magnetism-magnet-secret = { $side ->
    [white] Weiß
   *[black] Schwarz
} hat den Magneten gesetzt (geheim)
web-magnetism-magnet-not-yet = { $side ->
    [white] weißer
   *[black] schwarzer
} Magnet noch nicht gesetzt
web-magnetism-race = Auf der gegnerischen Grundreihe: Weiß { $white }, Schwarz { $black } (von 12)
web-magnetism-opening-hint = Geheime Eröffnung: Tippen Sie auf das Feld für Ihren Magneten (in Ihrer Hälfte, nicht auf Ihrer Grundreihe).
web-magnetism-move-hint = Ein Zug: Tippen Sie auf das neue Feld des Magneten (◆), dann auf eine Ihrer Figuren, dann auf ihr Ziel.

## Die Tafel von Magnet: einen Zug wählen, die Aufstellung, die Figuren außerhalb.
## $kind und $value wie in web-cell-magnet-piece.
web-magnet-kind = { $kind ->
    [king] König
    [trap] Falle { $value }
   *[value] { $value }
}
web-magnet-your-move = { $kind ->
    [king] Ihr König
    [trap] Ihre Falle { $value }
   *[value] Ihre { $value }
} { $from }→{ $to }
web-magnet-your-stays = { $kind ->
    [king] Ihr König
    [trap] Ihre Falle { $value }
   *[value] Ihre { $value }
} { $from } (bleibt stehen)
web-magnet-then = { $before }, dann { $after }
web-magnet-summary = Magnet auf { $cell }: { $moves }. Gegnerische Figuren auf dem Weg werden geschlagen (eine Falle zerstört die Figur, die sie schlägt).
web-magnet-summary-none = Magnet auf { $cell }.
web-magnet-promote = Befördern (die Figur steigt einen Rang: von nun an ein Schritt mehr)
web-magnet-promote-piece = { $kind ->
    [king] Ihr König
    [trap] Ihre Falle { $value }
   *[value] Ihre { $value }
} mit Ziel { $cell }, Rang { $rank } → { $next }
web-magnet-promote-unknown = die Figur mit Ziel { $cell }
web-magnet-order-opening = Welche Figur zieht (der Eröffnungszug bewegt nur eine)
web-magnet-order-first = Welche Figur zuerst zieht
web-magnet-usual-order = { $moves } (die übliche Reihenfolge, Linie für Linie)
web-magnet-waiting-setups = Warten auf die Aufstellungen (jede Seite stellt ihre Figuren geheim auf).
web-magnet-arrange = Stellen Sie Ihre Figuren auf: Tippen Sie auf zwei, um sie zu tauschen. Niemand sonst sieht sie; dieser Browser behält Ihre Aufstellung, bis Sie sie bestätigen.
web-magnet-shuffle = Mischen
web-magnet-confirm-setup = Aufstellung bestätigen
web-magnet-off-label = Figuren außerhalb des Bretts
web-magnet-off = Außerhalb des Bretts
web-magnet-losses = { $name } ({ $color }): { $losses }
web-magnet-lost = durch Schlagen verloren: { $kinds }
web-magnet-lost-nothing = nichts durch Schlagen verloren
web-magnet-destroyed = { $lost }; { $count } durch Fallen zerstört
web-magnet-destroyed-which = { $lost }; { $count } durch Fallen zerstört ({ $kinds })
web-magnet-hint = Rote Figuren sind rund, blaue eckig. Eine Figur zeigt ihre Art (K König, 2–4 ihr Wert, T2/T3 eine Falle, ? verdeckt) und nach einer Beförderung einen Punkt pro Rang: so viele Schritte zieht der Magnet sie.

## Die Tafel von Magma.
web-magma-pass = Passen
web-magma-end-propose = Ende der Partie vorschlagen
web-magma-end-agree = Dem Ende zustimmen
web-magma-end-refuse = Ablehnen (weiterspielen)
web-magma-scores = Punkte
web-magma-final-scores = Endstand
web-magma-scores-now = Punkte jetzt
web-magma-in-hand = In der Hand: { $hands }
web-magma-hand = { $name } { $count }
web-magma-passes = Pässe in Folge: { $count }
web-magma-vote = { $who } schlägt vor, die Partie zu beenden; wartet auf { $names }.
web-magma-penalty = { $who } hat die Zeit überschritten: { $chooser } entfernt eine { $side ->
    [red] rote
    [blue] blaue
   *[yellow] gelbe
} Figur.
web-magma-agreed = Alle haben zugestimmt, die Partie zu beenden.
web-magma-score-hint = Die Punkte einer Farbe: ihre Figuren auf dem Brett + 3 × die leeren Felder, die nur diese Farbe noch erreichen kann.
web-magma-colour = Farbe
web-magma-pieces = Figuren
web-magma-cells = Felder ×3
web-magma-total = Summe

## Spielregeln: die Regeln jedes Spiels in Kürze (das Fenster aus der Lobby und dem Raum).
web-rules-button = Spielregeln
web-rules-title = So spielt man { $game }
web-rules-close = Schließen
web-rules-none = Für { $game } gibt es noch keine Zusammenfassung.
web-rules-hint = Das sind die Regeln in Kürze; der vollständige Text, mit jeder unserer Entscheidungen, steht in docs/rules des Projekts.
web-rules-a-turn = Ein Zug
web-rules-winning = Gewinnen
## Magneton.
web-rules-magneton-lead = Zwei Spieler, Weiß und Schwarz, je zwölf Steine, auf einem 8×8-Brett. Bilden Sie eine Viererreihe, nachdem die Steine angezogen und abgestoßen wurden.
web-rules-magneton-turn-drop = Solange Sie Steine in der Hand haben, setzen Sie einen auf ein beliebiges leeres Feld. Sind beide Hände leer, schieben Sie stattdessen einen Ihrer Steine.
web-rules-magneton-turn-magnet = Ab dem dritten Stein wirkt der gesetzte (oder geschobene) Stein als Magnet entlang der acht Linien, die von ihm ausgehen, auf den nächsten Stein jeder Linie: ein gegnerischer Stein wird direkt neben ihn gezogen; ein eigener wird weggestoßen, bis er auf einen Stein oder den Rand trifft.
web-rules-magneton-figure-drop = Weiß setzt einen Stein auf D4: der eigene Stein auf D6 wird bis D8 weggestoßen; der schwarze Stein auf F4 wird direkt daneben gezogen, nach E4.
web-rules-magneton-slide = Schieben (wenn die Hände leer sind)
web-rules-magneton-slide-text = Schauen Sie entlang jeder Linie durch Ihren Stein. Liegt nur auf einer Seite dieser Linie ein Stein, dürfen Sie schieben: auf einen gegnerischen Stein zu, bis Sie ihn berühren, oder von Ihrem eigenen Stein weg bis zum Rand. (Die Option „Je Richtung“ beurteilt jede der acht Richtungen für sich.)
web-rules-magneton-win-text = Vier oder mehr Steine einer Farbe in einer Reihe (waagrecht, senkrecht oder diagonal) gewinnen, aber nur, wenn die magnetische Wirkung dieses Zugs mindestens einen von ihnen bewegt hat. Die Reihe gewinnt für ihren Besitzer, auch wenn sie im Zug des Gegners entstanden ist: achten Sie darauf, was Ihr Anziehen bewirkt!
web-rules-magneton-figure-win = Schwarz setzt auf C3 und zieht den weißen Stein von C6 herunter nach C4 und den von H3 herüber nach D3: Weiß hat nun F1–E2–D3–C4 und gewinnt.
web-rules-magneton-draws = Remis
web-rules-magneton-draws-text = Kehrt dieselbe Stellung zum dritten Mal wieder oder kann keiner der Spieler ziehen, endet die Partie remis. Wer nicht ziehen kann, muss passen.
## Magnetism.
web-rules-magnetism-lead = Zwei Spieler lassen ihre zwölf Figuren um die Wette zur anderen Seite eines 12×8-Bretts laufen, bewegt nur von ihrem eigenen Magneten.
web-rules-magnetism-opening = Die geheime Eröffnung
web-rules-magnetism-opening-text = Jeder Spieler setzt zuerst geheim einen Magneten, in die eigene Hälfte und nicht auf die eigene Grundreihe (Weiß: Reihen 2–4, Schwarz: Reihen 5–7). Beide werden zusammen aufgedeckt; dann zieht Weiß.
web-rules-magnetism-move = Ein Zug: zwei Teile, beide Pflicht
web-rules-magnetism-move-magnet = Ihr Magnet zieht wie eine Dame im Schach, nur über leere Felder.
web-rules-magnetism-move-piece = Dann wird eine Ihrer Figuren, die auf einer Linie mit dem neuen Feld des Magneten steht, entlang dieser Linie über leere Felder zu ihm hingezogen oder von ihm weggestoßen. Das Feld, das der Magnet gerade verlassen hat, zählt als leer.
web-rules-magnetism-figure-move = Der Zug von Weiß (f5) j1-g4: der Magnet geht von g4 nach f5 und zieht dann die Figur auf j1 die Diagonale hinauf nach g4.
web-rules-magnetism-blocks = Der gegnerische Magnet blockiert das Ziehen und Stoßen Ihres Magneten; Figuren tun das nicht.
web-rules-magnetism-win-text = Zählen Sie Ihre Figuren auf der gegnerischen Grundreihe. Bringt Sie ein Zug in Führung, hat Ihr Gegner genau einen Zug zum Ausgleich; gelingt er nicht, gewinnen Sie. Alle zwölf drüben gewinnen sofort. Wer keinen ganzen Zug machen kann, verliert; die dritte Wiederholung einer Stellung ist remis.
## Magnet (K, T2, T3 und die Felder sind Notation: sie bleiben).
web-rules-magnet-lead = Zwei Spieler, Rot und Blau, mit je zwölf verdeckten Figuren auf den 91 Punkten eines Sechsecks. Schlagen Sie den gegnerischen König, oder bringen Sie Ihren eigenen König ins Zentrum und halten Sie ihn dort einen Zug lang.
web-rules-magnet-pieces = Figuren
web-rules-magnet-king = K: der König (Wert 1). Schlagen Sie den des Gegners, und Sie gewinnen.
web-rules-magnet-values = 2, 3, 4: gewöhnliche Figuren dieses Werts.
web-rules-magnet-traps = T2, T3: Fallen. Eine Figur, die eine Falle schlägt, wird ebenfalls entfernt (ein König, der das tut, verliert).
web-rules-magnet-rank = Rang: wie viele Schritte eine Figur zieht. Er beginnt bei 1 und steigt jedes Mal um eins, wenn Sie die Figur nach einem Zug befördern, bis zu ihrem Wert. Die Punkte unter einer Figur zeigen ihn.
web-rules-magnet-hidden = Sie sehen die Art Ihrer eigenen Figuren; die des Gegners sehen Sie nur als „?“ mit ihrem Rang, bis sie geschlagen werden.
web-rules-magnet-figure-start = Der Anfang aus Sicht von Rot: die roten Figuren an der linken und oberen Kante mit ihrer Art, die blauen verdeckt unten und rechts. Der Stern markiert das Zentrum, F6.
web-rules-magnet-turn-text = Setzen Sie den Magneten auf einen beliebigen Punkt. Auf jeder der sechs Linien, die von ihm ausgehen, wird Ihre nächste Figur um bis zu ihren Rang zu ihm hingezogen und hält auf dem Punkt des Magneten oder vor einer Ihrer eigenen Figuren. Gegnerische Figuren blockieren nicht: jede gegnerische Figur, die Ihre Figur überquert oder auf der sie landet, wird geschlagen.
web-rules-magnet-turn-order = Werden mehrere Figuren gezogen, dürfen Sie ihre Reihenfolge wählen; der Client beschreibt die Reihenfolgen, die verschieden enden, in Worten. Nach dem Zug darf jede bewegte Figur befördert werden. Der allererste Zug von Rot bewegt nur eine Figur.
web-rules-magnet-win-text = Schlagen Sie den gegnerischen König; oder beginnen Sie Ihren Zug mit Ihrem König auf dem Zentrum F6. Sind nur noch die beiden Könige übrig, gewinnt, wer zuerst das Zentrum erreicht. Die dritte Wiederholung ist remis.
web-rules-magnet-setup = Aufstellung
web-rules-magnet-setup-text = Vor dem Spiel stellt jede Seite ihre zwölf Figuren geheim auf ihre Startpunkte (oder sie werden mit der Zufallsoption verteilt).
## Magma (die Buchstaben der Farben wie in web-color-letter).
web-rules-magma-lead = Zwei bis sechs Spieler (bei vier oder sechs in Farbteams) bringen Figuren über ihre Heimecken ins Spiel und breiten sich aus. Die Farbe mit den meisten Figuren und eigenem Gebiet gewinnt.
web-rules-magma-turn = Ein Zug: eins davon
web-rules-magma-turn-step = eine Figur Ihrer Farbe auf ein leeres Nachbarfeld ziehen,
web-rules-magma-turn-jump = oder sie über eine benachbarte Figur Ihrer Farbe auf das leere Feld direkt dahinter springen lassen, so oft Sie wollen in einem Zug,
web-rules-magma-turn-enter = oder eine Figur über Ihr Heimfeld (⌂) hereinbringen: darauf, wenn es leer ist, oder über Ihre eigene Figur dort springend,
web-rules-magma-turn-pass = oder passen.
web-rules-magma-figure-board = Das Zickzack-Brett. Die sechs Ecken sind die Heimfelder (⌂ mit dem Buchstaben der Farbe: R Rot, B Blau, G Gelb); im Spiel zu zweit beginnt Rot auf d10 und Blau auf j1.
web-rules-magma-end = Das Ende
web-rules-magma-end-text = Die Partie endet, wenn alle nacheinander passen oder wenn alle zustimmen, sie zu beenden: statt zu ziehen, darf der Spieler am Zug das Ende vorschlagen, und alle anderen antworten ja oder nein.
web-rules-magma-scoring = Die Wertung
web-rules-magma-scoring-text = Jede Farbe zählt ihre Figuren auf dem Brett plus 3 für jedes leere Feld, das nur sie noch mit einer Figur erreichen könnte. Bei Gleichstand gewinnt die gleichauf liegende Farbe, die zuletzt gezogen hat.
web-rules-magma-hot = Heiß und Weißglut
web-rules-magma-hot-text = Mit Zeitnehmer hat ein Zug 30 Sekunden (Weißglut: eine weitergereichte Sanduhr, sodass ein schneller Zug dem nächsten Spieler weniger lässt). Wer die Zeit überschreitet, verliert den Zug, und der Spieler davor entfernt eine seiner Figuren.

## Die Moderationskonsole (#/console). Status, Rollen und Arten kommen als
## Codes und werden danach gewählt ($status, $role, $kind); die Aktionsnamen
## des Prüfprotokolls bleiben Codes.
web-console = Moderationskonsole
web-console-asking = Der Server prüft, wer Sie sind…
web-console-not-for-you = Diese Seite ist für Moderatoren und Administratoren.
web-console-you-admin = Sie sind Administrator.
web-console-you-moderator = Sie sind Moderator.
web-console-reason = Grund für Maßnahmen
web-console-reason-placeholder = warum (wird im Prüfprotokoll gespeichert)
web-console-write-reason = Schreiben Sie zuerst einen Grund (das Feld oben).
web-console-refresh = Aktualisieren
web-console-lookup = Verlauf eines Spielers (Name oder ID)
web-console-show = Anzeigen
web-console-none = keine
web-console-action = Maßnahme
web-console-action-none = keine Maßnahme
web-console-action-timeout-10 = Chatsperre, 10 Minuten
web-console-action-timeout-60 = Chatsperre, 1 Stunde
web-console-action-timeout-1440 = Chatsperre, 24 Stunden
web-console-action-ban-1440 = Sperre für einen Tag
web-console-action-ban-10080 = Sperre für eine Woche
web-console-action-ban-forever = dauerhafte Sperre
web-console-action-close = den Raum schließen
web-console-kind = { $kind ->
    [ban] Sperre
    [timeout] Chatsperre
   *[rated_ban] keine gewerteten Partien
}
web-console-timeout-given = Chatsperre verhängt.
web-console-ban-given = Sperre verhängt.
web-console-address-banned = Adresse gesperrt.
web-console-room-closed = Raum geschlossen.
web-console-col-room = Raum
web-console-col-game = Spiel
web-console-col-status = Status
web-console-col-players = Spieler
web-console-col-listed = Gelistet
web-console-col-act = Handeln
web-console-col-name = Name
web-console-col-address = Adresse
web-console-col-connections = Verbindungen
web-console-col-kind = Art
web-console-col-whom = Wen
web-console-col-where = Wo
web-console-col-reason = Grund
web-console-col-until = Bis
web-console-col-result = Ergebnis
web-console-col-rated = Gewertet
web-console-col-ended = Beendet
web-console-col-when = Wann
web-console-col-by = Von
web-console-col-about = Über
web-console-col-given = Verhängt
web-console-col-who = Wer
web-console-col-action = Aktion
web-console-col-detail = Einzelheiten
web-console-col-how = Wie
web-console-live = Live auf diesem Knoten
web-console-rooms = Räume im Speicher
web-console-online = Menschen online
web-console-room-status = { $status ->
    [open] offen
    [playing] läuft
    [finished] beendet
   *[closed] geschlossen
}
web-console-public = öffentlich
web-console-private = privat
web-console-close-room = Raum { $room } schließen
web-console-close = Schließen
web-console-history-title = Verlauf von { $name }
web-console-reports-waiting = Wartende Meldungen ({ $count })
web-console-no-reports = Keine Meldung wartet.
web-console-report = { $status } { $when }: { $reporter } meldet { $player }: „{ $reason }“
web-console-report-status = { $status ->
    [open] offen
    [taken] übernommen
    [resolved] erledigt
   *[dismissed] verworfen
}
web-console-context = Zusammenhang: ein { $game }-Raum
web-console-context-room = Raum { $room }
web-console-line-from = { $name }:
web-console-taken-by = Übernommen von { $name }
web-console-taken-by-note = Übernommen von { $name } — { $note }
web-console-take = Übernehmen
web-console-report-taken = Meldung übernommen.
web-console-note = Notiz
web-console-note-placeholder = was getan wurde und warum
web-console-write-note = Schreiben Sie zuerst eine Notiz.
web-console-resolve = Erledigen
web-console-dismiss = Verwerfen
web-console-report-reason = Meldung: { $reason }; { $note }
web-console-report-resolved = Meldung erledigt.
web-console-report-dismissed = Meldung verworfen.
web-console-in-force = Geltende Chat- und andere Sperren
web-console-sanctions = Sanktionen
web-console-everywhere = überall
web-console-for-good = dauerhaft
web-console-lift-label = { $kind ->
    [ban] Sperre
    [timeout] Chatsperre
   *[rated_ban] Sperre für gewertete Partien
} von { $whom } aufheben
web-console-lift = Aufheben
web-console-lifted = Aufgehoben.
web-console-lifted-at = aufgehoben am { $when }
web-console-target-placeholder = Name, ID oder Adresse
web-console-give-target = Spieler oder Adresse
web-console-give-room = Raum (Chatsperren)
web-console-give = Verhängen
web-console-rename-to = Diesen Spieler umbenennen in
web-console-rename = Umbenennen
web-console-renamed = Umbenannt.
web-console-history = Verlauf von { $name }
web-console-file = { $account ->
    [yes] Konto
   *[no] Gast
}, { $role ->
    [player] Spieler
    [moderator] Moderator
   *[admin] Administrator
}, seit { $since }.
web-console-make-moderator = Zum Moderator machen
web-console-unmake-moderator = Als Moderator abberufen
web-console-role-changed = Rolle geändert.
web-console-games = Partien
web-console-reports-about = Meldungen über diese Person
web-console-reports-by = Meldungen dieser Person
web-console-actions-about = Maßnahmen zu dieser Person
web-console-the-host = der Host
web-console-left-games = Verlassene gewertete Partien
web-console-offense = { $kind ->
    [left] verlassen
    [aborted] abgebrochen
   *[other] { $kind }
}
web-console-audit = Prüfprotokoll (neueste)
web-console-export = Alles exportieren (JSON)
web-console-entries = Einträge
web-console-room-short = Raum { $room }

## Sicherheit und eigene Daten (#/safety), Blockieren und Melden.
web-safety-blocked = Sie blockieren { $name }: Sie sehen den Chat dieser Person nicht mehr, und Sie sitzen nie zusammen an einem Tisch.
web-safety-unblocked = Sie blockieren { $name } nicht mehr.
web-safety-report-title = { $name } den Moderatoren melden
web-safety-report-line = Zur Zeile: { $line }
web-safety-report-reason = Was nicht stimmt (die Moderatoren lesen es)
web-safety-report-send = Meldung senden
web-safety-report-sent = Ihre Meldung über { $name } liegt bei den Moderatoren.
web-safety-zen = Zen: jede Chatzeile vor mir verbergen
web-safety-mute = Die Zuschauer meiner Partien stummschalten (sie dürfen dort nicht chatten)
web-safety-zen-now = Zen: { $on ->
    [yes] an
   *[no] aus
}.
web-safety-mute-now = Zuschauer stumm: { $on ->
    [yes] an
   *[no] aus
}.
web-safety-blocks = Von mir blockierte Spieler
web-safety-unblock = Freigeben
web-safety-no-blocks = Sie blockieren niemanden. Blockieren Sie einen Spieler auf seiner Seite oder an einer seiner Chatzeilen.
web-safety-data = Meine Daten
web-safety-data-hint = Alles, was der Server über Sie speichert, als eine JSON-Datei.
web-safety-download = Meine Daten herunterladen (JSON)
web-safety-downloaded = Ihre Daten sind heruntergeladen.
web-safety-delete = Mein Konto löschen
web-safety-delete-hint = Ihre Partien bleiben, mit ersetztem Namen; Ihre Wertungen, Einstellungen und Blockierungen verschwinden. Das lässt sich nicht rückgängig machen.
web-safety-delete-start = Mein Konto löschen…
web-safety-delete-ask = Ihr Konto endgültig löschen?
web-safety-delete-password = Geben Sie zur Bestätigung Ihr Passwort ein.
web-safety-delete-guest = Sie spielen als Gast: dieser Gast und sein Name verschwinden, sofort.
web-safety-delete-yes = Ja, mein Konto löschen
web-safety-delete-no = Nein, behalten
web-safety-wrong-password = Das ist nicht Ihr Passwort: nichts wurde gelöscht.
web-safety-deleted = Ihr Konto ist gelöscht.
web-safety-deleted-back = Als neuer Gast zurück zur Lobby

## Die einbettbare Wiederholung (/embed/room/…), in Seiten anderer Websites.
web-embed-versus = { $before } gegen { $after }
web-embed-title = { $game }: { $players }
web-embed-title-end = { $game }: { $players } · { $result }
web-embed-at = Zug { $ply } von { $plies }
web-embed-page-title = { $game }-Wiederholung · Lodestone

## Turniere: die Liste, das Formular, um eines auszurichten, die Seite eines Turniers.
web-tournament-format-round-robin = Rundenturnier
web-tournament-format-swiss = Schweizer System
web-tournament-format-arena = Arena
web-tournament-format-magma = Magma-Turnier (Tische)
web-tournament-upcoming = Demnächst
web-tournament-running = Laufend
web-tournament-finished = Beendet
web-tournament-hours = { $hours } Std. { $minutes } Min.
web-tournament-minutes = { $minutes } Min. { $seconds } Sek.
web-tournament-default-name = Freitagsliga
web-tournament-name = Name
web-tournament-format = Modus
web-tournament-rounds = Runden (Schweizer System, Magma)
web-tournament-arena-minutes = Minuten (Arena)
web-tournament-table = Tisch (Magma)
web-tournament-bots = Computerspieler und Bot-Konten dürfen teilnehmen
web-tournament-private = Privat (auf Einladung)
web-tournament-create = Turnier erstellen
web-tournament-organize = Ein Turnier ausrichten
web-tournament-line = — { $game }, { $format }, { $count } Spieler, von { $organizer }
web-tournament-line-starts = — { $game }, { $format }, { $count } Spieler, von { $organizer }, Beginn { $date }
web-tournament-none = Keine.
web-tournament-bot-account = Ein Bot-Konto: ein Programm, das über das Protokoll spielt
web-tournament-computer = Computer
web-tournament-standings = Tabelle
web-tournament-rounds-heading = Runden
web-tournament-go-to-game = Zu Ihrer Partie
web-tournament-your-game = { $link } gegen { $names }
web-tournament-starts-in = Beginnt in { $time } ({ $date }).
web-tournament-starts-when-said = Beginnt, wenn der Veranstalter es sagt.
web-tournament-over = Dieses Turnier ist vorbei.
web-tournament-ends-in = Endet in { $time }.
web-tournament-waiting-ends-in = Warten auf Ihre nächste Partie. Endet in { $time }.
web-tournament-next-round-in = Nächste Runde spätestens in { $time }.
web-tournament-waiting-next-round = Warten auf die nächste Runde.
web-tournament-under-way = Im Gange.
web-tournament-status = { $status ->
    [upcoming] demnächst
    [running] läuft
   *[finished] beendet
}
web-tournament-about = { $format }, { $game } — { $status }. Ausgerichtet von { $organizer }.
web-tournament-about-rounds = { $format }, { $game } — { $status }, Runde { $round } von { $total }. Ausgerichtet von { $organizer }.
web-tournament-invite = Einladungslink: { $link }
web-tournament-join = Teilnehmen
web-tournament-come-back = Zurückkehren
web-tournament-leave = Abmelden
web-tournament-withdraw = Zurückziehen
web-tournament-start = Jetzt beginnen
web-tournament-add-bot = Einen Computerspieler hinzufügen
web-tournament-records = Alle Partieaufzeichnungen herunterladen
web-tournament-standings-caption = Tabelle, die Besten zuerst
web-tournament-col-place = #
web-tournament-col-place-long = Platz
web-tournament-col-points = Pkt.
web-tournament-col-points-long = Punkte
web-tournament-col-performance = Perf.
web-tournament-col-performance-long = Performance
web-tournament-col-buchholz = Bh
web-tournament-col-buchholz-long = Buchholz
web-tournament-col-streak = Serie
web-tournament-col-sb = SB
web-tournament-col-sb-long = Sonneborn-Berger
web-tournament-col-won = S
web-tournament-col-won-long = Siege
web-tournament-col-drawn = R
web-tournament-col-drawn-long = Remis
web-tournament-col-lost = N
web-tournament-col-lost-long = Niederlagen
web-tournament-on-fire = in Serie
web-tournament-nobody = Noch hat sich niemand angemeldet.
web-tournament-round = Runde { $number }
web-tournament-wave = Welle { $number }
web-tournament-bye = { $name }: spielfrei
web-tournament-scored = { $name } { $points }
web-tournament-no-show = { $player } (nicht erschienen)
web-tournament-versus = { $before } gegen { $after }
web-tournament-game-label = { $action }: { $players }
web-tournament-replay = Nachspielen
web-tournament-cannot-show = Dieses Turnier kann nicht angezeigt werden.

## Bot-Stufen.
web-bot-level-name = { $level ->
    [random] Zufall
    [greedy] Gierig
    [easy] Leicht
    [normal] Normal
    [hard] Schwer
   *[other] { $name }
}
web-bot-level-about = { $level ->
    [random] spielt irgendeinen regelgerechten Zug
    [greedy] nimmt den am besten aussehenden Zug, einen Zug voraus
    [easy] schaut kurz ein paar Züge voraus
    [normal] denkt etwa eine Viertelsekunde pro Zug
    [hard] denkt etwa eine Sekunde pro Zug
   *[other] { $description }
}

## Was jede Raumoption tut (das Formular für einen neuen Raum), nach ihrem Schlüssel.
web-option-help-move-rule = Linienregel: eine Linie durch den Stein erlaubt nur dann einen Zug, wenn eine ihrer Seiten leer ist; je Richtung: jede der acht Richtungen reagiert auf ihren nächsten Stein
web-option-help-repetition = an: das dritte Auftreten derselben Stellung (Figuren, Magnete, Seite am Zug) ist remis; aus: es wird weitergespielt
web-option-help-setup = jede Seite stellt ihre Figuren geheim auf, oder sie werden zufällig verteilt
web-option-help-trap-victims = ob die Art einer von einer Falle zerstörten Figur geheim bleibt oder wie bei einer geschlagenen Figur gezeigt wird
web-option-help-players = die Zahl der Spieler; zu viert und zu sechst wird in Farbteams gespielt, zu fünft gibt es einen Solospieler
web-option-help-solo = die Farbe des Solospielers im Spiel zu fünft (nur mit 5 Spielern)
web-option-help-board = Zickzack: 91 Felder mit spitzen Ecken mit zwei Nachbarn; einfaches Sechseck: das gewöhnliche sechseckige Brett
web-option-help-timer = heiß: 30 Sekunden pro Zug; Weißglut: eine weitergereichte Sanduhr (zuerst 15 s, dann 30 minus dem, was übrig war)
web-option-help-first = der Platz, der den ersten Zug macht
web-option-help-clock = die Uhr des Raums: keine; Minuten pro Spieler plus Sekunden, die nach jedem eigenen Zug hinzukommen (5+3); eine Zeit für jeden Zug (30 s pro Zug, oder 3 Tage pro Zug für Fernpartien); oder ein Zeitkonto für Fernpartien (10 Tage zu Beginn, 36 Stunden mehr nach jedem Zug, nie über 10 Tage); wessen Zeit abläuft, verliert (bei Magma mit mehr als zwei Spielern scheidet er aus)
web-option-help-absent = was geschieht, wenn ein Spieler länger als die Schonfrist fort ist (eine Minute; ein Tag bei einer Uhr von einem Tag oder mehr pro Zug): warten; die anderen dürfen die Partie beanspruchen, wenn der Abwesende am Zug ist (er verliert wie bei Zeitüberschreitung); oder ein Bot spielt für ihn, bis er zurückkommt
web-option-help-chat = der Chat des Raums: an, oder aus (niemand kann chatten; der Besitzer des Raums kann ihn jederzeit an- oder ausschalten)
web-option-help-rated = ob die Partie die Wertungen der Spieler ändert: ja nur, wenn jeder Platz von einem Konto besetzt ist (keine Gäste, keine Bots)
web-option-help-rated-bots = in einem gewerteten Raum, ob Bot-Konten (Programme, die über das Protokoll spielen) gegen Menschen spielen dürfen: nein, eine gewertete Partie ist nur zwischen Menschen oder nur zwischen Bots; ja, Bot-Konten dürfen mit Menschen am Tisch sitzen, und die Partie wird trotzdem gewertet
web-option-help-spectators = wer die Partie ohne Platz ansehen darf: jeder (der Raum steht unter den laufenden Partien); nur Menschen mit der Einladung des Raums; oder niemand, bis die Partie vorbei ist
web-option-help-spectator-delay = wie viele Halbzüge die Zuschauer hinter der laufenden Partie zurückliegen (0 bis 100; nach dem Ende sehen sie alles); 0, wenn nichts gewählt ist, aber in einer Magma-Partie mit Teams eine Runde von Zügen (die Zahl der Plätze)
web-option-help-weekends = ob die Uhren des Raums am Wochenende stehen: sie laufen, oder sie stehen, und von Samstag 00:00 bis Montag 00:00 UTC wird keine Zeit abgezogen (braucht eine Uhr)
web-option-help-berserk = ob ein Spieler vor seinem ersten Zug auf Berserk gehen darf: die Hälfte seiner Anfangszeit weg und kein Zuschlag, für einen Punkt mehr bei einem Arena-Sieg nach sieben eigenen Zügen; on braucht eine Uhr mit Zeitguthaben (5+3, bank:10d+36h)

## Der Raum.
web-room = Raum
web-room-invite-friend = Einen Freund einladen
web-room-type-move = Einen Zug tippen
web-room-play = Spielen
web-room-download-record = Partie herunterladen
web-room-moved-on = Die Partie ging weiter, bevor Ihr Zug ankam: er wurde nicht gespielt.
web-room-moves = Züge
web-room-not-legal = „{ $move }“ ist gerade keiner Ihrer erlaubten Züge.
web-room-no-record = Die Partie ist nicht verfügbar (HTTP { $status }).
web-room-private = privat
web-room-invite-link = Einladungslink:
web-room-link-copied = Link kopiert.
web-room-copy = Kopieren
web-room-closed = Dieser Raum ist geschlossen.
web-room-back-to-lobby = Zurück zur Lobby
web-room-board-later = Das Brett erscheint, wenn die Partie beginnt.
web-room-secret-action = hat eine geheime Aktion gespielt
web-room-last-move = Letzter Zug: { $who } { $what }.
web-room-no-such-room = Diesen Raum gibt es nicht.

## Die Plätze.
web-seats = Plätze
web-seat-plays-nth = { $color } · spielt als { $n }.
web-seat-team = Team { $n }
web-seat-free-mark = — frei —
web-seat-you = Sie
web-seat-bot = Bot
web-seat-owner = Besitzer
web-seat-to-act = ◀ am Zug
web-seat-sit = Hier setzen
web-seat-remove-bot = Bot entfernen
web-seat-kick-ask = Den Platz von { $name } freigeben? Zusehen kann er weiterhin.
web-seat-kick-yes = Platz freigeben
web-seat-kick = Platz freigeben
web-seat-bot-level = Wie stark ein Bot
web-seat-bot-level-option = { $name }: { $description }
web-seat-add-bot-title = Ein Computerspieler nimmt diesen Platz
web-seat-add-bot = Bot hinzufügen
web-seat-you-own = Dieser Raum gehört Ihnen.
web-seat-owns = Dieser Raum gehört { $name }.
web-seat-close-ask = Diesen Raum endgültig schließen? Alle darin verlieren ihren Platz.
web-seat-close-yes = Raum schließen
web-seat-close = Raum schließen
web-seat-leave = Platz verlassen
web-seat-start = Partie beginnen
web-seat-start-waiting = Beginnen (wartet auf jeden Platz)

## Vor einem Zug fragen.
web-confirm-loses = Dieser Zug verliert die Partie sofort.
web-confirm-allows-win = Nach diesem Zug kann Ihr Gegner sofort gewinnen.
web-confirm-play-it = Spielen
web-confirm-cancel = Abbrechen
web-confirm-play-anyway = Trotzdem spielen: { $move } ({ $action })?
web-confirm-play-this = Diesen Zug spielen: { $move } ({ $action })?
web-title-your-turn = ● Sie sind am Zug · { $game }

## Die Verbindung.
web-connection-lost-request = Die Verbindung ging verloren; die Anfrage ist vielleicht nicht angekommen.
web-connection-not-connected = Gerade nicht mit dem Server verbunden.

## Einen Zug auf dem Brett wählen.
web-pick-chosen = Gewählt: { $path }
web-pick-play = { $action } spielen
web-pick-cancel = Abbrechen (Esc)
web-board-whole = ⤢ Ganzes Brett
web-board-cannot-draw = Dieser Client kann { $game } noch nicht zeichnen; die Stellung ist:

## Der Tisch: wer am Zug ist, Angebote, Aufgeben, das Ende der Partie.
web-table-closed = Dieser Raum ist geschlossen.
web-table-closed-why = Dieser Raum ist geschlossen. { $why }
web-table-waiting-players = Warten auf Spieler: { $taken } von { $seats } Plätzen besetzt.
web-table-all-seated = Alle Plätze sind besetzt: jeder Spieler kann beginnen.
web-table-over = Die Partie ist vorbei.
web-table-end-proposed = { $who } schlägt vor, die Partie zu beenden. Sind Sie einverstanden?
web-table-end-agree = Dem Ende zustimmen
web-table-end-refuse = Ablehnen, weiterspielen
web-table-end-waiting = { $who } schlägt vor, die Partie zu beenden; wartet auf die Antwort von { $names }.
web-table-penalty-yours = { $who } hat die Zeit überschritten: tippen Sie eine der Figuren ({ $color }) an, um sie zu entfernen.
web-table-penalty-waiting = { $who } hat die Zeit überschritten; wartet, bis { $names } eine der Figuren ({ $color }) entfernt.
web-table-your-turn-together = Sie sind am Zug (die anderen wählen gleichzeitig).
web-table-your-turn = Sie sind am Zug.
web-table-waiting-for = Wartet auf { $names }.
web-table-watching-waiting-for = Sie sehen zu. Wartet auf { $names }.
web-table-draw-waits = Ihr Remisangebot wartet auf eine Antwort.
web-table-draw-offered = { $who } bietet Remis an.
web-table-draw-accept = Remis annehmen
web-table-decline = Ablehnen
web-table-offer-draw = Remis anbieten
web-table-resign-ask = Diese Partie aufgeben? Sie zählt als Niederlage.
web-table-resign = Aufgeben
web-table-berserk-ask = Berserk gehen? Die Hälfte Ihrer Anfangszeit geht verloren und Sie bekommen kein Inkrement mehr; ein Sieg zählt einen Punkt mehr.
web-table-berserk = Berserk
web-clock-berserk = Berserk
web-table-claim-ask = Die Partie beanspruchen? { $names } verliert wie bei Zeitüberschreitung.
web-table-claim-yes = Beanspruchen
web-table-claim = Die Partie beanspruchen
web-table-abort-ask = Diese Partie abbrechen? Sie endet ohne Ergebnis und der Raum schließt.
web-table-abort-yes = Partie abbrechen
web-table-abort = Abbrechen
web-table-rematch-played = Nach dieser Partie wurde eine Revanche gespielt.
web-table-rematch-go = Zur Revanche
web-table-rematch-proposed-by = { $who } schlägt eine Revanche vor.
web-table-rematch = Revanche
web-table-rematch-waiting = Revanche vorgeschlagen: wartet auf { $names }.
web-table-withdraw = Zurückziehen
web-table-rematch-accept = Revanche annehmen
web-table-you-win = Sie gewinnen!
web-table-you-lose = Sie verlieren.
web-table-game-over = Partie vorbei.
web-table-line-drawn = Die Gewinnreihe ist auf dem Brett eingezeichnet.
web-table-far-row-marked = Die Figuren des Gewinners auf der letzten Reihe sind auf dem Brett markiert.
web-table-in-record = In der Aufzeichnung: { $result }

## Der Chat des Raums.
web-chat-placeholder = Sagen Sie etwas
web-chat-to = An
web-chat-off = Der Besitzer des Raums hat den Chat ausgeschaltet.
web-chat-zen = Zen ist an: der Server schickt Ihnen keinen Chat.
web-chat-change-it = Ändern
web-chat-message = Nachricht
web-chat-send = Senden
web-chat = Chat
web-chat-mute-label = { $name } stummschalten
web-chat-mute = stumm
web-chat-report-label = Diese Zeile von { $name } melden
web-chat-report = melden
web-chat-block-label = { $name } blockieren
web-chat-block = blockieren
web-chat-muted = Auf diesem Bildschirm stummgeschaltet:
web-chat-unmute-label = { $name } wieder zeigen
web-chat-unmute = { $name } (wieder zeigen)
web-chat-to-players = an die Spieler
web-chat-to-team = an mein Team
web-chat-to-spectators = an die Zuschauer
web-chat-turn-on = Chat einschalten
web-chat-turn-off = Chat ausschalten

## Durch eine Partie blättern.
web-replay-first = Anfang
web-replay-back = Zurück
web-replay-forward = Vor
web-replay-last = Ende
web-replay-link = Link zu dieser Stellung
web-replay-bar = Durch die Partie blättern
web-replay-live = Live
web-replay-start = Der Anfang, vor Zug 1 von { $total }
web-replay-after = Nach Zug { $ply } von { $total }
web-replay-end = Das Ende: Zug { $total } von { $total }
web-replay-live-move = Live: Zug { $total }
web-replay-where = Wiederholung. { $where }
web-replay-secret = geheim
web-replay-secret-commitment = geheim (Festlegung { $commitment })
## Ein Magma-Turnier mit festen Teams für das ganze Turnier (die Turnierseiten).
web-tournament-teams-option = Zweierteams, fest für das ganze Turnier (Magma, Tische zu 4 oder 6)
web-tournament-team-name = Ihr Team (ein neuer Name bildet ein Team; der Name eines Teams tritt ihm bei)
web-tournament-teams = Teams
web-tournament-teams-caption = Teamwertung, bestes Team zuerst
web-tournament-team = Team
web-tournament-team-players = Spieler
web-tournament-team-tag = Team { $team }
## Die Raumoption Berserk, wie die Lobby sie zeigt.
web-option-berserk = Berserk (halbe Zeit, ein Punkt mehr für einen Arena-Sieg)

## Das Manifest der Web-App (/manifest.webmanifest), vom Server in der
## Sprache der Seite ausgefüllt.
web-manifest-name = Lodestone
web-manifest-short-name = Lodestone
web-manifest-description = Vier Brettspiele mit Magneten, online mit Freunden zu spielen: Magneton, Magnetism, Magnet und Magma.
