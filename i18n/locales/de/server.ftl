# Die Sätze des Servers. Codes (`room-full`…) ändern sich nie mit der
# Sprache; nur diese Sätze. Wie die englischen des Servers beginnen sie
# klein (außer Substantiven) und enden ohne Punkt.

## Der Satz jedes Fehlercodes: error-CODE.
error-bad-json = die Nachricht ist kein JSON
error-bad-message = der Server kennt diese Nachricht nicht, oder ein Feld fehlt oder ist falsch
error-too-large = die Nachricht ist größer, als der Server annimmt
error-rate-limited = zu viele Nachrichten: bitte langsamer
error-unsupported-protocol = der Client spricht eine andere Version des Protokolls
error-not-identified = zuerst hello senden
error-bad-token = dieses Token gehört keinem Gast
error-bad-name = der Name ist leer, zu lang oder enthält unzulässige Zeichen
error-unknown-game = dieses Spiel bietet der Server nicht an
error-bad-option = das Spiel hat diese Option nicht, oder nicht diesen Wert
error-bad-level = einen Bot dieser Stufe gibt es nicht
error-unknown-room = diesen Raum gibt es nicht
error-invite-required = dieser Raum ist privat: seine Einladung wird gebraucht
error-no-such-seat = das Spiel hat diesen Platz nicht
error-seat-taken = diesen Platz hat schon jemand
error-room-full = alle Plätze sind besetzt
error-already-seated = Sie haben einen anderen Platz in diesem Raum
error-not-seated = Sie haben keinen Platz in diesem Raum
error-not-watching = Sie schauen diesem Raum nicht zu
error-already-started = die Partie hat begonnen: die Plätze können sich nicht mehr ändern
error-not-started = die Partie hat nicht begonnen
error-seats-not-full = ein Platz ist noch frei
error-storage-failure = der Server konnte seinen Speicher nicht erreichen; nichts hat sich geändert, bitte erneut versuchen
error-game-over = die Partie ist vorbei
error-not-your-turn = Sie sind nicht am Zug
error-wrong-phase = diese Art von Aktion gehört nicht in diesen Teil der Partie
error-illegal-action = dieser Zug ist hier nicht erlaubt
error-wrong-game = dieser Zug gehört zu einem anderen Spiel
error-bad-notation = das ist kein Zug in der Notation des Spiels
error-moved-on = die Partie ist seit Ihrer Wahl weitergegangen: nichts hat sich geändert, sehen Sie erneut hin
error-too-many-rooms = Sie haben so viele offene Räume, wie Sie dürfen
error-too-many-watched = Sie schauen so vielen Räumen zu, wie eine Verbindung darf
error-too-many-guests = zu viele neue Gäste von dieser Adresse in dieser Stunde: später erneut versuchen
error-server-full = der Server ist voll: später erneut versuchen
error-too-many-connections = diese Adresse hat so viele offene Verbindungen, wie sie darf
error-origin-not-allowed = Seiten dieses Ursprungs dürfen sich nicht verbinden
error-token-in-url = ein Token gehört nicht in die Adresse: senden Sie es in einem Header
error-not-owner = das darf nur der Besitzer des Raums
error-too-early = noch nicht: dafür ist es zu früh
error-too-late = nicht mehr: dafür ist es zu spät
error-no-draw-offers = dieses Spiel kennt kein Remis durch Einigung
error-no-offer = es wartet kein Angebot auf eine Antwort
error-offer-pending = ein Angebot wartet schon auf Antwort
error-not-a-bot = diesen Platz hat ein Mensch, kein Bot
error-seat-empty = dieser Platz ist frei
error-bad-ply = die Partie hat diesen Zug nicht
error-chat-off = der Chat dieses Raums ist aus
error-bad-chat = die Nachricht ist leer oder enthält unzulässige Zeichen
error-chat-too-long = die Nachricht ist länger als 500 Zeichen
error-chat-rate-limited = Sie schreiben zu schnell: einen Moment warten
error-no-teams = dieses Spiel hat keine Teams
error-spectators-only = nur Zuschauer dürfen den Zuschauern schreiben
error-no-rematch = hier gibt es keine Revanche
error-bad-password = ein Passwort hat 8 bis 128 Zeichen
error-name-taken = ein Konto mit diesem Namen gibt es schon
error-already-registered = diese Verbindung ist schon ein Konto
error-bad-login = kein Konto hat diesen Namen und dieses Passwort
error-too-many-logins = zu viele Anmeldungen: eine Minute warten
error-rated-needs-accounts = eine gewertete Partie spielen nur Konten, ohne Bots
error-unknown-player = diesen Spieler gibt es nicht
error-not-an-account = nur ein Konto hat Einstellungen
error-has-ratings = dieses Konto hat gewertete Partien: es kann kein Bot werden
error-not-a-bot-account = nur ein Bot-Konto hat API-Tokens
error-too-many-tokens = dieses Konto hat so viele API-Tokens, wie es darf
error-unknown-token = dieses Konto hat dieses Token nicht
error-login-required = dafür braucht es ein angemeldetes Gerät, kein API-Token
error-not-allowed = das dürfen Sie nicht
error-banned = Sie sind gesperrt
error-timed-out = Sie dürfen vorerst nicht chatten
error-blocked = Sie können nicht mit diesem Spieler spielen
error-rated-banned = Sie dürfen vorerst keine gewerteten Partien spielen, da Sie Partien verlassen haben
error-no-spectators = diese Partie hat keine Zuschauer, solange sie läuft
error-spectators-muted = der Spieler hat die Zuschauer stummgeschaltet
error-unknown-report = diese Meldung oder Sanktion gibt es nicht, oder sie ist abgeschlossen
error-in-game = Sie spielen eine Partie, die nicht vorbei ist
error-unknown-tournament = dieses Turnier gibt es nicht
error-tournament-full = das Turnier ist voll
error-not-invited = dieses Turnier ist nur auf Einladung
error-bots-not-allowed = Bots dürfen an diesem Turnier nicht teilnehmen
error-too-many-tournaments = Sie haben so viele Turniere, wie Sie dürfen
error-not-entered = Sie sind nicht für dieses Turnier angemeldet
error-bad-subscription = das Push-Abonnement ist ungültig
error-endpoint-not-allowed = an diesen Dienst sendet der Server keine Push-Nachrichten
error-too-many-subscriptions = Sie haben so viele Push-Abonnements, wie Sie dürfen: zuerst eines entfernen
error-bad-webhook = die Adresse des Webhooks ist keine http(s)-URL oder zu lang
error-address-not-allowed = die Adresse des Webhooks ist nicht öffentlich
error-too-many-webhooks = hier gibt es so viele Webhooks, wie es geben darf: zuerst einen entfernen
error-account-required = das darf nur ein Konto
error-not-subscribed = davon gibt es nichts zu entfernen
error-bad-vacation = ein Urlaub braucht eine Zahl von Tagen und eine kurze Nachricht
error-vacation-used-up = so viele Urlaubstage haben Sie dieses Jahr nicht mehr
error-on-vacation = Sie sind schon im Urlaub
error-not-on-vacation = Sie sind nicht im Urlaub
error-no-berserk = Berserk ist hier jetzt nicht möglich: nur vor Ihrem ersten Zug, einmal, mit einer Uhr mit Zeitguthaben

## Benachrichtigungen (auf einem Telefon oder im Browser): ein Titel,
## dann eine Zeile. $game ist der Name des Spiels (Magneton), $against
## die anderen Spieler.
notify-your-move-title = Sie sind am Zug
notify-your-move = Sie sind am Zug in { $game } gegen { $against }
notify-to-move-title = { $who } ist am Zug
notify-to-move = { $who } ist am Zug in { $game } ({ $players })
notify-started-title = Partie begonnen
notify-started = { $game } mit { $against } hat begonnen
notify-draw-title = { $who } bietet Remis an
notify-draw = { $who } bietet Remis an in { $game }
notify-rematch-title = { $who } schlägt eine Revanche vor
notify-rematch = { $who } schlägt eine Revanche vor in { $game }
notify-time-title = Die Zeit wird knapp
# $left: wie viel Zeit bleibt (notify-days…).
notify-time = Sie sind am Zug in { $game } gegen { $against }: noch { $left }
notify-their-time-title = Die Zeit von { $who } wird knapp
notify-their-time = { $who } ist am Zug in { $game }: noch { $left }
notify-over-title = Partie vorbei
# $result: wie die Partie endete, in den Worten der Spielregeln.
notify-over = { $game } mit { $against }: { $result }
notify-no-result = die Partie endete ohne Ergebnis
notify-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tage
}
notify-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
notify-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
notify-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
}

## Ablehnungen mit ihren Einzelheiten (eine Grenze, eine Zahl, ein Name,
## ein Platz, eine Version), denselben wie im englischen Satz des Servers.
detail-chat-too-long = eine Chatzeile hat höchstens { $max } Zeichen; diese hat { $length }
detail-reason-too-long = eine Begründung hat höchstens { $max } Zeichen; diese hat { $length }
detail-too-many-rooms-guest = Sie haben { $count ->
    [one] { $count } offenen Raum
   *[other] { $count } offene Räume
}, so viele, wie ein Gast darf: starten oder beenden Sie zuerst einen
detail-too-many-rooms-address = diese Adresse hat { $count ->
    [one] { $count } offenen Raum
   *[other] { $count } offene Räume
}, so viele, wie sie darf: starten oder beenden Sie zuerst einen
detail-too-many-watched = diese Verbindung schaut { $count ->
    [one] { $count } Raum
   *[other] { $count } Räumen
} zu, so vielen, wie sie darf: hören Sie zuerst bei einem auf
detail-too-many-guests = diese Adresse hat in der letzten Stunde { $count ->
    [one] { $count } neuen Gast
   *[other] { $count } neue Gäste
} angelegt; kommen Sie mit Ihrem Token wieder
detail-connect-rate = mehr als { $count } neue Verbindungen pro Minute von dieser Adresse; warten Sie ein wenig
detail-request-rate = mehr als { $count } Anfragen pro Minute von dieser Adresse; warten Sie ein wenig
detail-message-rate = mehr als { $count } Nachrichten pro Sekunde: bitte langsamer
detail-chat-rate = mehr als { $count } Chatzeilen pro Minute: warten Sie ein wenig
detail-open-reports = { $count ->
    [one] { $count } Meldung von Ihnen wartet
   *[other] { $count } Meldungen von Ihnen warten
} auf einen Moderator: warten Sie, bis sie gelesen sind
detail-too-many-logins = zu viele Anmeldungen: höchstens { $account } pro Minute für ein Konto und { $address } von einer Adresse; warten Sie eine Minute
detail-too-many-tokens = ein Konto hat höchstens { $count } API-Tokens: widerrufen Sie zuerst eines
detail-too-many-subscriptions = dieser Gast hat { $count ->
    [one] { $count } Push-Abonnement
   *[other] { $count } Push-Abonnements
}, so viele, wie er darf: entfernen Sie zuerst eines
detail-too-many-webhooks = hier gibt es { $count } Webhooks, so viele, wie es geben darf: entfernen Sie zuerst einen
detail-seats-not-full = { $count ->
    [one] { $count } Platz ist noch frei
   *[other] { $count } Plätze sind noch frei
}
detail-seat-taken = Platz { $seat } hat schon { $name }
detail-already-seated = Sie haben hier schon Platz { $seat }
detail-seat-empty = Platz { $seat } ist frei
detail-not-a-bot = { $name } auf Platz { $seat } ist ein Mensch, kein Bot (kick macht den Platz frei)
detail-moved-on = der Raum hat sich nach Version { $seen } geändert (er ist bei Version { $now }); nichts wurde getan: sehen Sie sich den Raum noch einmal an
detail-too-few-players = ein Turnier braucht mindestens { $count } Spieler zum Start
detail-too-few-teams = ein Turnier braucht mindestens zwei vollständige Teams zum Start
detail-rated-banned = Sie dürfen auf Dauer keine gewerteten Partien spielen: { $reason }
detail-rated-banned-for = Sie dürfen keine gewerteten Partien spielen, { $left }: { $reason }
detail-name-taken = ein Konto heißt schon „{ $name }“ (Namen ignorieren Groß- und Kleinschreibung und unsichtbare Zeichen)
detail-unknown-player = es gibt keinen Spieler „{ $name }“
detail-unknown-room = es gibt keinen Raum „{ $room }“
detail-room-unavailable = der Raum „{ $room }“ ist nicht verfügbar; versuchen Sie es noch einmal
detail-room-unreadable = der Raum „{ $room }“ ist nicht lesbar
detail-unknown-chat-line = Zeile { $seq } ist keine Chatzeile dieses Raums, die Sie lesen können
detail-unknown-report = es gibt keine offene Meldung „{ $report }“
detail-unknown-sanction = es gibt keine Sanktion „{ $sanction }“
detail-not-an-address = „{ $address }“ ist keine IP-Adresse
detail-rating-games = geben Sie für ?game= einen dieser Werte an: { $keys }
detail-replay-unavailable = der Raum „{ $room }“ kann gerade nicht nachgespielt werden; versuchen Sie es noch einmal
detail-vacation-length = ein Urlaub dauert 1 bis { $max } Tage
detail-on-vacation = Sie sind schon im Urlaub, bis { $until }
detail-vacation-used-up = Sie haben noch { $left ->
    [one] { $left } Urlaubstag
   *[other] { $left } Urlaubstage
} von { $max } in 365 Tagen
detail-chat-bidi = eine Chatzeile darf keine bidirektionalen Steuerzeichen enthalten (sie enthält { $code })
detail-rematch-opened = die Revanche ist schon eröffnet: Raum { $room }
detail-protocol-version = dieser Server spricht Protokoll { $speaks }, nicht { $asked }
detail-unread = der Server konnte { $what ->
    [players] die Spieler nicht nachschlagen
    [room] diesen Raum nicht lesen
    [reports] die Meldungen nicht lesen
    [sanctions] die Sanktionen nicht lesen
   *[audit-log] das Prüfprotokoll nicht lesen
}; bitte erneut versuchen
detail-not-moderation = { $id } ist keine Moderationsnachricht

## Feste Teams eines Magma-Turniers (für das ganze Turnier).
error-team-full = dieses Team ist schon vollständig: wählen Sie ein anderes Team oder einen neuen Namen
error-bad-team = nennen Sie Ihr Team (1 bis 30 Zeichen) in einem Turnier mit festen Teams, und kein Team anderswo

## Der Name eines Computerspielers, in der Sprache dessen, der ihn setzt
## (der Besitzer des Raums, der Veranstalter eines Turniers); danach ist
## er ein Name wie jeder andere und wird allen so gezeigt.
bot-name = Computer ({ $level ->
    [random] Zufall
    [greedy] gierig
    [easy] leicht
    [normal] normal
    [hard] schwer
   *[other] { $level }
})
bot-name-numbered = Computer { $number } ({ $level ->
    [random] Zufall
    [greedy] gierig
    [easy] leicht
    [normal] normal
    [hard] schwer
   *[other] { $level }
})

## Ablehnungen aus ihren Details gesagt (`detail` eines Fehlers; siehe
## server/src/said.rs): jedes Argument ist ein Wert der Ablehnung. $action:
## was abgelehnt wurde; $address: yes für eine gesperrte Adresse, no für
## ein Konto; $vacation: yes bei der Nachricht eines Urlaubs; $left:
## detail-left; $names: Namen von Spielern, $count: wie viele.
detail-left = { $unit ->
    [minute] { $count ->
        [one] noch eine Minute
       *[other] noch { $count } Minuten
    }
    [hour] { $count ->
        [one] noch eine Stunde
       *[other] noch { $count } Stunden
    }
   *[day] { $count ->
        [one] noch einen Tag
       *[other] noch { $count } Tage
    }
}
detail-banned = { $address ->
    [yes] diese Adresse ist gesperrt
   *[no] dieses Konto ist gesperrt
}: { $reason }
detail-banned-for = { $address ->
    [yes] diese Adresse ist gesperrt
   *[no] dieses Konto ist gesperrt
}, { $left }: { $reason }
detail-timed-out = ein Moderator hat Ihren Chat auf Dauer gesperrt{ $vacation ->
    [yes] {" "}(nehmen Sie den Urlaub ohne Nachricht)
   *[no] {""}
}: { $reason }
detail-timed-out-for = ein Moderator hat Ihren Chat gesperrt, { $left }{ $vacation ->
    [yes] {" "}(nehmen Sie den Urlaub ohne Nachricht)
   *[no] {""}
}: { $reason }
detail-rated-bots = dieser Raum ist gewertet: jeden Platz muss ein Konto haben, also darf kein Bot sitzen
detail-rated-guests = dieser Raum ist gewertet: jeden Platz muss ein Konto haben, und { $names } { $count ->
    [one] ist ein Gast
   *[other] sind Gäste
} (registrieren Sie sich zuerst)
detail-rated-bot-accounts = dieser Raum ist gewertet und { $names } { $count ->
    [one] ist ein Bot-Konto
   *[other] sind Bot-Konten
}: Bots spielen gewertet gegen Menschen nur in einem Raum mit der Option rated-bots=yes
detail-not-owner = nur der Besitzer des Raums darf { $action ->
    [seat-bot] einen Bot setzen
    [remove-bot] einen Bot entfernen
    [free-seat] den Platz eines anderen freimachen
   *[close-room] den Raum schließen
}: dieser Raum gehört nicht Ihnen (sein Besitzer, { $owner }, darf es)
detail-not-owner-nobody = nur der Besitzer des Raums darf { $action ->
    [seat-bot] einen Bot setzen
    [remove-bot] einen Bot entfernen
    [free-seat] den Platz eines anderen freimachen
   *[close-room] den Raum schließen
}: dieser Raum gehört nicht Ihnen (sein Besitzer darf es)
detail-not-organizer = nur der Organisator ({ $organizer }) darf { $action ->
    [remove-player] einen Spieler entfernen
    [start-tournament] das Turnier starten
   *[enter-bot] Computerspieler anmelden
}
detail-already-started = { $action ->
    [start-game] die Partie hat schon begonnen
    [start-tournament] dieses Turnier hat schon begonnen
    [take-seat] die Partie hat begonnen: Plätze können nicht mehr genommen werden
    [leave-seat] die Partie hat begonnen: Plätze können nicht verlassen werden
    [seat-bot] die Partie hat begonnen: Bots können nicht mehr gesetzt werden
    [remove-bot] die Partie hat begonnen: Bots können nicht mehr entfernt werden
    [free-seat] die Partie hat begonnen: Plätze können nicht mehr freigemacht werden
   *[close-room] die Partie hat begonnen: schließen Sie den Raum, indem Sie die Partie abbrechen oder aufgeben
}
detail-no-such-seat = { $game } hat keinen Platz { $seat } (seine Plätze: { $seats })

# The caption of a position's image (`/api/rooms/{id}/ply/{n}.svg`).
embed-versus = gegen
embed-caption = { $game } · { $players } · Zug { $ply } von { $plies }
