# lodestone play: the terminal client. Keys (↑↓, Enter, q…) stay as they
# are in every language; only the words after them are translated.

small-window = Make the terminal larger: at least { $min } ({ $best } is best).

## The help line at the bottom: what each key does now (a word or two).
key-any = any key
key-close = close
key-line = line
key-change = change
key-create = create
key-cancel = cancel
key-open = open
key-save = save
key-choose = choose
key-new = new
key-join = join
key-name = name
key-refresh = refresh
key-help = help
key-quit = quit
key-send = send
key-to-whom = to whom
key-complete = complete
key-play = play
key-order = order
key-promote = promote
key-move = move
key-pick-swap = pick/swap
key-shuffle = shuffle
key-confirm = confirm
key-lobby = lobby
key-seat = seat
key-sit = sit
key-add-bot = add bot
key-leave = leave
key-start = start
key-chat = chat
key-pick = pick
key-undo = undo
key-type = type
key-moves = moves
key-look = look
key-rematch = rematch
key-no-rematch = no rematch

## The lobby.
lobby-your-games = Your games
lobby-open-rooms = Open rooms
lobby-in-progress = Games in progress (Enter watches)
lobby-join-prompt = Paste its link, or type its id and invite code:
lobby-name-prompt = The name others see (up to 32 characters):
lobby-form-game = Game
lobby-form-listed = Listed
lobby-unlisted = A room that is not listed is joined and watched only with its invite link or code.
lobby-no-open-rooms = No open rooms right now: n creates one.
lobby-room = room { $id }
lobby-join-title = Open a room
lobby-name-title = Your name
lobby-default = { $value } (default)
lobby-listed-yes = yes, in the lobby
lobby-listed-no = no, invite only

## The help screen (?): headings, then what the keys do; each at most 57
## characters, to fit its box in an 80-column terminal.
help-title = Keys
help-lobby = Lobby
help-lobby-open = choose a room and open it (to sit or to watch)
help-lobby-keys = new room / open a room by its link or code / your name
help-room = Room, before the start
help-room-sit = choose a seat and sit there; l leaves it
help-room-bot = seat a bot (greedy / random) on the chosen free seat
help-room-start = start, once every seat is taken
help-game = In a game
help-game-move = move among the cells you can pick now
help-game-pick = pick the cell (the last cell of a move plays it)
help-game-forget = forget the cells picked
help-game-type = type a move (Tab completes from your legal moves)
help-game-numbered = the numbered actions (pass, votes); scroll the moves
help-game-chat = chat (Tab: to whom) / after the end: rematch, or not
help-game-resign = resign / offer a draw, answer one (yes, no)
help-game-abort = abort before everyone moved / claim from an absent player
help-game-quit = back to the lobby (the game goes on); Ctrl-C quits
help-board = On the board
help-board-dots = completes a move here / leads on from here
help-board-cursor = the cursor; picked cells are reversed
help-board-stones = white, black; Magma's red, blue, yellow
help-board-magnet = Magnet: red, blue; ? hidden; ²³⁴ the rank

## The room before the start (its seats, the invite), and a board that
## does not fit.
room-opening = Opening room { $id }…
room-back-to-lobby = q goes back to the lobby.
# $size: columns×rows (100×30).
room-board-too-small = This board needs a terminal of at least { $size }; make it larger.
room-seats = Seats
room-waiting = Waiting for players: { $taken } of { $seats } seats taken.
room-press-start = Every seat is taken: press s to start.
room-waiting-start = Every seat is taken: waiting for a player to start.
room-choose-seat = Choose a free seat with ↑ ↓ and press Enter to sit.
room-invite-link = Invite link (a browser opens it too; j in the lobby reads it):
room-id = Room id: { $id }
room-invite-code = Invite code: { $code }

## The game: the side panel beside the board, its end, the questions
## asked at the table. { $who }, { $won }, { $lost }, { $winner } are
## seats in words (`Ann (white)`, or several joined by list-and).

# A player and the colour of their seat: "Ann (white)".
seat-player = { $name } ({ $color })
# A seat nobody holds, by its colour.
seat-free-color = the { $color } seat
seat-number = seat { $seat }
# Names listed in a sentence: "Ann, Bob and Cy" ($first is "Ann, Bob").
list-and = { $first } and { $last }
# The colours of the seats and pieces (after a name, before a score).
color-white = white
color-black = black
color-red = red
color-blue = blue
color-yellow = yellow

# A seat's line: a computer player, the viewer, presence, a free seat, the team.
seat-bot = [bot]
seat-you = (you)
seat-stand-in = a bot plays for them
seat-away = away
seat-absent = absent
seat-free = free
seat-team = team { $team }
# A room's heading when it is not listed: "Magneton · standard · private".
room-heading-private = { $game } · { $options } · private
# A game with no options chosen.
options-standard = standard
# The games, in a line each, for the new-room form.
lobby-new-room = New room
game-magneton = drop and slide stones on 8×8; four in a row wins
game-magnetism = move your magnet, pull or push a piece; race to the far row
game-magnet = hidden pieces on a 91-point hexagon, pulled by the magnet
game-magma = 2 to 6 players on 91 hexagons, with teams and hot timers

# Whose turn. $names: the seats to act, with their players.
turn-yours = Your turn.
turn-yours-together = Your turn (the others choose at the same time).
turn-to-act = To act: { $names }
turn-watching = Watching. To act: { $names }
# A clock: Magma's turn timer beside the room's clock; a clock that
# stands still while the connection is lost.
clock-turn = turn { $clock }
clock-stale = { $clock } (stale)
# Keys of the table during a game (x, d, a, w stay as they are).
table-keys = x resign · d offer a draw · a abort · w claim
draw-offer-yours = Your draw offer waits for an answer.
draw-offer-answer = { $who } offers a draw: y accepts, n declines.
draw-offer-seen = { $who } offers a draw.
ask-resign = Resign this game? It counts as a loss. y resigns, any other key keeps playing.
ask-abort = Abort this game? It ends without a result and the room closes. y aborts, any other key keeps playing.
ask-claim = Claim the game from the absent player? They lose as if out of time. y claims, any other key waits.
# The server's warning about the move Enter would make ($action: notation).
careful-loses = Careful: { $action } loses at once.
careful-allows-win = Careful: after { $action } an opponent can win at once.
# What the last action did: "Last, black: black placed on C3; white pulled C6→C4."
last-action = Last, { $who }: { $what }.
moves-title = Moves
moves-title-later = Moves (PgDn: later)
move-secret = secret
move-secret-commitment = secret ({ $commitment }…)
chat-title = Chat
# The chat's prompt: "to room›".
chat-to = to { $audience }›
chat-room = room
chat-team = team
chat-spectators = spectators

## Choosing a move.
typed-title = Move:
typed-none = no legal move starts like this
arrange-title = Arrange your pieces (in secret):
arrange-picked = { $vertex } picked: Enter on another start vertex swaps them.
arrange-help = Enter picks a piece, Enter on another swaps; r shuffles; c confirms.
cursor-at = Cursor { $cell }
cursor-on = Cursor { $cell }: { $what }
magnet-on = Magnet on { $vertex }:
magnet-pulls = It pulls { $cells } (•).
order-default = default order
promote-list = Promote: { $items }
enter-plays = Enter plays { $action }
waiting-setups = Waiting for the setups (each side arranges in secret).
picked-cells = Picked: { $cells }
picked-complete = Picked: { $cells } (Enter again plays { $action })
button-pass = Pass
button-propose-end = Propose to end the game
button-agree-end = Agree to end
button-refuse-end = Refuse (play on)

## The boards' facts and hints. W, B, Mw, Mb, r…, b… are the board's
## letters and stay as they are.
magneton-in-hand = In hand: W { $white } · B { $black }
magneton-hint-drop = Drop: pick an empty square.
magneton-hint-move = Move: pick a stone, then where it slides.
magnetism-magnet-unplaced = { $side ->
    [white] White
   *[black] Black
} magnet: not placed yet
magnetism-magnet-secret = { $side ->
    [white] White
   *[black] Black
} magnet: placed (secret)
magnetism-magnet-on = { $side ->
    [white] White magnet (Mw)
   *[black] Black magnet (Mb)
}: { $square }
magnetism-far-row = On the far row: W { $white } · B { $black } (of 12)
magnetism-hint-move = A move: the magnet's new square, then a piece, then where it goes.
magnetism-hint-opening = Secret opening: pick your magnet's square.
magnet-hint = Pick the magnet's vertex (•); then its order and promotions, if any.
# What a side of Magnet lost: $captured lists kinds (K, T2…) or says nothing.
magnet-lost = { $side ->
    [red] Red
   *[blue] Blue
} lost: captured { $captured }
magnet-lost-trapped = { $side ->
    [red] Red
   *[blue] Blue
} lost: captured { $captured }; trapped { $trapped }
magnet-lost-trapped-count = { $side ->
    [red] Red
   *[blue] Blue
} lost: captured { $captured }; { $trapped } trapped
magnet-lost-nothing = nothing
magnet-legend = r… red, b… blue, ? hidden, ²³⁴ rank
magma-scores = Scores (pieces + 3 × reach):
# One colour's score, after its letter: "red (seat 1+4): 9 = 6 + 3×1".
magma-score = { $color } (seat { $seats }): { $total } = { $pieces } + 3×{ $reach }
magma-in-hand = In hand: { $hands } · passes { $passes }
# $timer is the option's value (hot…), as it is written.
magma-timer = Timer: { $timer } ({ $seconds } s a turn)
magma-vote = Seat { $seat } proposes to end; waiting for { $waiting }.
magma-penalty = Seat { $late } ran out of time: seat { $chooser } removes a { $color } piece.
magma-agreed = Everyone agreed to end the game.
magma-hint-move = Pick a piece, then where it goes; or where an entering piece lands.
magma-hint-penalty = Pick the piece to remove.
magma-hint-vote = Answer the vote with its number.

## What an action did (the last action's line). $piece: a colour, a
## colour and a kind (red T2), or piece-magnet; cells stay as they are.
piece-of = { $side } { $kind }
piece-magnet = magnet
piece-unknown = a piece
effect-place = { $piece } placed on { $at }
effect-move = { $piece } { $path }
effect-enter = { $piece } entered { $path }
effect-push = { $piece } pushed { $path }
effect-pull = { $piece } pulled { $path }
effect-capture = { $piece } captured on { $at }
effect-trapped = { $piece } destroyed by a trap on { $at }
effect-promote = { $at } promoted to rank { $rank }
effect-remove = { $piece } removed from { $at }
effect-line = { $side }'s line { $cells }
effect-claim = { $side } reaches { $count ->
    [one] { $count } empty cell
   *[other] { $count } empty cells
}

## The end of a game: "You win! Ann (white) wins." then who did what.
end-you-win = You win! { $headline }
end-you-lose = You lose. { $headline }
end-game-over = Game over. { $headline }
end-no-result = No result.
end-draw = A draw.
# $count: how many winners.
end-wins = { $count ->
    [one] { $who } wins.
   *[other] { $who } win.
}
end-resigned = { $who } resigned.
end-out-of-time = { $who } ran out of time on the room’s clock.
end-claimed = { $who } was away on their turn, so { $winner } claimed the game.
end-claimed-by-others = { $who } was away on their turn, so the others claimed the game.
end-draw-agreed = A draw was offered and accepted: both sides agreed to a draw.
end-aborted = { $who } aborted the game before every player had moved: it has no result.
end-closed = { $owner } closed the room before the game started.
end-closed-by-owner = The room’s owner closed the room before the game started.
end-abandoned = Every player stayed away too long: the game was abandoned without a result.
end-expired = Nobody started the game in time: the room expired.
end-four-in-a-row = { $won } made four in a row, moved into place by the magnetic effect.
end-far-row-all = { $won } brought all { $count } pieces to the far row.
end-far-row-ahead = { $won } got ahead on the far row, { $ahead } to { $behind }, and { $lost }’s one move after that did not draw level.
end-cannot-move = { $lost } could not complete a move.
end-king-captured = { $won } captured { $lost }’s King.
end-king-trapped = { $lost }’s King captured a trap and was destroyed with it.
end-king-centre = { $won }’s King stood on the centre for a whole turn.
end-two-king-race = Only the two Kings were left, and { $won }’s King reached the centre first.
end-repetition = The same position came back a third time: a draw.
end-no-moves = Neither side could move: a draw.
end-agreed = Both sides agreed to a draw.
end-resignation = { $lost } resigned.
end-on-time = { $lost } ran out of time on the room’s clock.
end-all-passed = Everyone passed in a row, so the game was scored.
end-agreed-end = Everyone agreed to end the game, so it was scored.
# $color: the colour that played last, in words.
end-tie-last-mover = The best scores were tied; { $color } played last and takes the tie.
end-tie-no-turn = The best scores were tied, and no tied colour has taken a turn: a draw.
# $scores: each colour and its score, "red 9, blue 4".
end-scores = Scores: { $scores }.
# A reason the client does not know: the rules' words as they are.
end-other = { $reason }.
# A rematch after the end: who is in, whom it waits for.
rematch-opened = Rematch: it has opened.
rematch-in = Rematch: { $accepted } in.
rematch-waiting = Rematch: { $accepted } in; waiting for { $waiting }.
rematch-asks-you = Rematch: { $accepted } in; waiting for { $waiting } (r accepts, R declines).
# A board this client cannot draw ($error: the technical detail, untranslated).
board-unknown-game = This client does not know the game { $game }: update lodestone.
board-unreadable = Cannot read the { $game } board the server sent: { $error }

## A key refused, in a line under the board or the lobby.
refuse-no-moves = You have no moves to make now.
# $move: what was typed, as it was typed.
refuse-not-legal = “{ $move }” is not one of your legal moves now (Tab completes).
refuse-seat-taken = That seat is taken: choose a free one.
refuse-seated = You already have a seat here (l leaves it).
refuse-bot-seat = A bot needs a free seat: choose one with ↑ ↓.
refuse-start-unseated = Take a seat first: only players may start.
refuse-start-free-seat = Every seat must be taken before the start (a adds a bot).
refuse-rematch-watcher = Only the players can ask for a rematch.
refuse-table-watcher = Only the players act at the table.
refuse-no-draw-offer = No draw offer waits for your answer.
refuse-empty-name = A name cannot be empty.
refuse-no-room = No room to open: n creates one, j opens one by its link.
refuse-no-games = This server offers no games.
refuse-games-loading = Still asking the server for its games; try again in a moment.
# $error: why the list of games could not be had (the system's words).
refuse-games-failed = Cannot create a room: { $error }

## Opening a room by what was typed (j in the lobby).
join-no-room = That link names no room (it should end in #/room/ID).
join-empty = Type a room link, or a room id and its invite code.
join-too-many = Type a room id and at most one invite code.
join-not-an-id = "{ $room }" is not a room id (room ids are like 7c9e6679-7425-40de-944b-e07fc1f90ae7).

## The server's address on the command line (lodestone play URL). $url:
## what was given; $error: the URL parser's words.
url-empty = the server URL is empty; give one like http://127.0.0.1:8080
url-bad = { $url } is not a URL ({ $error }); give one like http://127.0.0.1:8080
url-scheme = { $url }: the scheme { $scheme }:// is not one of http://, https://, ws:// or wss://
url-no-host = { $url } names no host; give one like http://127.0.0.1:8080
url-password = { $url }: a user name or password in the URL is not supported
url-not-room-link = { $url }: the part after # is not a room link (#/room/ID?invite=CODE)
# A seat to act, then its player: "white (Ann)".
turn-seat = { $seat } ({ $name })

## The title line's connection state (after ● or ○). $reason: why the
## connection was lost (the system's words, or a conn- message).
title-connecting = connecting…
title-online = online
title-no-answer = no answer from the server: reconnecting…
title-retry-in = reconnecting… next try in { $seconds } s ({ $reason })
title-retrying = reconnecting… ({ $reason })
conn-upgrading = the server is being upgraded
conn-closed = the server closed the connection
conn-broke = the connection broke
conn-silent = no word from the server for { $seconds } s
# $reason: the server's own words (its bye).
conn-goodbye = the server said goodbye: { $reason }
conn-unreadable = the server sent a message this client cannot read ({ $error })
conn-tls-handshake = the TLS handshake failed: { $error } (does the server speak TLS at this address?)
conn-no-answer = no answer within { $seconds } s
conn-not-websocket = the server answered HTTP { $status } instead of a WebSocket (is this a Lodestone server?)
# The list of games (GET /api/games) could not be had.
games-get = cannot get { $url }: { $error }
games-read = cannot read { $url }: { $error }
games-not-listed = { $url } did not list games ({ $error })
games-failed = the games request failed: { $error }

## Notices under the board or the lobby.
notice-offline = Not connected to the server right now; wait for the reconnect.
notice-move-unanswered = The connection dropped before the server answered your move; if it arrived, it is in the move list.
notice-not-stored = { $action }: the server could not store it yet; sending it again in { $ms } ms.
notice-bye = The server closed the connection: { $reason }.
# A refusal: the server's sentence, then its code (which stays as it is).
notice-refused = { $message } ({ $code })
# A refusal of a move, a chat line, a rematch ($what).
notice-refused-about = { $what }: { $message } ({ $code })
notice-rematch = Rematch
notice-room-created = Room created: take a seat (Enter), add a bot (a) for a free seat.
notice-you-sit = You sit at { $seat }.
notice-bot-sits = A bot sits at { $seat }.
notice-rematch-in = You are in for a rematch: it opens once every player is.
notice-rematch-out = No rematch from you.
notice-rematch-begun = The rematch has begun.
notice-new-guest = The server did not know your token: you are a new guest there.
notice-name-refused = The server refused your name: { $message }. Press e in the lobby to choose another.
notice-no-list = Cannot list the rooms: { $message }
notice-no-such-room = There is no room { $room } on this server.
notice-room-private = This room is private: open it with its invite link or code (j in the lobby).
notice-cannot-watch = Cannot watch this room: { $message } ({ $code }).
notice-moved-on = { $action }: the game moved on before your move arrived; it was not played.
seat-some = a seat

## Why lodestone play stopped (printed after it leaves the screen).
## $error: the system's words.
exit-bad-name = "{ $name }" cannot be a name: use 1 to 32 characters without control characters
exit-no-config-dir = cannot find your config directory (is HOME set?); pass --identity FILE
exit-unreachable = cannot reach { $server }: { $error }
exit-no-terminal = lodestone play needs a terminal (it draws the whole screen)
exit-terminal = cannot use the terminal: { $error }
exit-draw = cannot draw on the terminal: { $error }
exit-keyboard = cannot read the keyboard: { $error }
exit-signals = cannot listen for signals: { $error }
exit-connection-stopped = the connection stopped working; start lodestone play again
identity-not-one = { $file } is not an identity file ({ $error }); move it away or pass --identity FILE
identity-unreadable = cannot read { $file }: { $error }
identity-unwritable = cannot write { $file }: { $error }
# A new player's name until they choose one.
guest-name = Guest { $number }
