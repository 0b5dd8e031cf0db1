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
