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

## The boards: their names, each cell as a screen reader says it, the
## panels beside them. $side is a colour as on the wire (white, black,
## red, blue, yellow): choose the word by it where it must agree.
web-board-magneton = Magneton board
web-board-magnetism = Magnetism board
web-board-magnet = Magnet board
web-board-magma = Magma board
# The letter on a colour's pieces (and on Magma's homes); short, one letter.
web-color-letter = { $side ->
    [white] W
    [black] B
    [red] R
    [blue] B
   *[yellow] Y
}
# The letter on Magnetism's magnets.
web-magnet-letter = M
web-cell-empty = { $cell }, empty
web-cell-magneton-stone = { $cell }, { $side } stone
web-cell-magnetism-piece = { $cell }, { $side } piece
web-cell-magnetism-magnet = { $cell }, { $side } magnet
web-cell-magma-piece = { $cell }, { $side } piece
# $cell: the cell as said so far (its name, what stands on it); $who: the player whose home it is.
web-cell-magma-home = { $cell }, home of { $who }
# A Magnet piece: $kind is hidden, king, trap (with its $value) or value (a numbered piece, its $value).
web-cell-magnet-piece = { $cell }, { $side } { $kind ->
    [hidden] hidden piece
    [king] King
    [trap] trap { $value }
   *[value] { $value }
}, rank { $rank }
web-cell-magnet-arranging = { $cell }, your { $kind ->
    [king] King
    [trap] trap { $value }
   *[value] { $value }
} (being arranged)

## What the last move did, added to each cell's name for screen readers
## ($piece is one of the two messages just below).
web-fx-piece = { $kind ->
    [stone] a stone
    [magnet] a magnet
    [king] a King
    [trap] a trap { $value }
    [value] a { $value }
   *[piece] a piece
}
web-fx-piece-side = a { $side } { $kind ->
    [stone] stone
    [magnet] magnet
    [king] King
    [trap] trap { $value }
    [value] { $value }
   *[piece] piece
}
web-fx-placed = { $piece } was just put here
web-fx-left = { $piece } just left for { $to }
web-fx-entered-through = { $piece } just entered through here
web-fx-passed = { $piece } passed here
web-fx-moved-here = { $piece } just moved here from { $from }
# Magma: a piece brought in through its home corner ($home, a cell).
web-fx-entered-here = { $piece } just entered here through its home { $home }
web-fx-pushed-away = { $piece } was just pushed away to { $to }
web-fx-pulled-away = { $piece } was just pulled away to { $to }
web-fx-pushed-here = { $piece } was just pushed here from { $from }
web-fx-pulled-here = { $piece } was just pulled here from { $from }
web-fx-captured = { $piece } was just captured here
web-fx-trapped = { $piece } was just destroyed here by the trap it captured
web-fx-promoted = the piece here was just promoted to rank { $rank }
web-fx-removed = { $piece } was just removed from here
web-fx-claimed = claimed by { $color }
web-fx-line = part of { $color }’s winning line
# $notes: the notes above, joined by semicolons.
web-fx-cell = { $cell }; last move: { $notes }

## Magneton's panel.
web-magneton-hands-label = Stones in hand
web-magneton-in-hand = In hand
# With the letters on the stones (web-color-letter).
web-magneton-hands = White (W): { $white } · Black (B): { $black }
web-magneton-pass = Pass (no move possible)
web-magneton-drop-hint = Drop phase: tap an empty square.
web-magneton-move-hint = Move phase: tap a stone, then where it slides.

## Magnetism's panel.
web-magnetism-magnets = Magnets
web-magnetism-heading = Magnets and race
web-magnetism-magnet-on = { $side } magnet on { $cell }
web-magnetism-magnet-secret = { $side } has placed its magnet (secret)
web-magnetism-magnet-not-yet = { $side } magnet not placed yet
web-magnetism-race = On the far row: white { $white }, black { $black } (of 12)
web-magnetism-opening-hint = Secret opening: tap the square for your magnet (your half, off the back row).
web-magnetism-move-hint = A move: tap the magnet’s new square (◆), then one of your pieces, then where it goes.

## Magnet's panel: choosing a turn, the setup, the pieces off the board.
## $kind and $value as in web-cell-magnet-piece.
web-magnet-kind = { $kind ->
    [king] King
    [trap] trap { $value }
   *[value] { $value }
}
web-magnet-your-move = your { $kind ->
    [king] King
    [trap] trap { $value }
   *[value] { $value }
} { $from }→{ $to }
web-magnet-your-stays = your { $kind ->
    [king] King
    [trap] trap { $value }
   *[value] { $value }
} { $from } (stays)
# Two moves of one turn in their order.
web-magnet-then = { $before }, then { $after }
web-magnet-summary = Magnet on { $cell }: { $moves }. Enemy pieces on the way are captured (traps destroy the piece that takes them).
web-magnet-summary-none = Magnet on { $cell }.
web-magnet-promote = Promote (a piece gains one rank: one more step from now on)
web-magnet-promote-piece = your { $kind ->
    [king] King
    [trap] trap { $value }
   *[value] { $value }
} ending on { $cell }, rank { $rank } → { $next }
web-magnet-promote-unknown = the piece ending on { $cell }
web-magnet-order-opening = Which piece moves (the opening turn moves one)
web-magnet-order-first = Which piece moves first
web-magnet-usual-order = { $moves } (the usual order, line by line)
web-magnet-waiting-setups = Waiting for the setups (each side arranges its pieces in secret).
web-magnet-arrange = Arrange your pieces: tap two of them to swap them. Nobody else sees them; this browser keeps your arrangement until you confirm it.
web-magnet-shuffle = Shuffle
web-magnet-confirm-setup = Confirm setup
web-magnet-off-label = Pieces off the board
web-magnet-off = Off the board
web-magnet-losses = { $name } ({ $color }): { $losses }
# $kinds: the kinds lost, as web-magnet-kind says them, joined by commas.
web-magnet-lost = lost { $kinds } to captures
web-magnet-lost-nothing = lost nothing to captures
web-magnet-destroyed = { $lost }; { $count } destroyed by traps
web-magnet-destroyed-which = { $lost }; { $count } destroyed by traps ({ $kinds })
web-magnet-hint = Red pieces are round, blue ones square. A piece shows its kind (K King, 2–4 its value, T2/T3 a trap, ? hidden) and, once promoted, one dot per rank: how many steps the magnet pulls it.

## Magma's panel.
web-magma-pass = Pass
web-magma-end-propose = Propose to end the game
web-magma-end-agree = Agree to end
web-magma-end-refuse = Refuse (play on)
web-magma-scores = Scores
web-magma-final-scores = Final scores
web-magma-scores-now = Scores now
web-magma-in-hand = In hand: { $hands }
# One seat's pieces in hand: its player and how many.
web-magma-hand = { $name } { $count }
web-magma-passes = Passes in a row: { $count }
web-magma-vote = { $who } proposes to end the game; waiting for { $names }.
web-magma-penalty = { $who } ran out of time: { $chooser } removes one { $side } piece.
web-magma-agreed = Everyone agreed to end the game.
web-magma-score-hint = A score is the colour’s pieces on the board + 3 × the empty cells only that colour could still reach.
web-magma-colour = Colour
web-magma-pieces = Pieces
web-magma-cells = Cells ×3
web-magma-total = Total

## How to play: each game's rules in short (the dialog from the lobby and the room).
web-rules-button = How to play
web-rules-title = How to play { $game }
web-rules-close = Close
web-rules-none = There is no summary of { $game } yet.
web-rules-hint = These are the rules in short; the full text, with every decision we made, is in the project’s docs/rules.
# Headings more than one game uses.
web-rules-a-turn = A turn
web-rules-winning = Winning
## Magneton.
web-rules-magneton-lead = Two players, white and black, twelve stones each, on an 8×8 board. Make four in a row after the stones have been pulled and pushed.
web-rules-magneton-turn-drop = While you have stones in hand, put one on any empty square. Once both hands are empty, slide one of your stones instead.
web-rules-magneton-turn-magnet = From the third stone on, the stone you put down (or slid) acts as a magnet along the eight lines from it, on the nearest stone of each line: an opponent’s stone is pulled next to it; one of your own is pushed away until it meets a stone or the edge.
# Under a diagram.
web-rules-magneton-figure-drop = White puts a stone on D4: its own stone on D6 is pushed up to D8; black’s stone on F4 is pulled next to it, to E4.
web-rules-magneton-slide = Sliding (once the hands are empty)
web-rules-magneton-slide-text = Look along each line through your stone. If only one side of that line has a stone, you may slide: toward an opponent’s stone until you touch it, or away from your own stone to the edge. (The “Per direction” option judges each of the eight directions on its own.)
web-rules-magneton-win-text = Four or more stones of one colour in a row (across, up or diagonally) win, but only if the magnetic effect of this turn moved at least one of them. The line’s owner wins even when the opponent’s turn made it: watch what your pulls do!
# Under a diagram.
web-rules-magneton-figure-win = Black drops on C3 and pulls white’s C6 down to C4 and H3 across to D3: white now has F1–E2–D3–C4 and wins.
web-rules-magneton-draws = Draws
web-rules-magneton-draws-text = The third time the same position comes back, or when neither player can move, the game is drawn. A player who cannot move must pass.
## Magnetism.
web-rules-magnetism-lead = Two players race their twelve pieces to the far side of a 12×8 board, moved only by their own magnet.
web-rules-magnetism-opening = The secret opening
web-rules-magnetism-opening-text = Each player first places a magnet in secret, in its own half and off its back row (white: ranks 2–4, black: ranks 5–7). Both are revealed together; then white moves.
web-rules-magnetism-move = A move: two parts, both compulsory
web-rules-magnetism-move-magnet = Your magnet moves like a chess queen, over empty squares only.
web-rules-magnetism-move-piece = Then one of your pieces on a line with the magnet’s new square is pulled toward it or pushed away from it, along that line, over empty squares. The square the magnet just left counts as empty.
# Under a diagram.
web-rules-magnetism-figure-move = White’s move (f5) j1-g4: the magnet goes from g4 to f5, then pulls the piece on j1 up the diagonal to g4.
web-rules-magnetism-blocks = The opponent’s magnet blocks your magnet’s pull and push; pieces do not.
web-rules-magnetism-win-text = Count your pieces on the opponent’s back row. When a move puts you ahead, your opponent has exactly one move to draw level; if it does not, you win. All twelve across wins at once. A player who cannot make a whole move loses; a third repetition of a position is a draw.
## Magnet (K, T2, T3 and the cells are the notation: they stay).
web-rules-magnet-lead = Two players, red and blue, with twelve hidden pieces each on the 91 points of a hexagon. Capture the enemy King, or bring your own King to the centre and keep it there for a turn.
web-rules-magnet-pieces = Pieces
web-rules-magnet-king = K: the King (value 1). Capture the enemy’s and you win.
web-rules-magnet-values = 2, 3, 4: ordinary pieces of that value.
web-rules-magnet-traps = T2, T3: traps. A piece that captures a trap is removed too (a King that does, loses).
web-rules-magnet-rank = Rank: how many steps a piece moves. It starts at 1 and grows by one each time you promote the piece after it moved, up to its value. The dots under a piece show it.
web-rules-magnet-hidden = You see your own kinds; you see the opponent’s pieces only as “?” with their ranks, until they are captured.
# Under a diagram.
web-rules-magnet-figure-start = The start as red sees it: red’s pieces on the left and top edges with their kinds, blue’s hidden on the bottom and right. The star marks the centre, F6.
web-rules-magnet-turn-text = Put the magnet on any point. Along each of the six lines from it, your nearest piece is pulled toward it by up to its rank, stopping on the magnet’s point or before one of your own pieces. Enemy pieces do not block: every enemy piece your piece passes over or lands on is captured.
web-rules-magnet-turn-order = When several pieces are pulled you may choose their order; the client lists the orders that end differently, in words. After the turn, each piece that moved may be promoted. Red’s very first turn moves only one piece.
web-rules-magnet-win-text = Capture the enemy King; or start your turn with your King on the centre F6. When only the two Kings are left, the first to reach the centre wins. A third repetition is a draw.
web-rules-magnet-setup = Setup
web-rules-magnet-setup-text = Before play, each side arranges its twelve pieces on its start points in secret (or, with the random option, they are dealt).
## Magma (the letters of the colours as in web-color-letter).
web-rules-magma-lead = Two to six players (in colour teams with four or six) bring pieces in through their home corners and spread out. The colour with the most pieces and private territory wins.
web-rules-magma-turn = A turn: do one of these
web-rules-magma-turn-step = Step a piece of your colour to an empty neighbouring cell,
web-rules-magma-turn-jump = or jump it over a neighbouring piece of your colour to the empty cell right behind, as often as you like in one move,
web-rules-magma-turn-enter = or bring a piece in through your home (⌂): onto it if it is empty, or jumping over your own piece standing there,
web-rules-magma-turn-pass = or pass.
# Under a diagram.
web-rules-magma-figure-board = The zigzag board. The six corners are the homes (⌂ with the colour’s letter: R red, B blue, Y yellow); in a two-player game red starts on d10 and blue on j1.
web-rules-magma-end = The end
web-rules-magma-end-text = The game ends when everyone passes in a row, or when all agree to end it: instead of moving, the player to move may propose the end, and everyone else answers yes or no.
web-rules-magma-scoring = Scoring
web-rules-magma-scoring-text = Each colour scores its pieces on the board plus 3 for every empty cell only it could still move a piece to. On a tie, the tied colour that played last wins.
web-rules-magma-hot = Hot and White-Hot
web-rules-magma-hot-text = With a timer, a turn has 30 seconds (White-Hot: a sand timer passed on, so a quick turn leaves the next player less). Whoever runs out loses the turn, and the player before them removes one of their pieces.

## The moderators' console (#/console). Statuses, roles and kinds come as
## codes and are chosen by ($status, $role, $kind); the audit log's action
## names stay codes.
web-console = Moderator console
web-console-asking = Asking the server who you are…
web-console-not-for-you = This page is for moderators and admins.
web-console-you-admin = You are an admin.
web-console-you-moderator = You are a moderator.
web-console-reason = Reason for actions
web-console-reason-placeholder = why (stored in the audit log)
web-console-write-reason = Write a reason first (the field at the top).
web-console-refresh = Refresh
web-console-lookup = A player’s history (name or id)
web-console-show = Show
web-console-none = none
web-console-action = Action
web-console-action-none = no action
web-console-action-timeout-10 = chat timeout, 10 minutes
web-console-action-timeout-60 = chat timeout, 1 hour
web-console-action-timeout-1440 = chat timeout, 24 hours
web-console-action-ban-1440 = ban for a day
web-console-action-ban-10080 = ban for a week
web-console-action-ban-forever = ban for good
web-console-action-close = close the room
web-console-kind = { $kind ->
    [ban] ban
    [timeout] chat timeout
   *[rated_ban] no rated play
}
web-console-timeout-given = Chat timeout given.
web-console-ban-given = Ban given.
web-console-address-banned = Address banned.
web-console-room-closed = Room closed.
web-console-col-room = Room
web-console-col-game = Game
web-console-col-status = Status
web-console-col-players = Players
web-console-col-listed = Listed
web-console-col-act = Act
web-console-col-name = Name
web-console-col-address = Address
web-console-col-connections = Connections
web-console-col-kind = Kind
web-console-col-whom = Whom
web-console-col-where = Where
web-console-col-reason = Reason
web-console-col-until = Until
web-console-col-result = Result
web-console-col-rated = Rated
web-console-col-ended = Ended
web-console-col-when = When
web-console-col-by = By
web-console-col-about = About
web-console-col-given = Given
web-console-col-who = Who
web-console-col-action = Action
web-console-col-detail = Detail
web-console-col-how = How
web-console-live = Live on this node
web-console-rooms = Rooms in memory
web-console-online = People online
web-console-room-status = { $status ->
    [open] open
    [playing] playing
    [finished] finished
   *[closed] closed
}
web-console-public = public
web-console-private = private
web-console-close-room = Close room { $room }
web-console-close = Close
web-console-history-title = { $name }’s history
web-console-reports-waiting = Reports waiting ({ $count })
web-console-no-reports = No report is waiting.
# $status: the report's status (bold); $reporter and $player: names (buttons); $when: a date.
web-console-report = { $status } { $when }: { $reporter } reports { $player }: “{ $reason }”
web-console-report-status = { $status ->
    [open] open
    [taken] taken
    [resolved] resolved
   *[dismissed] dismissed
}
web-console-context = Context: a { $game } room
# Before the room's link ($room).
web-console-context-room = Room { $room }
web-console-line-from = { $name }:
web-console-taken-by = Taken by { $name }
web-console-taken-by-note = Taken by { $name } — { $note }
web-console-take = Take
web-console-report-taken = Report taken.
web-console-note = Note
web-console-note-placeholder = what was done and why
web-console-write-note = Write a note first.
web-console-resolve = Resolve
web-console-dismiss = Dismiss
# The reason stored with a sanction given from a report.
web-console-report-reason = report: { $reason }; { $note }
web-console-report-resolved = Report resolved.
web-console-report-dismissed = Report dismissed.
web-console-in-force = Timeouts and bans in force
web-console-sanctions = Sanctions
web-console-everywhere = everywhere
web-console-for-good = for good
web-console-lift-label = Lift the { $kind ->
    [ban] ban
    [timeout] chat timeout
   *[rated_ban] rated-play ban
} of { $whom }
web-console-lift = Lift
web-console-lifted = Lifted.
web-console-lifted-at = lifted { $when }
web-console-target-placeholder = name, id or address
web-console-give-target = Player or address
web-console-give-room = Room (timeouts)
web-console-give = Give
web-console-rename-to = Rename that player to
web-console-rename = Rename
web-console-renamed = Renamed.
web-console-history = History of { $name }
# $account: yes or no; $role: player, moderator or admin; $since: a date.
web-console-file = { $account ->
    [yes] Account
   *[no] Guest
}, { $role ->
    [player] player
    [moderator] moderator
   *[admin] admin
}, since { $since }.
web-console-make-moderator = Make moderator
web-console-unmake-moderator = Dismiss as moderator
web-console-role-changed = Role changed.
web-console-games = Games
web-console-reports-about = Reports about them
web-console-reports-by = Reports they made
web-console-actions-about = Actions about them
web-console-the-host = the host
web-console-left-games = Rated games left
web-console-offense = { $kind ->
    [left] left
    [aborted] aborted
   *[other] { $kind }
}
web-console-audit = Audit log (latest)
web-console-export = Export all (JSON)
web-console-entries = Entries
web-console-room-short = room { $room }

## Safety and one's data (#/safety), blocking and reporting.
web-safety-blocked = You block { $name }: you no longer see their chat, and you are never seated together.
web-safety-unblocked = You no longer block { $name }.
web-safety-report-title = Report { $name } to the moderators
# Before the chat line reported ($line, quoted).
web-safety-report-line = About the line: { $line }
web-safety-report-reason = What is wrong (the moderators read it)
web-safety-report-send = Send the report
web-safety-report-sent = Your report about { $name } is with the moderators.
web-safety-zen = Zen: hide every chat line from me
web-safety-mute = Mute the spectators of my games (they may not chat there)
# $on: yes or no.
web-safety-zen-now = Zen: { $on ->
    [yes] on
   *[no] off
}.
web-safety-mute-now = Spectators muted: { $on ->
    [yes] on
   *[no] off
}.
web-safety-blocks = Players I block
web-safety-unblock = Unblock
web-safety-no-blocks = You block nobody. Block a player from their page or from one of their chat lines.
web-safety-data = My data
web-safety-data-hint = Everything the server holds about you, as one JSON file.
web-safety-download = Download my data (JSON)
web-safety-downloaded = Your data is downloaded.
web-safety-delete = Delete my account
web-safety-delete-hint = Your games stay, with your name replaced; your ratings, settings and blocks go. This cannot be undone.
web-safety-delete-start = Delete my account…
web-safety-delete-ask = Delete your account for good?
web-safety-delete-password = Type your password to confirm.
web-safety-delete-guest = You play as a guest: this guest and its name go, now.
web-safety-delete-yes = Yes, delete my account
web-safety-delete-no = No, keep it
web-safety-wrong-password = That is not your password: nothing was deleted.
web-safety-deleted = Your account is deleted.
web-safety-deleted-back = Back to the lobby as a new guest

## The embeddable replay (/embed/room/…), framed by other sites.
# Two players' names (or more, two at a time) in the title.
web-embed-versus = { $before } v { $after }
web-embed-title = { $game }: { $players }
# $result: who won (web-end-wins), or a draw.
web-embed-title-end = { $game }: { $players } · { $result }
web-embed-at = Move { $ply } of { $plies }
web-embed-page-title = { $game } replay · Lodestone

## Tournaments: the list, the form to organize one, a tournament's page.
web-tournament-format-round-robin = Round robin
web-tournament-format-swiss = Swiss
web-tournament-format-arena = Arena
web-tournament-format-magma = Magma event (tables)
web-tournament-upcoming = Upcoming
web-tournament-running = Running
web-tournament-finished = Finished
# A time left: hours and minutes ($minutes has two digits), or minutes and seconds.
web-tournament-hours = { $hours } h { $minutes } min
web-tournament-minutes = { $minutes } min { $seconds } s
# The name the form suggests for a new tournament.
web-tournament-default-name = Friday league
web-tournament-name = Name
web-tournament-format = Format
web-tournament-rounds = Rounds (Swiss, Magma)
web-tournament-arena-minutes = Minutes (arena)
web-tournament-table = Table (Magma)
web-tournament-bots = Computer players and bot accounts may enter
web-tournament-private = Private (by invitation)
web-tournament-create = Create the tournament
web-tournament-organize = Organize a tournament
# A tournament of the list, after its name.
web-tournament-line = — { $game }, { $format }, { $count ->
    [one] { $count } player
   *[other] { $count } players
}, by { $organizer }
web-tournament-line-starts = — { $game }, { $format }, { $count ->
    [one] { $count } player
   *[other] { $count } players
}, by { $organizer }, starts { $date }
web-tournament-none = None.
web-tournament-bot-account = A bot account: a program playing through the protocol
web-tournament-computer = computer
web-tournament-standings = Standings
web-tournament-rounds-heading = Rounds
web-tournament-go-to-game = Go to your game
# $link: the button web-tournament-go-to-game; $names: the opponents.
web-tournament-your-game = { $link } against { $names }
# $time: a time left (web-tournament-hours or -minutes); $date: when.
web-tournament-starts-in = Starts in { $time } ({ $date }).
web-tournament-starts-when-said = Starts when the organizer says.
web-tournament-over = This tournament is over.
web-tournament-ends-in = Ends in { $time }.
web-tournament-waiting-ends-in = Waiting for your next game. Ends in { $time }.
web-tournament-next-round-in = Next round in { $time } at the latest.
web-tournament-waiting-next-round = Waiting for the next round.
web-tournament-under-way = Under way.
# A tournament's status in its summary line below.
web-tournament-status = { $status ->
    [upcoming] Upcoming
    [running] Running
   *[finished] Finished
}
# $format, $status: the words above; $game: the game's name.
web-tournament-about = { $format } of { $game } — { $status }. Organized by { $organizer }.
web-tournament-about-rounds = { $format } of { $game } — { $status }, { $round } of { $total } rounds. Organized by { $organizer }.
# Before the tournament's invite link ($link).
web-tournament-invite = Invite link: { $link }
web-tournament-join = Join
web-tournament-come-back = Come back
web-tournament-leave = Leave
web-tournament-withdraw = Withdraw
web-tournament-start = Start now
web-tournament-add-bot = Add a computer player
web-tournament-records = Download all records
web-tournament-standings-caption = Standings, best first
# The standings' columns: a short heading and its full words.
web-tournament-col-place = #
web-tournament-col-place-long = Place
web-tournament-col-points = Pts
web-tournament-col-points-long = Points
web-tournament-col-performance = Perf
web-tournament-col-performance-long = Performance
web-tournament-col-buchholz = Bh
web-tournament-col-buchholz-long = Buchholz
web-tournament-col-streak = Streak
web-tournament-col-sb = SB
web-tournament-col-sb-long = Sonneborn–Berger
web-tournament-col-won = W
web-tournament-col-won-long = Won
web-tournament-col-drawn = D
web-tournament-col-drawn-long = Drawn
web-tournament-col-lost = L
web-tournament-col-lost-long = Lost
# An arena player on a winning streak.
web-tournament-on-fire = on fire
web-tournament-nobody = Nobody has entered yet.
web-tournament-round = Round { $number }
web-tournament-wave = Wave { $number }
web-tournament-bye = { $name }: a bye
# A player of a game with their points.
web-tournament-scored = { $name } { $points }
web-tournament-no-show = { $player } (no-show)
web-tournament-versus = { $before } against { $after }
# A game's link: $action is Play, Replay or Watch; $players who play.
web-tournament-game-label = { $action }: { $players }
web-tournament-replay = Replay
web-tournament-cannot-show = This tournament cannot be shown.

## Bot levels ($level as the server names it; $name and $description are
## the server's English words, kept for a level not listed here).
web-bot-level-name = { $level ->
    [random] Random
    [greedy] Greedy
    [easy] Easy
    [normal] Normal
    [hard] Hard
   *[other] { $name }
}
web-bot-level-about = { $level ->
    [random] plays any legal move
    [greedy] takes the best-looking move, one move ahead
    [easy] looks a few moves ahead, briefly
    [normal] thinks about a quarter of a second a move
    [hard] thinks about a second a move
   *[other] { $description }
}

## What each room option does (the new room's form), by the option's key.
web-option-help-move-rule = line: a line through the stone gives a move only if one side of it is empty; per-ray: each of the eight directions reacts to its nearest stone
web-option-help-repetition = on: the third occurrence of the same position (pieces, magnets, side to move) is a draw; off: play on
web-option-help-setup = chosen: each side arranges its pieces in secret; random: they are dealt at random
web-option-help-trap-victims = whether the kind of a piece destroyed by a trap stays secret or is shown like a captured one
web-option-help-players = the number of players; 4 and 6 play in colour teams, 5 has one solo player
web-option-help-solo = the colour of the five-player game's solo player (only with players=5)
web-option-help-board = zigzag: 91 cells with pointed two-neighbour corners; radius5: the plain hex-hex board
web-option-help-timer = hot: 30 seconds a turn; white-hot: one passed-on sand timer (15 s first, then 30 − what was left)
web-option-help-first = the seat that takes the first turn
web-option-help-clock = the room's clock: none; minutes per player plus seconds added after each of its moves (5+3); a time for each move (30s/move, or 3d/move to play by correspondence); or a correspondence time bank (bank:10d+36h: 10 days at first, 36 hours more after each move, never above the 10 days); a player whose time runs out loses (in Magma with more than two players, leaves the game)
web-option-help-absent = what happens when a player has been away for the grace period (a minute; a day with a clock of a day or more per move): wait; claim, when the absent player is to act the others may claim the game (the absent player loses as if out of time); or bot, a bot plays for the absent player until they return
web-option-help-chat = the room's chat: on, or off (nobody can chat; the room's owner can turn it on or off at any time)
web-option-help-rated = whether the game changes the players' ratings: yes only when every seat is held by an account (no guests, no bots)
web-option-help-rated-bots = in a rated room, whether bot accounts (programs playing through the protocol) may play people: no, a rated game is between people only or between bots only; yes, bot accounts may sit with people and the game is rated all the same
web-option-help-spectators = who may watch the game without a seat: public, anyone (the room is among the games being played); link, only people with the room's invite; off, nobody until the game is over
web-option-help-spectator-delay = how many plies behind the game spectators see it while it runs (0 to 100; they see all of it once it is over); 0 unless set, but in a Magma game with teams one round of turns (the number of seats)
web-option-help-weekends = whether the room's clocks stop at weekends: run, they do not; pause, no time is charged from Saturday 00:00 to Monday 00:00 UTC (needs a clock)
web-option-help-berserk = whether a player may go berserk before its first move: half its starting time taken and no increment, for a point more on an arena win after seven moves of its own; on needs a clock with a bank of time (5+3, bank:10d+36h)

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
## The room option berserk, as the lobby shows it.
web-option-berserk = Berserk (half the time, a point more on an arena win)

## The web app manifest (/manifest.webmanifest), filled in by the server
## in the page's language: the installed app's name, its short name under
## its icon, and what it is (shown by the browser when installing it).
web-manifest-name = Lodestone
web-manifest-short-name = Lodestone
web-manifest-description = Four magnet board games to play online with friends: Magneton, Magnetism, Magnet and Magma.
