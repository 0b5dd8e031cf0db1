# The server's sentences. Codes (`room-full`…) never change with the
# language; only these sentences do. Like the server's English ones, they
# start in lowercase and end without a full stop.
#
# English clients get the server's own sentence, which may say more (which
# seat, how many, until when); a client in another language gets the
# sentence of the code from its language's catalogue.

## The sentence of each error code: error-CODE.
error-bad-json = the message is not JSON
error-bad-message = the message is not one the server knows, or a field is missing or wrong
error-too-large = the message is larger than the server takes
error-rate-limited = too many messages: slow down
error-unsupported-protocol = the client speaks another version of the protocol
error-not-identified = say hello first
error-bad-token = this token belongs to no guest
error-bad-name = the name is empty, too long, or has characters that are not allowed
error-unknown-game = the server does not play that game
error-bad-option = the game has no such option, or not that value
error-bad-level = there is no bot of that level
error-unknown-room = there is no such room
error-invite-required = this room is private: its invite is needed
error-no-such-seat = the game has no such seat
error-seat-taken = someone holds that seat
error-room-full = every seat is taken
error-already-seated = you hold another seat in this room
error-not-seated = you hold no seat in this room
error-not-watching = you are not watching this room
error-already-started = the game has started: the seats can no longer change
error-not-started = the game has not started
error-seats-not-full = a seat is still free
error-storage-failure = the server could not reach its storage; nothing changed, try again
error-game-over = the game is over
error-not-your-turn = it is not your turn
error-wrong-phase = that kind of action does not belong to this part of the game
error-illegal-action = that move is not allowed here
error-wrong-game = that move belongs to another game
error-bad-notation = that is not a move in the game's notation
error-moved-on = the game moved on since you chose: nothing changed, look again
error-too-many-rooms = you have as many open rooms as you may
error-too-many-watched = you watch as many rooms as a connection may
error-too-many-guests = too many new guests from this address this hour: try again later
error-server-full = the server is full: try again later
error-too-many-connections = this address has as many connections open as it may
error-origin-not-allowed = pages of this origin may not connect
error-token-in-url = a token must not be in the address: send it in a header
error-not-owner = only the room's owner may do this
error-too-early = not yet: it is too early for that
error-too-late = no longer: it is too late for that
error-no-draw-offers = this game has no draws by agreement
error-no-offer = nothing is offered to answer
error-offer-pending = an offer is already waiting for an answer
error-not-a-bot = a person holds that seat, not a bot
error-seat-empty = that seat is free
error-bad-ply = the game has no such move
error-chat-off = the chat of this room is off
error-bad-chat = the message is empty or has characters that are not allowed
error-chat-too-long = the message is longer than 500 characters
error-chat-rate-limited = you are writing too fast: wait a moment
error-no-teams = this game has no teams
error-spectators-only = only spectators may write to the spectators
error-no-rematch = no rematch can be had here
error-bad-password = a password has 8 to 128 characters
error-name-taken = an account has that name already
error-already-registered = this connection is an account already
error-bad-login = no account has that name and password
error-too-many-logins = too many logins: wait a minute
error-rated-needs-accounts = a rated game is played by accounts only, and without bots
error-unknown-player = there is no such player
error-not-an-account = only an account has settings
error-has-ratings = this account has rated games: it cannot become a bot
error-not-a-bot-account = only a bot account has API tokens
error-too-many-tokens = this account has as many API tokens as it may
error-unknown-token = this account has no such token
error-login-required = this needs a device that logged in, not an API token
error-not-allowed = you may not do this
error-banned = you are banned
error-timed-out = you may not chat for now
error-blocked = you cannot play with this player
error-rated-banned = you may not play rated games for now, having left games
error-no-spectators = this game has no spectators while it runs
error-spectators-muted = the player has muted the spectators
error-unknown-report = there is no such report or sanction, or it is closed
error-in-game = you are playing a game that is not over
error-unknown-tournament = there is no such tournament
error-tournament-full = the tournament is full
error-not-invited = this tournament is by invitation only
error-bots-not-allowed = bots may not enter this tournament
error-too-many-tournaments = you have as many tournaments as you may
error-not-entered = you have not entered this tournament
error-bad-subscription = the push subscription is not valid
error-endpoint-not-allowed = the server does not push to that service
error-too-many-subscriptions = you have as many push subscriptions as you may: remove one first
error-bad-webhook = the webhook's address is not an http(s) URL, or is too long
error-address-not-allowed = the webhook's address is not a public one
error-too-many-webhooks = there are as many webhooks here as there may be: remove one first
error-account-required = only an account may do this
error-not-subscribed = there is nothing of that to remove
error-bad-vacation = a vacation needs a number of days and a short message
error-vacation-used-up = you have not that many vacation days left this year
error-on-vacation = you are on vacation already
error-not-on-vacation = you are not on vacation
error-no-berserk = this room offers no berserk to you now: only before your first move, once, with a clock that has a bank of time

## Notifications (a push to a phone or a browser): a title, then a line.
## $game is the game's name (Magneton), $against the other players.
notify-your-move-title = Your move
notify-your-move = Your move in { $game } against { $against }
notify-to-move-title = { $who } to move
notify-to-move = { $who } to move in { $game } ({ $players })
notify-started-title = Game started
notify-started = { $game } with { $against } has started
notify-draw-title = { $who } offers a draw
notify-draw = { $who } offers a draw in { $game }
notify-rematch-title = { $who } proposes a rematch
notify-rematch = { $who } proposes a rematch in { $game }
notify-time-title = Time is running out
# $left: how long is left (notify-days…).
notify-time = Your move in { $game } against { $against }: { $left } left
notify-their-time-title = { $who }'s time is running out
notify-their-time = { $who } to move in { $game }: { $left } left
notify-over-title = Game over
# $result: how the game ended, as the game's rules say it.
notify-over = { $game } with { $against }: { $result }
notify-no-result = the game ended without a result
notify-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
notify-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
notify-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
notify-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}

## Refusals with their details: said from the refusal's typed detail
## (server/src/said.rs), the same details (a limit, a count, a name, a
## seat, a version) in every language. The English here is exactly the
## server's; a refusal without details gets error-CODE. $name and $room
## come escaped as the English sentence has always quoted them.
## $left (a ban from rated play) is detail-left.
## Seats ($seat) are the game's names for them (white, 1…), as in the
## protocol.
detail-chat-too-long = a chat line has at most { $max } characters; this one has { $length }
detail-reason-too-long = a reason has at most { $max } characters; this one has { $length }
detail-too-many-rooms-guest = you have { $count } open rooms, as many as a guest may: start or finish one first
detail-too-many-rooms-address = this address has { $count } open rooms, as many as it may: start or finish one first
detail-too-many-watched = this connection watches { $count } rooms, as many as it may: unwatch one first
detail-too-many-guests = this address has made { $count } new guests in the last hour; come back with your token
detail-connect-rate = more than { $count } new connections a minute from this address; wait a little
detail-request-rate = more than { $count } requests a minute from this address; wait a little
detail-message-rate = more than { $count } messages a second: slow down
detail-chat-rate = more than { $count } chat lines a minute: wait a little
detail-open-reports = you have { $count } reports waiting for a moderator: wait until they are read
detail-too-many-logins = too many logins: at most { $account } a minute for one account and { $address } from one address; wait a minute
detail-too-many-tokens = an account has at most { $count } API tokens: revoke one first
detail-too-many-subscriptions = this guest has { $count } push subscriptions, as many as it may: remove one first
detail-too-many-webhooks = there are { $count } webhooks here, as many as there may be: remove one first
detail-seats-not-full = { $count ->
    [one] { $count } seat is still free
   *[other] { $count } seats are still free
}
detail-seat-taken = seat { $seat } is taken by { $name }
detail-already-seated = you already hold seat { $seat } here
detail-seat-empty = seat { $seat } is free
detail-not-a-bot = { $name } at seat { $seat } is a person, not a bot (kick frees the seat)
detail-moved-on = the room changed after version { $seen } (it is at version { $now }); nothing was done: look at the room again
detail-too-few-players = a tournament needs at least { $count } players to start
detail-too-few-teams = a tournament needs at least two complete teams to start
detail-rated-banned = you may not play rated games for good: { $reason }
detail-rated-banned-for = you may not play rated games for { $left }: { $reason }
detail-name-taken = an account is named "{ $name }" already (names ignore case and invisible characters)
detail-unknown-player = there is no player "{ $name }"
detail-unknown-room = there is no room "{ $room }"
detail-room-unavailable = room "{ $room }" is not available; try again
detail-room-unreadable = room "{ $room }" cannot be read
detail-unknown-chat-line = line { $seq } is not a chat line of this room that you can read
detail-unknown-report = there is no open report "{ $report }"
detail-unknown-sanction = there is no sanction "{ $sanction }"
detail-not-an-address = "{ $address }" is not an IP address
detail-rating-games = give ?game= one of { $keys }
detail-replay-unavailable = room "{ $room }" cannot be replayed now; try again
detail-vacation-length = a vacation lasts 1 to { $max } days
detail-on-vacation = you are on vacation until { $until } already
detail-vacation-used-up = you have { $left } vacation days left of { $max } in 365 days
detail-chat-bidi = a chat line cannot hold bidirectional overrides or isolates (it has { $code })
detail-rematch-opened = the rematch has already opened: room { $room }
detail-protocol-version = this server speaks protocol { $speaks }, not { $asked }
detail-unread = the server could not { $what ->
    [players] look up the players
    [room] read this room
    [reports] read the reports
    [sanctions] read the sanctions
   *[audit-log] read the audit log
}; try again
detail-not-moderation = { $id } is not a moderation message

## Teams of a Magma event fixed for the event (tournaments).
error-team-full = that team has all its players already: choose another team or a new name
error-bad-team = name your team (1 to 30 characters) in an event of fixed teams, and no team elsewhere

## A computer player's name, in the language of whoever seats it (the
## room's owner, a tournament's organizer); then it is a name like any
## other, shown as it is to everyone. $level is the level's protocol name
## (random, greedy, easy, normal, hard); $number counts a tournament's bots.
bot-name = Bot ({ $level })
bot-name-numbered = Bot { $number } ({ $level })

## Refusals said from their details (`detail` of an error frame; see
## server/src/said.rs): each argument is a value the refusal carries. The
## English here is exactly the server's own sentence. $action is what was
## refused (take-seat, leave-seat, seat-bot, remove-bot, free-seat,
## close-room, start-game, remove-player, start-tournament, enter-bot);
## $address is yes for a ban of an address, no for an account's;
## $vacation is yes when the chat refused is a vacation's message; $left
## is detail-left; $names is a list of player names, $count how many.
detail-left = { $unit ->
    [minute] { $count ->
        [one] a minute more
       *[other] { $count } minutes more
    }
    [hour] { $count ->
        [one] an hour more
       *[other] { $count } hours more
    }
   *[day] { $count ->
        [one] a day more
       *[other] { $count } days more
    }
}
detail-banned = { $address ->
    [yes] this address is banned
   *[no] this account is banned
}: { $reason }
detail-banned-for = { $address ->
    [yes] this address is banned
   *[no] this account is banned
} for { $left }: { $reason }
detail-timed-out = a moderator has stopped your chat for good{ $vacation ->
    [yes] {" "}(take the vacation without a message)
   *[no] {""}
}: { $reason }
detail-timed-out-for = a moderator has stopped your chat for { $left }{ $vacation ->
    [yes] {" "}(take the vacation without a message)
   *[no] {""}
}: { $reason }
detail-rated-bots = this room is rated: every seat must be held by an account, so no bot may sit
detail-rated-guests = this room is rated: every seat must be held by an account, and { $names } { $count ->
    [one] is
   *[other] are
} a guest (register first)
detail-rated-bot-accounts = this room is rated and { $names } { $count ->
    [one] is
   *[other] are
} a bot account: bots play people rated only in a room with the option rated-bots=yes
detail-not-owner = only the room's owner may { $action ->
    [seat-bot] seat a bot
    [remove-bot] remove a bot
    [free-seat] free someone's seat
   *[close-room] close the room
}: this room is not yours (its owner, { $owner }, may)
detail-not-owner-nobody = only the room's owner may { $action ->
    [seat-bot] seat a bot
    [remove-bot] remove a bot
    [free-seat] free someone's seat
   *[close-room] close the room
}: this room is not yours (its owner may)
detail-not-organizer = only the organizer ({ $organizer }) may { $action ->
    [remove-player] remove a player
    [start-tournament] start the tournament
   *[enter-bot] enter computer players
}
detail-already-started = { $action ->
    [start-game] the game has already started
    [start-tournament] this tournament has started already
    [take-seat] the game has started: seats can no longer be taken
    [leave-seat] the game has started: seats cannot be left
    [seat-bot] the game has started: bots can no longer be seated
    [remove-bot] the game has started: bots can no longer be removed
    [free-seat] the game has started: seats can no longer be freed
   *[close-room] the game has started: close the room by aborting or resigning the game instead
}
detail-no-such-seat = { $game } has no seat { $seat } (its seats: { $seats })

# The caption of a position's image (`/api/rooms/{id}/ply/{n}.svg`).
embed-versus = v
embed-caption = { $game } · { $players } · ply { $ply } of { $plies }
