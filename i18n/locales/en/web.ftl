# The browser client (clients/web). Every id starts with `web-` (one
# bundle per language holds every file's messages, so ids must not meet
# the terminal's or the server's). Moves, cells (`D4`, `e3-e5`), option
# keys and values on the wire, codes and player names are never
# translated: they come in as arguments.

## The page's frame.
web-nav-sections = Sections
web-nav-tournaments = Tournaments
web-whoami-playing-as = Playing as
web-connection-connecting = Connecting to the server…
web-connection-lost = Connection lost — reconnecting…
web-connection-lost-retry = Connection lost — reconnecting… (next try in { $seconds } s)
web-connection-not-live = Not connected right now: nothing was sent. Wait for the reconnect.

## Settings (a part of the lobby and of the room).
web-settings = Settings
web-settings-language = Language
# The first choice of the language setting: the browser's own language.
web-settings-language-auto = The browser’s language
web-settings-confirm = Confirm every move:
web-settings-confirm-touch = on touch screens
web-settings-confirm-always = always
web-settings-confirm-never = never
web-settings-confirm-hint = On touch screens a move of one tap asks for a yes; a move of two taps or more (a piece, then where it goes) is played by its last tap. A move that loses at once, or lets the opponent win on the spot, is always confirmed.
web-settings-turn-board = Turn the board to my side
web-settings-sound = A sound when it is my turn
web-settings-animate = Animate moves (tap the board to skip; never when the system asks for less motion)

## Colours of the seats.
web-color-white = white
web-color-black = black
web-color-red = red
web-color-blue = blue
web-color-yellow = yellow

## The lobby.
web-game-title-magneton = Magneton — drop and slide stones on 8×8; four in a row after a magnetic pull wins (the easiest to learn)
web-game-title-magnetism = Magnetism — move your magnet, then pull or push a piece; race to the far row
web-game-title-magnet = Magnet — hidden pieces on a 91-point hexagon, pulled by the magnet
web-game-title-magma = Magma — 2 to 6 players on 91 hexagons, with teams and hot timers
web-lobby-no-games = The server did not list its games (HTTP { $status }).
web-seat-taken = { $name } ({ $color })
web-seat-free = free { $color } seat
web-lobby-renamed = You are now { $name }.
web-lobby-display-name = Display name
web-lobby-save = Save
web-lobby-loading-games = Loading the games…
web-lobby-no-open-rooms = No open rooms right now: create one and send its link to a friend.
web-lobby-no-match = No open room matches these filters.
web-lobby-any-game = any game
web-lobby-any-number = any number
web-lobby-n-players = { $count } players
web-lobby-game = Game
web-lobby-options = Options
web-lobby-players = Players
web-lobby-in-progress = Games in progress
web-lobby-paste-invite = Paste an invite link
web-lobby-new-room = New room
web-lobby-your-games = Your games
web-lobby-open-rooms = Open rooms
web-lobby-invite-link = Invite link
web-lobby-not-a-room-link = That is not a Lodestone room link (it has no #/room/ part).
web-lobby-open = Open
web-lobby-the-games = The games
web-lobby-you = You
web-lobby-create-room = Create room
web-lobby-play-computer = Play the computer
web-lobby-at-level = at level
web-lobby-no-options = This game has no options.
# An option's value that is the usual one, in the new room's form.
web-lobby-usual-value = { $value } (usual)
web-lobby-listed = Listed in the lobby (otherwise only people with the invite link can join or watch)
web-lobby-taken = { $taken } of { $seats }
web-lobby-taken-by = { $taken } of { $seats }: { $players }
web-lobby-show-more = Show { $more } more of { $total } games in progress
web-lobby-watch = Watch
web-lobby-game-loading = A game (loading…)
web-lobby-waiting-players = waiting for players
web-lobby-finished = finished
web-lobby-your-turn = your turn
web-lobby-waiting-for = waiting for { $names }

## Room options, and their values, in words.
web-option-pair = { $name }: { $value }
web-option-standard = standard rules
web-option-none = none
web-option-on = on
web-option-off = off
web-option-yes = yes
web-option-no = no
web-option-move-rule = How stones slide
web-option-move-rule-line = Line rule
web-option-move-rule-per-ray = Per direction
web-option-repetition = Third repetition
web-option-repetition-on = is a draw
web-option-repetition-off = play on
web-option-setup = Setup
web-option-setup-chosen = each side arranges in secret
web-option-setup-random = dealt at random
web-option-trap-victims = A piece lost to a trap
web-option-trap-victims-hidden = stays secret
web-option-trap-victims-revealed = is shown
web-option-players = Players
web-option-solo = Solo colour (five players)
web-option-board = Board
web-option-board-zigzag = Zigzag (pointed corners)
web-option-board-radius5 = Plain hexagon
web-option-timer = Turn timer
web-option-timer-hot = Hot: 30 s a turn
web-option-timer-white-hot = White-Hot: passed-on sand timer
web-option-clock = Clock
web-option-clock-5-3 = 5 minutes each, +3 s a move
web-option-clock-10-5 = 10 minutes each, +5 s a move
web-option-clock-30s-move = 30 s a move
web-option-clock-1d-move = 1 day a move
web-option-clock-3d-move = 3 days a move (correspondence)
web-option-clock-bank = 10 days, +36 h a move, at most 10 days (correspondence)
web-option-absent = If a player is away
web-option-absent-wait = wait for them
web-option-absent-claim = the others may claim the game on their turn
web-option-absent-bot = a bot plays for them until they return
web-option-rated = Rated
web-option-rated-yes = yes: changes ratings (accounts only, no bots)
web-option-first = First to play
web-option-first-seat = seat { $seat }
web-option-chat = Chat
web-option-rated-bots = Bot accounts in rated play
web-option-spectators = Spectators
web-option-spectators-public = anyone may watch
web-option-spectators-link = only with the invite
web-option-spectators-off = nobody until the end
web-option-spectator-delay = Spectators see the game
web-option-spectator-delay-live = live
web-option-spectator-delay-plies = { $count ->
    [one] { $count } ply behind
   *[other] { $count } plies behind
}
web-option-weekends = Weekends
web-option-weekends-run = clocks run
web-option-weekends-pause = clocks pause (UTC)

## Actions in the move list, in words (the notation in brackets stays).
web-action-pass = passes
web-action-end-propose = proposes to end the game
web-action-end-agree = agrees to end the game
web-action-end-refuse = refuses to end the game
web-action-timeout = ran out of time
web-action-magma-enter = enters a piece: { $path }
web-action-magma-remove = removes the piece on { $cell }
web-action-magnetism-magnet = places the magnet on { $cell }
web-action-magnetism-move = magnet to { $magnet }, piece { $from }→{ $to }
web-action-magneton-slide = slides { $path }
web-action-magneton-drop = drops on { $cell }
web-action-magnet-setup = arranged the pieces
web-action-magnet-magnet = magnet on { $cell }
web-action-magnet-order = pieces from { $cells } in that order
web-action-magnet-promote = promotes on { $cells }

## Pieces and what a move did (its effects).
web-piece-piece = piece
web-piece-magnet = magnet
web-piece-a-piece = a piece
web-piece-the-king = the King
web-piece-the-magnet = the magnet
# $value is the trap's value: 2 or 3.
web-piece-a-trap = a trap { $value }
# $kind is the piece's value: 2, 3 or 4.
web-piece-a-kind = a { $kind }
web-effect-place = { $piece } on { $cell }
web-effect-place-side = { $side } { $piece } on { $cell }
web-effect-move-magnet = magnet { $path }
web-effect-enter = entered { $path }
web-effect-push = { $from }→{ $to } pushed
web-effect-pull = { $from }→{ $to } pulled
web-effect-capture = { $cell } captured { $piece }
web-effect-trapped = { $cell }: { $piece } destroyed by a trap
web-effect-promote = { $cell } promoted to rank { $rank }
web-effect-remove = { $cell } removed
web-effect-remove-side = { $cell } removed ({ $side })
web-effect-line = winning line { $cells }
web-effect-claim = { $side } claims { $count ->
    [one] { $count } cell
   *[other] { $count } cells
}

## The end of a game: the headline, then who did what.
web-end-no-result = No result.
web-end-a-draw = A draw.
# $won: the winners' names; $count: how many they are.
web-end-wins = { $count ->
    [one] { $won } wins.
   *[other] { $won } win.
}
web-end-resigned = { $by } resigned.
web-end-out-of-time = { $by } ran out of time on the room’s clock.
web-end-claimed = { $by } was away on their turn, so { $won } claimed the game.
web-end-claimed-others = { $by } was away on their turn, so the others claimed the game.
web-end-draw-agreed = A draw was offered and accepted: both sides agreed to a draw.
web-end-aborted = { $by } aborted the game before every player had moved: it has no result.
web-end-closed = { $owner } closed the room before the game started.
web-end-closed-owner = The room’s owner closed the room before the game started.
web-end-abandoned = Every player stayed away too long: the game was abandoned without a result.
web-end-expired = Nobody started the game in time: the room expired.
web-end-four-in-a-row = { $won } made four in a row, moved into place by the magnetic effect.
web-end-all-far-row = { $won } brought all { $count } pieces to the far row.
web-end-ahead-far-row = { $won } got ahead on the far row, { $ahead } to { $behind }, and { $lost }’s one move after that did not draw level.
web-end-cannot-move = { $lost } could not complete a move.
web-end-king-captured = { $won } captured { $lost }’s King.
web-end-king-trapped = { $lost }’s King captured a trap and was destroyed with it.
web-end-king-centre = { $won }’s King stood on the centre for a whole turn.
web-end-two-king-race = Only the two Kings were left, and { $won }’s King reached the centre first.
web-end-repetition = The same position came back a third time: a draw.
web-end-neither-can-move = Neither side could move: a draw.
web-end-agreed = Both sides agreed to a draw.
web-end-all-passed = Everyone passed in a row, so the game was scored.
web-end-agreed-end = Everyone agreed to end the game, so it was scored.
# $scores: each colour with its score (`red 7, blue 5`).
web-end-scores = Scores: { $scores }.
# After a colour's score: it is out of the game.
web-end-out = (out)
web-end-tie-goes-to = The best scores were tied; { $color } played last and takes the tie.
web-end-tie-draw = The best scores were tied, and no tied colour has taken a turn: a draw.

## The box where a move can be typed: an example in the game's notation.
web-typed-hint-magneton = e.g. D4, or D4-D6 once the hands are empty
web-typed-hint-magnetism = e.g. magnet g3, then (f5) j1-g4
web-typed-hint-magnet = e.g. F6, or F6 E5,G6 for an order
web-typed-hint-magma = e.g. e3-e5, enter d10, or pass

## Clocks.
web-clock-for-you = for you
web-clock-for-seat = for { $seat }
web-clock-left = { $time } left { $whom }
web-clock-stale = (not live: waiting for the server)
web-clock-stale-title = not live: this clock stands still until the connection is back
web-clock-turn = turn { $time }
# A correspondence clock: days and hours left.
web-clock-days-hours = { $days }d { $hours }h

## Seats.
web-seat-stand-in = ⚙ a bot plays for them
web-seat-stand-in-title = away too long: a bot plays this seat until they return
web-seat-connected = connected
web-seat-not-connected = not connected
web-seat-online = ● online
web-seat-away = ○ away
web-seat-absent = ○ absent
web-seat-nobody = nobody
web-seat-the-seat = the { $color } seat

## Bot accounts (the lobby's account part).
web-bot-made = This account is a bot account now.
web-bot-make-sure = Yes, make it a bot account for good
web-bot-explain = A program can play as this account (docs/bots.md) once it is a bot account: it is shown as a bot everywhere, and plays people in rated games only where a room allows it. This cannot be undone, and an account that has played rated games cannot become one.
web-bot-make = Make this account a bot account…
web-bot-is-bot = This is a bot account: its program says hello with an API token instead of the password.
web-bot-token-made = made { $date }
web-bot-token-revoked = The token { $label } is revoked.
web-bot-revoke = Revoke
web-bot-no-tokens = No API tokens yet.
web-bot-token-name = Name of a new token
web-bot-make-token = Make a token
web-bot-token-shown = The token { $label }, shown only now:
web-bot-unavailable = The bot settings are not available right now.
web-bot-account = Bot account
## Vacation (the lobby's settings part, and a tag on a seat).
web-vacation-tag = on vacation until { $until }
web-vacation-tag-title = Their correspondence clocks stand still meanwhile.
web-vacation-placeholder = Back on the 12th
web-vacation-take = Go on vacation
web-vacation-end = Come back now
web-vacation-taken = Your correspondence clocks stand still until you are back.
web-vacation-days = Days
web-vacation-message = Message to your opponents
web-vacation = Vacation
web-vacation-hint = On vacation your clocks in correspondence games (a day or more a move) stand still; your opponents see until when.
web-vacation-days-left = { $left } of { $total } vacation days left this year.
web-vacation-on-until = On vacation until { $until }. { $left }
web-vacation-back = Welcome back: your clocks run again.

## Notifications, the games waiting for one's move, and the page offline.
web-notify-unsupported = This browser cannot receive notifications (on an iPhone, add Lodestone to the Home Screen first).
web-notify-blocked = Notifications are blocked for this site: allow them in the browser’s settings.
web-notify-no-key = The server has no push key (HTTP { $status }).
web-notify-me = Notify me when it’s my turn
web-notify-on = Notifications on (this device)
web-notify-enabled = This device will be told when it is your move.
web-turns-your-move = { $count ->
    [one] Your move in { $count } game
   *[other] Your move in { $count } games
}
web-turns-next = Next: { $game }
web-offline = You are offline.
web-offline-games = The games as last seen (read only until the network is back):
web-offline-your-move-since = { $game }: your move since { $since }
web-offline-other = A game waiting for another player

## Accounts, players' pages and leaderboards.
web-key-magma-players = { $game }, { $count } players
web-server-answered = The server answered { $status }.
web-rating-provisional = { $rating } (provisional)
web-account-give-both = Give a name and a password (8 to 128 characters).
web-account-registered = You are now the account { $name }: log in with it on another device.
web-account-welcome-back = Welcome back, { $name }.
web-account-optional = Optional: an account keeps your games and ratings on every device. No e-mail needed.
web-account-name = Account name
web-account-password = Password
web-account-login = Log in
web-account-register = Make this guest an account
web-account-status = Account
web-account-your-page = your page
web-account-unavailable = Accounts are not available right now.
web-account = Account
web-account-leaderboards = Leaderboards:
web-player-you = You
web-player-safety = Safety and my data
web-player-block-or-report = Block or report
web-player-unblock = Unblock { $name }
web-player-block = Block { $name }
web-player-report = Report { $name }
web-player-loading = Loading the player…
web-player-game = Game
web-player-rating = Rating
web-player-rated-games = Rated games
web-player-no-rated = No rated games yet.
web-player-recent-result = { $game }: { $result }
web-player-rated = (rated)
web-player-no-finished = No finished games yet.
web-back-to-lobby = ← Lobby
web-player-bot-account = A bot account: a program plays it.
web-player-computer = A computer player.
web-player-account = An account.
web-player-guest = A guest.
web-player-ratings = Ratings
web-player-rating-explained = A rating is the skill estimate minus three times its uncertainty (Weng-Lin); provisional until five rated games.
web-player-recent = Recent games
web-leaderboard-loading = Loading the leaderboard…
web-leaderboard = Leaderboard: { $game }
web-leaderboard-player = Player
web-leaderboard-bot = bot
web-leaderboard-empty = Nobody has played a rated game of this kind yet.
# The name a newcomer has until they choose one.
web-default-name = Guest { $number }

## The room.
web-room = Room
web-room-invite-friend = Invite a friend
web-room-type-move = Type a move
web-room-play = Play
web-room-download-record = Download record
web-room-moved-on = The game moved on before your move arrived: it was not played.
web-room-moves = Moves
web-room-not-legal = “{ $move }” is not one of your legal moves now.
web-room-no-record = The record is not available (HTTP { $status }).
web-room-private = private
web-room-invite-link = Invite link:
web-room-link-copied = Link copied.
web-room-copy = Copy
web-room-closed = This room is closed.
web-room-back-to-lobby = Back to the lobby
web-room-board-later = The board appears when the game starts.
web-room-secret-action = played a secret action
web-room-last-move = Last move: { $who } { $what }.
web-room-no-such-room = There is no such room.

web-seats = Seats
# A Magma seat: its colour and when it plays ($n: 1 for the first).
web-seat-plays-nth = { $color } · plays { NUMBER($n, type: "ordinal") ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}
web-seat-team = team { $n }
web-seat-free-mark = — free —
web-seat-you = you
web-seat-bot = bot
web-seat-owner = owner
web-seat-to-act = ◀ to act
web-seat-sit = Sit here
web-seat-remove-bot = Remove bot
web-seat-kick-ask = Free { $name }’s seat? They can still watch.
web-seat-kick-yes = Free the seat
web-seat-kick = Free seat
web-seat-bot-level = How strong a bot
web-seat-bot-level-option = { $name }: { $description }
web-seat-add-bot-title = A computer player takes this seat
web-seat-add-bot = Add a bot
web-seat-you-own = You own this room.
web-seat-owns = { $name } owns this room.
web-seat-close-ask = Close this room for good? Everyone in it loses their seat.
web-seat-close-yes = Close the room
web-seat-close = Close room
web-seat-leave = Leave seat
web-seat-start = Start the game
web-seat-start-waiting = Start (waiting for every seat)

## Asking before a move.
web-confirm-loses = This move loses the game at once.
web-confirm-allows-win = After this move your opponent can win on the spot.
web-confirm-play-it = Play it
web-confirm-cancel = Cancel
web-confirm-play-anyway = Play it anyway: { $move } ({ $action })?
web-confirm-play-this = Play this move: { $move } ({ $action })?
# The window's title on one's turn ($game: the game's name).
web-title-your-turn = ● Your turn · { $game }
## The connection.
web-connection-lost-request = The connection was lost; the request may not have arrived.
web-connection-not-connected = Not connected to the server right now.
## Picking a move on the board.
web-pick-chosen = Chosen: { $path }
web-pick-play = Play { $action }
web-pick-cancel = Cancel (Esc)
web-board-whole = ⤢ Whole board
web-board-cannot-draw = This client cannot draw { $game } yet; the position is:

## The table: whose turn, offers, resigning, the end of the game.
web-table-closed = This room is closed.
web-table-closed-why = This room is closed. { $why }
web-table-waiting-players = Waiting for players: { $taken } of { $seats } seats taken.
web-table-all-seated = Every seat is taken: any player may start.
web-table-over = The game is over.
web-table-end-proposed = { $who } proposes to end the game. Do you agree?
web-table-end-agree = Agree to end
web-table-end-refuse = Refuse, play on
web-table-end-waiting = { $who } proposes to end the game; waiting for { $names } to answer.
web-table-penalty-yours = { $who } ran out of time: tap one of the { $color } pieces to remove it.
web-table-penalty-waiting = { $who } ran out of time; waiting for { $names } to remove one of the { $color } pieces.
web-table-your-turn-together = Your turn (the others choose at the same time).
web-table-your-turn = Your turn.
web-table-waiting-for = Waiting for { $names }.
web-table-watching-waiting-for = Watching. Waiting for { $names }.
web-table-draw-waits = Your draw offer waits for an answer.
web-table-draw-offered = { $who } offers a draw.
web-table-draw-accept = Accept the draw
web-table-decline = Decline
web-table-offer-draw = Offer a draw
web-table-resign-ask = Resign this game? It counts as a loss.
web-table-resign = Resign
web-table-berserk-ask = Go berserk? Half your starting time goes and you get no increment; a win scores one point more.
web-table-berserk = Berserk
web-clock-berserk = berserk
web-table-claim-ask = Claim the game? { $names } will lose as if out of time.
web-table-claim-yes = Claim
web-table-claim = Claim the game
web-table-abort-ask = Abort this game? It ends without a result and the room closes.
web-table-abort-yes = Abort the game
web-table-abort = Abort
web-table-rematch-played = A rematch was played after this game.
web-table-rematch-go = Go to the rematch
web-table-rematch-proposed-by = { $who } proposes a rematch.
web-table-rematch = Rematch
web-table-rematch-waiting = Rematch proposed: waiting for { $names }.
web-table-withdraw = Withdraw
web-table-rematch-accept = Accept the rematch
web-table-you-win = You win!
web-table-you-lose = You lose.
web-table-game-over = Game over.
web-table-line-drawn = The winning line is drawn on the board.
web-table-far-row-marked = The winner’s pieces on the far row are marked on the board.
web-table-in-record = In the record: { $result }

## The room's chat.
web-chat-placeholder = Say something
web-chat-to = To
web-chat-off = The room’s owner has turned the chat off.
web-chat-zen = Zen is on: the server sends you no chat.
web-chat-change-it = Change it
web-chat-message = Message
web-chat-send = Send
web-chat = Chat
web-chat-mute-label = Mute { $name }
web-chat-mute = mute
web-chat-report-label = Report this line of { $name }
web-chat-report = report
web-chat-block-label = Block { $name }
web-chat-block = block
web-chat-muted = Muted on this screen:
web-chat-unmute-label = Unmute { $name }
web-chat-unmute = { $name } (unmute)
web-chat-to-players = to the players
web-chat-to-team = to my team
web-chat-to-spectators = to the spectators
web-chat-turn-on = Turn the chat on
web-chat-turn-off = Turn the chat off
## Stepping through a game.
web-replay-first = First
web-replay-back = Back
web-replay-forward = Forward
web-replay-last = Last
web-replay-link = Link to this position
web-replay-bar = Step through the game
web-replay-live = Live
web-replay-start = The start, before move 1 of { $total }
web-replay-after = After move { $ply } of { $total }
web-replay-end = The end: move { $total } of { $total }
web-replay-live-move = Live: move { $total }
web-replay-where = Replay. { $where }
# A secret action in the move list, with the start of its commitment (a hash).
web-replay-secret = secret
web-replay-secret-commitment = secret (commitment { $commitment })
## A Magma event of teams fixed for the event (the tournament pages).
web-tournament-teams-option = Teams of two, fixed for the event (Magma, tables of 4 or 6)
web-tournament-team-name = Your team (a new name makes a team; a team's name joins it)
web-tournament-teams = Teams
web-tournament-teams-caption = Team standings, best first
web-tournament-team = Team
web-tournament-team-players = Players
web-tournament-team-tag = team { $team }
