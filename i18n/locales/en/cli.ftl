## The command line's words beyond `lodestone play`'s screens.

## `lodestone tournament` (docs/tournaments.md, "In a terminal"). The
## English lines are the ones that page shows; programs read `--json`
## instead, so any language may word and order them as it likes.
## $status is upcoming, running or finished; $format is round-robin,
## swiss, arena or magma (the protocol's names).
tournament-list-line = { $id } { $status } { $format } { $game } { $players } { $name }
tournament-header = { $name }: { $format } of { $game }, { $status }
tournament-header-rounds = { $name }: { $format } of { $game }, { $status }, round { $round } of { $rounds }
tournament-standings = standings:
# One player's line; $sb is the Sonneborn-Berger tie-break.
tournament-standing = { $place }. { $name } { $points } (won { $won }, drawn { $drawn }, lost { $lost }; Buchholz { $buchholz }, Sonneborn-Berger { $sb })
tournament-teams = teams:
# One team's line, then its players' names.
tournament-team-standing = { $place }. { $name } { $points } (won { $won }, drawn { $drawn }, lost { $lost }; Buchholz { $buchholz }, Sonneborn-Berger { $sb }): { $members }
tournament-round = round { $number }:
# In place of a game's score until it is over.
tournament-playing = playing
tournament-bye = { $name } bye
tournament-your-game = your game: { $room }
tournament-your-game-none = your game: none
tournament-created = tournament { $id }
tournament-invite = invite { $code }
tournament-joined = joined { $id }
tournament-bot-added = bot added
tournament-withdrew = withdrew from { $id }
tournament-started = started { $id }
tournament-waiting = waiting for your game in { $name } …
# Why it stopped. $message: the server's sentence (already in the
# language); $code: its code.
tournament-refused = { $message } ({ $code })
tournament-send-failed = the connection failed: { $error }
tournament-unexpected = unexpected answer { $answer }
tournament-bad-format = --format "{ $format }" is not round-robin, swiss, arena or magma
tournament-bad-teams = --teams "{ $teams }" is not pairs
tournament-bad-option = --option "{ $option }" is not KEY=VALUE

## The other commands: replay, verify, perft, load, duel and bot
## (docs/translating.md, "The terminal"). Their results on standard
## output are for programs and stay the same in every language: a
## record's position and `result:` lines, perft's count, verify's last
## line, duel's and load's reports, bot's `room`, `played` and `result:`
## lines. These are what people read around them: errors, notes on
## standard error, verify's checks, a bot's waits.

# The mark between a number's units and its decimals (0.5 s).
cli-decimal-mark = .
# Any command's error, after the program's name.
cli-failed = lodestone: { $message }
# $value: what was given, in quotes.
cli-not-seconds = { $value } is not a number of seconds
cli-seconds-from-zero = { $value } is not a number of seconds from 0 up
cli-not-rate = { $value } is not a number of moves per second
cli-rate-above-zero = { $value } moves per second: the rate must be a number above 0 (leave out --rate to play as fast as the server answers)
cli-cannot-write = cannot write the output: { $error }
cli-cannot-read = cannot read { $file }: { $error }
cli-games-at-least-one = --games must be at least 1
# A value of the command line the rules do not know. $game, $level,
# $option: what was given, in quotes; the names in brackets stay.
cli-unknown-game = unknown game { $game } (one of magnet, magma, magnetism, magneton)
cli-unknown-level = unknown bot level { $level } (random, greedy, easy, normal or hard)
cli-not-key-value = option { $option } is not KEY=VALUE

## `lodestone replay` and `lodestone perft`. $game, $wanted: a game's
## name (magneton…); $seats: the game's seat names, as the rules write
## them; `spectator` is the word --as takes.
replay-illegal-action = the record has an illegal action
replay-not-a-seat = { $name } is not a seat of { $game } ({ $seats } or spectator)
perft-other-game = { $file } is a record of { $game }, not { $wanted }
perft-option-with-record = --option cannot be combined with --record: the record's headers give the options

## `lodestone verify`: a line per check. [Seed], [SeedCommitment] and
## [Commitment] are the record's headers (NOTATION.md), SHA-256 the
## hash; $number counts actions from 1; $action, $expected: actions in
## the game's notation; $seat: a seat's name; $error: the rules' words.
verify-does-not-verify = { $file } does not verify
verify-commitment-twice = action { $number }: more than one [Commitment]
verify-commitment-unreadable = [Commitment "{ $value }"] is not "<action number> <commitment> <salt>"
verify-seed-matches = seed: SHA-256 of [Seed] is [SeedCommitment] { $committed }
verify-seed-differs = seed: SHA-256 of [Seed] is { $actual }, but [SeedCommitment] is { $committed }
verify-seed-uncommitted = seed: revealed, but the record has no [SeedCommitment] to check it against
verify-seed-unrevealed = seed: not revealed yet (the game is not over): dealt setups not checked
verify-bad-options = the record's options: { $error }
verify-bad-game = the record's game: { $error }
verify-over = action { $number }: { $action }: the game is already over
verify-illegal = action { $number }: { $action }: { $error }
verify-dealt = action { $number }: dealt from the seed
verify-dealt-otherwise = action { $number }: { $action }: the seed deals { $seat } { $expected }
verify-commitment-matches = action { $number }: commitment { $commitment } matches
verify-commitment-differs = action { $number }: SHA-256 of "{ $salt }:{ $action }" is { $actual }, but [Commitment] says { $commitment }
verify-uncommitted = action { $number }: { $action } was secret when played, but has no [Commitment]
verify-commitment-past-end = [Commitment] names action { $number }, but the record has { $actions } actions
verify-deal-missing = the seed deals { $seat } { $expected } after the last action, which the record lacks

## `lodestone load`: its start and its errors (the report itself stays
## English: scripts read it). Closed loop: every game moves as soon as
## it may; open loop: at $rate moves a second in all.
load-starting = lodestone load: { $games } concurrent { $game } games, { $mode }, { $seconds } s
load-starting-nodes = lodestone load: { $games } concurrent { $game } games over { $nodes } nodes, { $mode }, { $seconds } s
load-closed-loop = closed loop
load-open-loop = open loop at { $rate } moves/s
load-no-url = give the server's URL
load-rate-too-small = --rate { $rate } is too small for { $games } games (each would wait longer than a duration can be)
load-magnet-dealt-only = lodestone load plays Magnet with dealt setups only (--option setup=random, the default here): it does not arrange chosen setups
load-had-errors = the run had errors
load-limits-hint = hint: the server refused requests for its limits: start it for a load test with --rate-limit 0 --per-address 0 --connect-rate 0 --request-rate 0 --guests-per-hour 0 --rooms-per-guest 0 --rooms-per-address 0 (docs/operating.md), or stay under its limits
load-slot-failed = lodestone load: a game slot failed: { $error }
load-bot-room-failed = lodestone load: a bot room failed: { $error }
load-connection = connection { $number } to { $url }
load-game-setup = a game's setup
load-a-connection = a connection to { $url }
load-closed-in-game = a connection closed during a game
load-bot-room-closed = a bot room's connection closed
load-no-process = no process { $pid }
load-no-rss = no VmRSS line

## Connecting (`lodestone load` and `lodestone bot`). $url: a server's
## address; $code, $message: the server's refusal. A "move" here is a
## room moved to another node (`moved`), not a move of the game.
net-url-scheme = { $url }: use ws://HOST:PORT or http://HOST:PORT (TLS is the proxy's job)
net-url-host = { $url }: the host must be an IP address and a port, like 127.0.0.1:8080
net-url-remote = { $url } is not a loopback address; pass --allow-remote to drive another host
net-connecting = connecting
net-handshake = WebSocket handshake
net-no-node = no node to go to
net-no-welcome = { $url } did not welcome us in time
net-going-to = going to { $url }
net-closed-before-welcome = { $url } closed the connection before its welcome
net-hello-refused = { $url }: hello after a move: { $code }: { $message }
net-no-answer = no answer in { $seconds } s
net-lost = the connection dropped before the reply
net-lost-request = { $lost }; the request may or may not have been carried out
net-stalled-no-node = the server does not answer, and there is no node to go to
net-moved = the server moved room { $room } to { $url }
net-moved-before-hello = the server moved room { $room } to { $url } before hello
net-moved-too-often = room { $room } was moved to { $url } { $times } times in a row; giving up
net-following-move = following a move
net-not-understood = the server answered with a message this client does not understand
# $request: the protocol's name of what was asked (hello, join…).
net-unexpected-reply = unexpected reply to { $request }: { $reply }

## `lodestone duel`, on standard error as the games end. A and B are
## the two levels; $why: how a game ended, the sentences of end-*
## (play.ftl) with A and B as the sides, without their last full stop.
duel-jobs-range = --jobs must be between 1 and 64
duel-think-at-least-one = --think and --iterations must be at least 1
duel-a-wins = A wins ({ $why })
duel-b-wins = B wins ({ $why })
duel-draw = draw ({ $why })
duel-unfinished = unfinished after { $actions } actions
# $won, $lost, $drawn: A's games so far; $seconds, $total: seconds.
duel-game = game { $number }/{ $games }: { $result }, { $actions } actions, { $seconds } s (A { $won }-{ $lost }-{ $drawn } so far, { $total } s in all)
duel-thought = { $side } thought { $cpu } s of CPU a move ({ $moves } moves with a choice)
duel-game-failed = game { $number }: { $error }
duel-chance-refused = the rules refused chance's { $action }: { $error }
duel-deadline-refused = the rules refused their own { $action }: { $error }
duel-choice-refused = { $level } chose { $action }, which the rules refuse: { $error }

## `lodestone bot`: what it says besides its moves. $what: an action, or
## bot-the-start / bot-the-request.
bot-think-at-least-one = --think must be at least 1
bot-no-server = no server to play on
bot-joining = joining the room
bot-waiting = waiting for players: join room { $room }
bot-waiting-invite = waiting for players: join room { $room } with invite { $code }
bot-declined-draw = declined a draw offer
bot-draw-answer-failed = lodestone bot: answering the draw offer: { $error }
bot-moved-on = lodestone bot: { $action } not played: the room moved on from version { $version } (perhaps by this move, sent before); deciding again
bot-refused = lodestone bot: { $action } refused: { $error }
bot-retrying = lodestone bot: { $what } not carried out ({ $error }); trying again in { $ms } ms
bot-the-start = the start
bot-the-request = the request
bot-closed = the server closed the connection

## `lodestone --help` and each command's help (clients/cli/src/help.rs):
## usage-CMD-about (a line), usage-CMD-long (--help), usage-CMD-examples,
## usage-CMD-arg-ARG (an argument's help). The English is exactly the doc
## comments of clients/cli/src/main.rs (a test compares them). Flags,
## values in capitals (URL, FILE, KEY=VALUE), commands and file names
## stay as they are.
usage-about = Lodestone's command-line client for the magnet games
usage-examples =
    Examples:
      lodestone play http://127.0.0.1:8080
          play in this terminal: the lobby, rooms, boards, bots (docs/play.md)
      lodestone play 'http://127.0.0.1:8080/#/room/ID?invite=CODE'
          open the room of an invite link
      lodestone replay tests/records/magneton/valid/forced-pass.txt
          print the final position and the result of a recorded game
      lodestone replay game.txt --as black
          the final position as black may see it
      lodestone verify game.txt
          check a finished game's commitments and dealt setups against its revealed seed
      lodestone perft magneton 2
          count the distinct positions two actions from the start (4032)
      lodestone perft magneton 1 --record game.txt
          count from the position after a record (its headers give the options)
      lodestone perft magneton 2 --option move-rule=per-ray --position "8/8/8/3W4/8/8/8/8 b 11 12"
          count from a position in the game's position format
      lodestone load ws://127.0.0.1:8080 --game magneton --games 100 --duration 30 --server-pid 4242
          100 concurrent games of random moves for 30 s; throughput, latency, CPU per move
      lodestone load ws://127.0.0.1:8080 --idle 1000 --server-pid 4242
          1000 idle connections; the server's memory per connection
      lodestone duel magneton --a hard --b greedy --games 40
          two bot levels play 40 games; wins, score and Elo difference
usage-play-about = Play in this terminal: a full-screen client for the lobby and the games, over the same protocol as the browser
usage-play-long =
    Play in this terminal: a full-screen client for the lobby and the games, over the same protocol as the browser.

    Create a room for any game, take a seat or watch, add bots, join a private room by its invite link or code, and play with the arrow keys or by typing moves. Your name and guest token are kept in the identity file, so you come back as the same player; a dropped connection or a restarted server is rejoined by itself. Exits 0 when you quit; 1 if the server cannot be reached; 2 for a bad URL or flag. Keys and screens: docs/play.md.
usage-play-examples =
    Examples:
      lodestone play http://127.0.0.1:8080
      lodestone play 127.0.0.1:8080 --name Ann --bell
      lodestone play 'http://127.0.0.1:8080/#/room/7c9e...?invite=0f3a...'
      lodestone play http://127.0.0.1:8080 --identity ~/second.json --no-color
usage-play-arg-url = The server (http://HOST:PORT, https://…, ws://…), or a room's invite link (http://HOST:PORT/#/room/ID?invite=CODE) to open that room
usage-play-arg-name = Your display name; kept in the identity file for next time
usage-play-arg-identity = The identity file (name and guest tokens). Default: $XDG_CONFIG_HOME/lodestone/identity.json, usually ~/.config/lodestone/identity.json
usage-play-arg-bell = Ring the terminal bell when it becomes your turn
usage-play-arg-no-color = No colours (as when NO_COLOR is set); letters still tell the sides apart
usage-tournament-about = Tournaments from the terminal: list them, show one (standings, rounds, your game), enter or withdraw, organize one (--create, --add-bot, --start), and with --play wait for your next game and open it in `lodestone play`. Uses `lodestone play`'s identity file. Prints lines in the terminal's language, or the server's answers as JSON with --json: docs/tournaments.md ("In a terminal")
usage-tournament-examples =
    Examples:
      lodestone tournament http://127.0.0.1:8080
      lodestone tournament http://127.0.0.1:8080 --create 'Friday league' --game magneton --format swiss --rounds 5 --bots
      lodestone tournament http://127.0.0.1:8080 5b0c8a0e-... --join --play
usage-tournament-arg-url = The server (http://HOST:PORT, https://…, ws://…)
usage-tournament-arg-id = The tournament's id; without it, the list of tournaments
usage-tournament-arg-join = Enter the tournament (or come back after withdrawing)
usage-tournament-arg-invite = A private tournament's invite code
usage-tournament-arg-withdraw = Leave before the start, or withdraw during the event
usage-tournament-arg-create = Organize a tournament of this name (with --game, --format, …); prints `tournament ID`
usage-tournament-arg-game = With --create: the game
usage-tournament-arg-format = With --create: round-robin, swiss, arena or magma
usage-tournament-arg-rounds = With --create: rounds of a Swiss or Magma event
usage-tournament-arg-seconds = With --create: an arena's length in seconds
usage-tournament-arg-table = With --create: a Magma event's players a table
usage-tournament-arg-teams = With --create: a Magma event of teams fixed for the event (`pairs`: teams of two, at tables of 4 or 6)
usage-tournament-arg-team = With --join or --add-bot: the team (a new name makes it, a team's name joins it)
usage-tournament-arg-options = With --create: the games' options, KEY=VALUE (as for a room)
usage-tournament-arg-bots = With --create: computer players may enter
usage-tournament-arg-private = With --create: private (joined by its invite code)
usage-tournament-arg-add-bot = The organizer enters a computer player of this level
usage-tournament-arg-start = The organizer starts the tournament now
usage-tournament-arg-play = Wait for your next game and open it in `lodestone play`
usage-tournament-arg-name = Your display name; kept in the identity file
usage-tournament-arg-identity = The identity file (as `lodestone play` keeps it)
usage-tournament-arg-json = For programs: each answer of the server as one line of JSON (the protocol's `tournaments` or `tournament` message), the same in every language, instead of lines in words
usage-replay-about = Replay a game record and print the final position and the result
usage-replay-long =
    Replay a game record and print the final position and the result.

    Prints the final position in the game's position format, then a last line `result: ongoing`, `result: draw (<reason>)` or `result: <seat> wins (<reason>)`, and exits 0. If an action cannot be read or is illegal, prints `action N: <the action>: <reason>` (N counts actions from 1; headers and comments do not count) and exits 1.
usage-replay-examples =
    Example:
      lodestone replay game.txt --as white
usage-replay-arg-file = The record file (NOTATION.md format)
usage-replay-arg-viewer = Print the position as this seat may see it (`white`, `red`, `3`, or `spectator`) instead of in full
usage-verify-about = Check a finished game's record against what the server committed to
usage-verify-long =
    Check a finished game's record against what the server committed to.

    Checks the revealed [Seed] against [SeedCommitment], each [Commitment "N <commitment> <salt>"] against action N (actions counted from 1, as replay counts them), each dealt setup against a new draw from the seed, that every secret action has a commitment, and that every action is legal. Prints one line per check and a last line `result: verified (N checks)` (exit 0) or `result: F of N checks failed` (exit 1).
usage-verify-examples =
    Example:
      lodestone verify game.txt
usage-verify-arg-file = The record file, as the server gives it once the game is over
usage-perft-about = Count perft: the distinct positions reachable in DEPTH actions
usage-perft-long =
    Count perft: the distinct positions reachable in DEPTH actions.

    Counts from the start of GAME, or from the position after the actions of a record. Prints the count and exits 0.
usage-perft-examples =
    Examples:
      lodestone perft magneton 3
      lodestone perft magneton 2 --option move-rule=per-ray
usage-perft-arg-game = magnet, magma, magnetism or magneton
usage-perft-arg-depth = How many actions deep to count
usage-perft-arg-options = A game option, KEY=VALUE (repeatable)
usage-perft-arg-record = Count from the position after this record (its headers give the options)
usage-perft-arg-position = Count from this position, written in the game's position format
usage-load-about = Drive a server with concurrent games of random legal moves, or with idle connections, and report what it sustains
usage-load-long =
    Drive a server with concurrent games of random legal moves, or with idle connections, and report what it sustains.

    Prints games started and finished, moves and moves per second, move round-trip latency percentiles (sending an action until the mover receives the update that includes it), the server's CPU time per move (with --server-pid), errors and disconnects. Stops by itself. With several servers (the nodes of one cluster), spreads the players over them, follows `moved`, and adds a line per node.
usage-load-examples =
    Examples:
      lodestone load ws://127.0.0.1:8080 --game magma --option players=6 --games 100 --duration 20
      lodestone load ws://127.0.0.1:8081,ws://127.0.0.1:8082 --server ws://127.0.0.1:8083 --games 30
      lodestone load ws://127.0.0.1:8080 --games 500 --rate 5000 --duration 20 --server-pid 4242
      lodestone load ws://127.0.0.1:8080 --idle 15000 --sources 4 --server-pid 4242
usage-load-arg-urls = The server: ws://HOST:PORT or http://HOST:PORT (an IP address). Several nodes of one cluster: more URLs, or one comma-separated list; the players are spread over them
usage-load-arg-servers = One more server (node) to spread the players over (repeatable, or a comma-separated list); the same as more URLs
usage-load-arg-game = The game to play (Magnet with dealt setups: `setup=random`)
usage-load-arg-options = A game option, KEY=VALUE (repeatable)
usage-load-arg-games = Concurrent games
usage-load-arg-duration = Seconds to play; games still in progress then are left unfinished (with --total-games, the run may end sooner)
usage-load-arg-total-games = Stop after this many games in all
usage-load-arg-rate = Open loop: moves per second offered by all games together (each game moves on a fixed schedule). Without it: closed loop
usage-load-arg-idle = Instead of games, open this many idle connections and report the server's memory per connection
usage-load-arg-live-games = Instead of playing, open this many live games (a connection per seat, every seat taken, the game started, no move) and report the server's memory per live game (with --server-pid)
usage-load-arg-after-game = With --live-games: play each game to its end first, its players still watching, to measure a finished room kept for a rematch
usage-load-arg-hold = Seconds to hold the idle connections (or the live games)
usage-load-arg-server-pid = The server's process id, to read its CPU time and memory from /proc (repeatable: several nodes' figures are summed)
usage-load-arg-sources = Spread connections over 127.0.0.1 to 127.0.0.N (past the ephemeral port limit of one source address)
usage-load-arg-seed = Seed of the random move choices
usage-load-arg-bot-rooms = Also open this many rooms where one client plays against the server's bots (the other seats), answering at once, so that bots think throughout the run; their moves are reported apart
usage-load-arg-bot-level = The level of those bots
usage-load-arg-risks = Ask for the risks of the offered moves, as a person's client does (by default the players say they judge them themselves)
usage-load-arg-allow-remote = Allow a server that is not on a loopback address
usage-bot-about = Play one seat of a game as a computer player, through the public protocol, seeing only that seat's view
usage-bot-long =
    Play one seat of a game as a computer player, through the public protocol, seeing only that seat's view.

    Joins a room (--room), or opens one and waits for players; plays until the game ends; prints `room ID seat N`, each `played ACTION`, and a last line `result: ...`. Levels: random (any offered action), greedy (the best action one move ahead by a simple per-game evaluation), and the searching easy, normal and hard (docs/bots.md).
usage-bot-examples =
    Examples:
      lodestone bot ws://127.0.0.1:8080 --game magnet --level greedy
      lodestone bot ws://127.0.0.1:8080 --room 7c9e... --seat black --level random
usage-bot-arg-url = The server: ws://HOST:PORT or http://HOST:PORT (an IP address). Several nodes of one cluster: a comma-separated list; the bot starts at the first, and when the node it talks to drops it goes on through them in turn
usage-bot-arg-room = Join this room; without it, open a new room and wait for players
usage-bot-arg-invite = The invite code of a private room
usage-bot-arg-seat = The seat to take: an index from 0 or the seat's name
usage-bot-arg-game = The game of a room the bot opens
usage-bot-arg-options = An option of a room the bot opens, KEY=VALUE (repeatable)
usage-bot-arg-private = Open a private room (joined with its invite code)
usage-bot-arg-level = random, greedy, easy, normal or hard
usage-bot-arg-think = Milliseconds a searching level may think per move (instead of its iteration budget); a turn's timer always caps it
usage-bot-arg-name = The bot's display name (with --token, the account keeps its own unless this is given)
usage-bot-arg-token = Play as a bot account: the API token made in its settings (docs/api.md), instead of a new guest. Better given in the environment than on the command line
usage-bot-arg-seed = Seed of the bot's random choices
usage-bot-arg-allow-remote = Allow a server that is not on a loopback address
usage-duel-about = Play two bot levels against each other in this process and report how they fared
usage-duel-long =
    Play two bot levels against each other in this process and report how they fared.

    Plays GAMES games, alternating sides (Magma: the two levels spread over the teams), reporting each game on standard error as it ends. Prints a header line, then `A wins: N`, `B wins: N`, `draws: N` (and `unfinished: N` for games cut off by --max-actions, which count as draws), `score A: X%` and `elo A-B: D (95%: LOW to HIGH)`. Without --think the search levels use their own iteration budgets, so a run is reproducible from --seed.
usage-duel-examples =
    Examples:
      lodestone duel magneton --a hard --b greedy --games 40
      lodestone duel magma --a normal --b greedy --games 20 --option players=4 --think 250
      lodestone duel magnet --a easy --b random --games 10 --iterations 200 --jobs 2
usage-duel-arg-game = magnet, magma, magnetism or magneton
usage-duel-arg-a = Level A: random, greedy, easy, normal or hard
usage-duel-arg-b = Level B
usage-duel-arg-games = How many games to play
usage-duel-arg-think = Milliseconds a search level may think per move (instead of its iteration budget)
usage-duel-arg-iterations = Search iterations per move for both search levels (instead of each level's own)
usage-duel-arg-options = A game option, KEY=VALUE (repeatable)
usage-duel-arg-max-actions = Actions after which a game is cut off as unfinished
usage-duel-arg-seed = Seed of the games (game i uses a seed made from it and i)
usage-duel-arg-jobs = Games played at once, on as many threads
