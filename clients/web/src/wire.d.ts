// Generated from the protocol crate's types (protocol/src/typescript.rs);
// do not edit. After changing a wire type, regenerate it with
// LODESTONE_WRITE_TYPES=1 cargo test -p lodestone-protocol --test typescript

/**
 * A client-chosen request id, echoed in the reply: a number or a string.
 */
export type RequestId = number | string;

/**
 * A seat, by its index from 0 in turn order or by its name in the game
 * (`"white"`, `"red"`, `"3"`).
 */
export type SeatRef = number | string;

/**
 * A message from a client.
 */
export type ClientMessage = { "type": "hello", id: RequestId, protocol: number, name?: string | null, token?: string | null,
/**
 * The language of the client's person (`fr`, `de-CH`,
 * `fr_FR.UTF-8`): the server's sentences (errors, the pushes of
 * subscriptions made on this connection) come in it where it has
 * a catalogue, in English otherwise. Codes never change.
 */
lang?: string,
/**
 * `false`: this client judges its own risks (a bot, a load
 * generator), so `play.risks` may be left out of the updates of a
 * seat that only such connections watch. Absent or `true`: they
 * are sent as always.
 */
risks?: boolean, }
  | { "type": "list_rooms", id: RequestId, game?: string | null, playing?: boolean, }
  | { "type": "create_room", id: RequestId, game: string,
/**
 * Option values are text; JSON numbers and booleans are read as
 * their text (`3`, `true`).
 */
options?: Record<string, string | number | boolean>, public?: boolean, }
  | { "type": "join", id: RequestId, room: string, seat?: SeatRef | null, invite?: string | null, }
  | { "type": "leave", id: RequestId, room: string, }
  | { "type": "start", id: RequestId, room: string, }
  | { "type": "watch", id: RequestId, room: string, invite?: string | null, }
  | { "type": "unwatch", id: RequestId, room: string, }
  | { "type": "act", id: RequestId, room: string, action: string,
/**
 * The room's `version` the client saw when it chose this (its
 * latest `update`): if the room changed since (chat lines aside),
 * the request is refused with `moved-on` and nothing changes.
 * Absent: no such check. A client that sends an unanswered
 * request again after a lost connection sends the same `at`.
 */
at?: number, }
  | { "type": "add_bot", id: RequestId, room: string, seat?: SeatRef | null, level?: string | null, invite?: string | null,
/**
 * Hand one's own seat to the bot (before the start or during the
 * game) instead of seating it at a free seat.
 */
replace_me?: boolean, }
  | { "type": "resign", id: RequestId, room: string,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "berserk", id: RequestId, room: string,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "offer_draw", id: RequestId, room: string,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "answer_draw", id: RequestId, room: string, accept: boolean,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "abort", id: RequestId, room: string,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "claim", id: RequestId, room: string,
/**
 * As `act`'s `at`.
 */
at?: number, }
  | { "type": "remove_bot", id: RequestId, room: string, seat: SeatRef, }
  | { "type": "kick", id: RequestId, room: string, seat: SeatRef, }
  | { "type": "close_room", id: RequestId, room: string, }
  | { "type": "ping", id: RequestId, }
  | { "type": "replay", id: RequestId, room: string, ply: number, invite?: string | null, }
  | { "type": "rematch", id: RequestId, room: string, accept?: boolean, }
  | { "type": "chat", id: RequestId, room: string, text: string, to?: ChatTo, }
  | { "type": "set_chat", id: RequestId, room: string, on: boolean, }
  | { "type": "register", id: RequestId, name: string, password: Password, }
  | { "type": "login", id: RequestId, name: string, password: Password, }
  | { "type": "block", id: RequestId, player: string, }
  | { "type": "unblock", id: RequestId, player: string, }
  | { "type": "preferences", id: RequestId, }
  | { "type": "set_preferences", id: RequestId, zen?: boolean, mute_spectators?: boolean, }
  | { "type": "report", id: RequestId, player: string, room?: string, line?: number, reason: string, }
  | { "type": "export_my_data", id: RequestId, }
  | { "type": "delete_account", id: RequestId, password?: Password, }
  | { "type": "admin_overview", id: RequestId, }
  | { "type": "admin_reports", id: RequestId, all?: boolean, }
  | { "type": "admin_take_report", id: RequestId, report: string, }
  | { "type": "admin_resolve_report", id: RequestId, report: string, outcome: ReportOutcome, note: string, }
  | { "type": "admin_timeout", id: RequestId, player: string, room?: string, minutes: number, reason: string, }
  | { "type": "admin_ban", id: RequestId, player?: string, address?: string, minutes?: number, reason: string, }
  | { "type": "admin_lift", id: RequestId, sanction: string, }
  | { "type": "admin_sanctions", id: RequestId, }
  | { "type": "admin_close_room", id: RequestId, room: string, reason: string, }
  | { "type": "admin_rename", id: RequestId, player: string, name: string, }
  | { "type": "admin_player", id: RequestId, player: string, }
  | { "type": "admin_set_role", id: RequestId, player: string, role: Role, }
  | { "type": "admin_audit", id: RequestId, all?: boolean, }
  | { "type": "admin_export", id: RequestId, player: string, }
  | { "type": "admin_delete", id: RequestId, player: string, }
  | { "type": "create_tournament", id: RequestId, tournament: TournamentSpec, }
  | { "type": "list_tournaments", id: RequestId, }
  | { "type": "watch_tournament", id: RequestId, tournament: string, invite?: string, }
  | { "type": "unwatch_tournament", id: RequestId, tournament: string, }
  | { "type": "join_tournament", id: RequestId, tournament: string, invite?: string, team?: string, }
  | { "type": "withdraw_tournament", id: RequestId, tournament: string, }
  | { "type": "start_tournament", id: RequestId, tournament: string, }
  | { "type": "remove_from_tournament", id: RequestId, tournament: string, player: string, }
  | { "type": "add_tournament_bot", id: RequestId, tournament: string, level: string,
/**
 * An event of fixed teams: the bot's team (absent: the first
 * team with room, else a team of its own).
 */
team?: string, }
  | { "type": "push_subscribe", id: RequestId, endpoint: string, keys: PushKeys, events?: Array<NotifyEvent>, }
  | { "type": "push_unsubscribe", id: RequestId, endpoint: string, }
  | { "type": "visibility", id: RequestId, visible: boolean, }
  | { "type": "set_webhook", id: RequestId, room?: string, url: string, format: WebhookFormat, events?: Array<NotifyEvent>, }
  | { "type": "delete_webhook", id: RequestId, room?: string, url: string, }
  | { "type": "my_turns", id: RequestId, }
  | { "type": "take_vacation", id: RequestId, days: number, message?: string, }
  | { "type": "end_vacation", id: RequestId, }
  | { "type": "my_vacation", id: RequestId, };

/**
 * A message from the server.
 */
export type ServerMessage = { "type": "welcome", id: RequestId, protocol: number, guest: Guest, token?: string, rooms: Array<string>, }
  | { "type": "ack", id: RequestId, room?: string, seat?: number, invite?: string, version?: number, }
  | { "type": "rooms", id: RequestId, rooms: Array<RoomSummary>, total: number, }
  | { "type": "pong", id: RequestId, }
  | { "type": "error", id: RequestId | null, code: Code, message: string,
/**
 * The refusal's values, for each language to say it with
 * (absent when it has none).
 */
detail?: Detail, }
  | { "type": "update", room: string, version: number, state: RoomState, }
  | { "type": "bye", reason: string, reconnect?: boolean, }
  | { "type": "moved", room: string, url: string, }
  | { "type": "replay", id: RequestId, room: string, ply: number, plies: number, version: number, revealed: boolean, state: RoomState,
/**
 * The chat lines the asking viewer could read at that point (the
 * same audiences as live: a team's lines only for its team).
 */
chat?: Array<ChatLine>, }
  | { "type": "chat", room: string, lines: Array<ChatLine>, }
  | { "type": "preferences", id: RequestId, zen: boolean, mute_spectators: boolean,
/**
 * The players you block.
 */
blocked: Array<Guest>,
/**
 * Your role on this server.
 */
role: Role, }
  | { "type": "player_data", id: RequestId, player: string, data: Record<string, unknown>, }
  | { "type": "admin_overview", id: RequestId, rooms: Array<LiveRoom>, online: Array<OnlinePlayer>, }
  | { "type": "admin_reports", id: RequestId, reports: Array<ReportInfo>, }
  | { "type": "admin_sanctions", id: RequestId, sanctions: Array<Sanction>, }
  | { "type": "admin_player", id: RequestId, player: PlayerFile, }
  | { "type": "admin_audit", id: RequestId, entries: Array<AuditEntry>, }
  | { "type": "tournament", id?: RequestId, tournament: TournamentState, }
  | { "type": "tournaments", id: RequestId, tournaments: Array<TournamentSummary>, }
  | { "type": "webhook", id: RequestId, url: string, secret: string, }
  | { "type": "turns", id: RequestId, rooms: Array<TurnWaiting>, }
  | { "type": "vacation", id: RequestId, vacation: VacationState, };

/**
 * A stable error code: why a request was refused.
 */
export type Code = "bad-json" | "bad-message" | "too-large" | "rate-limited" | "unsupported-protocol" | "not-identified" | "bad-token" | "bad-name" | "unknown-game" | "bad-option" | "bad-level" | "unknown-room" | "invite-required" | "no-such-seat" | "seat-taken" | "room-full" | "already-seated" | "not-seated" | "not-watching" | "already-started" | "not-started" | "seats-not-full" | "storage-failure" | "game-over" | "not-your-turn" | "wrong-phase" | "illegal-action" | "wrong-game" | "bad-notation" | "moved-on" | "too-many-rooms" | "too-many-watched" | "too-many-guests" | "server-full" | "too-many-connections" | "origin-not-allowed" | "token-in-url" | "not-owner" | "too-early" | "too-late" | "no-draw-offers" | "no-offer" | "offer-pending" | "no-berserk" | "not-a-bot" | "seat-empty" | "bad-ply" | "chat-off" | "bad-chat" | "chat-too-long" | "chat-rate-limited" | "no-teams" | "spectators-only" | "no-rematch" | "bad-password" | "name-taken" | "already-registered" | "bad-login" | "too-many-logins" | "rated-needs-accounts" | "unknown-player" | "not-an-account" | "has-ratings" | "not-a-bot-account" | "too-many-tokens" | "unknown-token" | "login-required" | "not-allowed" | "banned" | "timed-out" | "blocked" | "rated-banned" | "no-spectators" | "spectators-muted" | "unknown-report" | "in-game" | "unknown-tournament" | "tournament-full" | "not-invited" | "bots-not-allowed" | "too-many-tournaments" | "not-entered" | "bad-subscription" | "endpoint-not-allowed" | "too-many-subscriptions" | "bad-webhook" | "address-not-allowed" | "too-many-webhooks" | "account-required" | "not-subscribed" | "bad-vacation" | "vacation-used-up" | "on-vacation" | "not-on-vacation" | "team-full" | "bad-team";

/**
 * The details of a refusal, by `kind`.
 */
export type Detail = { "kind": "banned", address: boolean, reason: string, until?: number, minutes?: number, }
  | { "kind": "timed-out", reason: string, vacation?: boolean, until?: number, minutes?: number, }
  | { "kind": "rated-bots" }
  | { "kind": "rated-guests", names: Array<string>, }
  | { "kind": "rated-bot-accounts", names: Array<string>, }
  | { "kind": "not-owner", action: Action, owner?: string, }
  | { "kind": "not-organizer", action: Action, organizer: string, }
  | { "kind": "already-started", action: Action, }
  | { "kind": "no-such-seat", game: string, seat: string, seats: Array<string>, }
  | { "kind": "seat-taken", seat: string, name: string, }
  | { "kind": "already-seated", seat: string, }
  | { "kind": "seat-empty", seat: string, }
  | { "kind": "not-a-bot", seat: string, name: string, }
  | { "kind": "seats-not-full", count: number, }
  | { "kind": "moved-on", seen: number, now: number, }
  | { "kind": "chat-too-long", max: number, length: number, }
  | { "kind": "rated-banned", reason: string, until?: number, minutes?: number, }
  | { "kind": "reason-too-long", max: number, length: number, }
  | { "kind": "too-many-rooms", count: number, address: boolean, }
  | { "kind": "too-many-watched", count: number, }
  | { "kind": "too-many-guests", count: number, }
  | { "kind": "connect-rate", count: number, }
  | { "kind": "request-rate", count: number, }
  | { "kind": "message-rate", count: number, }
  | { "kind": "chat-rate", count: number, }
  | { "kind": "open-reports", count: number, }
  | { "kind": "too-many-logins", account: number, address: number, }
  | { "kind": "too-many-tokens", count: number, }
  | { "kind": "too-many-subscriptions", count: number, }
  | { "kind": "too-many-webhooks", count: number, }
  | { "kind": "too-few-players", count: number, }
  | { "kind": "too-few-teams" }
  | { "kind": "name-taken", name: string, }
  | { "kind": "unknown-player", name: string, }
  | { "kind": "unknown-room", room: string, }
  | { "kind": "room-unavailable", room: string, }
  | { "kind": "room-unreadable", room: string, }
  | { "kind": "replay-unavailable", room: string, }
  | { "kind": "rating-games", keys: Array<string>, }
  | { "kind": "unknown-report", report: string, }
  | { "kind": "unknown-sanction", sanction: string, }
  | { "kind": "not-an-address", address: string, }
  | { "kind": "unknown-chat-line", seq: number, }
  | { "kind": "vacation-length", max: number, }
  | { "kind": "on-vacation", until: number, }
  | { "kind": "vacation-used-up", left: number, max: number, }
  | { "kind": "chat-bidi", code_point: number, }
  | { "kind": "rematch-opened", room: string, }
  | { "kind": "protocol-version", speaks: number, asked: number, }
  | { "kind": "unread", what: Stored, }
  | { "kind": "not-moderation", id: RequestId, };

/**
 * What a refused request would have done.
 */
export type Action = "take-seat" | "leave-seat" | "seat-bot" | "remove-bot" | "free-seat" | "close-room" | "start-game" | "remove-player" | "start-tournament" | "enter-bot";

/**
 * What the server reads from its store to answer a request.
 */
export type Stored = "players" | "room" | "reports" | "sanctions" | "audit-log";

/**
 * A guest: a display name behind an unguessable token.
 */
export type Guest = { id: string, name: string, };

/**
 * One line of the room list.
 */
export type RoomSummary = { id: string, game: string, options: { [key in string]: string }, seats: number, taken: number, players: Array<string>, };

/**
 * A game the server can play, with the options `create_room` accepts
 * for it: the answer of `GET /api/games` is a list of these.
 */
export type GameInfo = {
/**
 * The game's name on the wire (`magneton`).
 */
game: string, options: Array<OptionInfo>,
/**
 * The computer players `add_bot` can seat, weakest first.
 */
bots: Array<BotInfo>, };

/**
 * One option of a game: its key, the values it accepts (the default
 * first) and a sentence saying what it does.
 */
export type OptionInfo = { key: string, values: Array<string>, default: string, help: string, };

/**
 * One level of computer player: its name for `add_bot`, and in words.
 */
export type BotInfo = {
/**
 * `random`, `greedy`, `easy`, `normal` or `hard`.
 */
level: string,
/**
 * The level's name for people (`Hard`).
 */
name: string,
/**
 * How it plays, in a few words.
 */
description: string, };

/**
 * Where a room is in its life.
 */
export type RoomStatus = "open" | "playing" | "finished" | "closed";

/**
 * A seat of a room.
 */
export type SeatState = { seat: number,
/**
 * The seat's name in the game (`white`, `red`, `3`).
 */
name: string,
/**
 * The colour the seat plays (Magma: its team's colour; otherwise the
 * seat's own).
 */
color: string,
/**
 * Seats on the same team share this number (Magma); otherwise each
 * seat is its own team.
 */
team: number, player: Guest | null,
/**
 * Whether the player has a connection watching the room now.
 */
connected: boolean,
/**
 * Whether the player is a computer player (absent when not).
 */
bot?: boolean,
/**
 * Whether the player is a bot account: an account a program plays
 * through the protocol (absent when not).
 */
bot_account?: boolean,
/**
 * The player's name as shown in this room: its name, with a short
 * tag (` (2)`, ` (3)`...) when someone else in the room has the same
 * name; absent when it is the name itself.
 */
shown_as?: string,
/**
 * Whether the player has been away (no connection) for the grace
 * period during the game; absent when not.
 */
absent?: boolean,
/**
 * Whether a bot plays this absent person's seat now (the room's
 * option `absent` is `bot`): the seat's moves are the bot's until the
 * person returns; absent when not.
 */
stand_in?: boolean,
/**
 * The player is on vacation (its correspondence clock stands still):
 * until when, and its message; absent when not.
 */
vacation?: SeatVacation, };

/**
 * The whole room as one viewer may see it.
 */
export type RoomState = { id: string, game: string, options: { [key in string]: string }, public: boolean,
/**
 * The invite code of a private room, shown to its seated players.
 */
invite: string | null, status: RoomStatus,
/**
 * SHA-256 (hex) of the room's random seed, the same from the room's
 * creation on: chance (Magnet's dealt setups) draws only from that
 * seed (docs/protocol.md, "Commitments").
 */
seed_commitment: string,
/**
 * The seed itself, once the game is over.
 */
seed?: string, seats: Array<SeatState>,
/**
 * The viewer's seat, or none for a spectator.
 */
you: number | null,
/**
 * The guest who owns the room (adds and removes bots, kicks, closes
 * it before the start); absent when nobody does.
 */
owner?: Guest,
/**
 * The game, once started.
 */
play: PlayState | null,
/**
 * After the end: the rematch proposed, who has accepted, and the new
 * room once it opened; absent when none is proposed.
 */
rematch?: RematchState,
/**
 * How the table ended the game or the room, when it was not the
 * board (a resignation, a loss on time or by a claim, a draw agreed,
 * an abort, the owner's close, an abandonment); absent otherwise.
 */
ended?: EndState, };

/**
 * The game part of a room, filtered for one viewer.
 */
export type PlayState = {
/**
 * The position in the game's position format, as the viewer may see it.
 */
position: string,
/**
 * The game's board as structured data for drawing (per game; see
 * docs/protocol.md). Kept as JSON text: the server builds it once and
 * sends it to every viewer who sees the same board.
 */
board: Board,
/**
 * The seats that may act now.
 */
to_act: Array<number>,
/**
 * The actions offered to the viewer, if it may act now: every legal
 * action, except in Magnet (one per turn the player can tell apart;
 * nothing during the setup, which the client composes).
 */
legal: Array<string>,
/**
 * Magnet: for an offered action, the vertices it may add as
 * promotions (`<action> +V,W`).
 */
promotions?: { [key in string]: Array<string> },
/**
 * The log from ply `moves_from + 1` on, hidden actions without their
 * text. The first update a watcher gets has the whole log
 * (`moves_from` 0); later ones usually carry only the new actions, to
 * be appended after the first `moves_from` entries the client has. A
 * client holding fewer than `moves_from` entries watches again.
 */
moves: Array<MoveEntry>, moves_from?: number, outcome: OutcomeState | null,
/**
 * The running turn timer.
 */
clock: ClockState | null,
/**
 * The room's clocks (option `clock`), one per seat in seat order;
 * absent without a clock.
 */
clocks?: Array<SeatClock>,
/**
 * The seat whose draw offer is waiting for an answer; absent when
 * none is.
 */
draw_offer?: number,
/**
 * The last action of the log and what it did, as the viewer may know
 * it; absent before the first action.
 */
last?: LastAction,
/**
 * For the seat to act: its offered actions that lose at once or let
 * an opponent win on the spot when another would not, judged from
 * its own knowledge; absent when empty.
 */
risks?: { [key in string]: RiskState }, };

/**
 * One action of the game's log.
 */
export type MoveEntry = {
/**
 * From 1.
 */
ply: number, seat: number,
/**
 * The action in notation; absent (not `null`) while it is secret
 * from the viewer.
 */
action?: string,
/**
 * For a secret action: SHA-256 (hex) of `<salt>:<action>`.
 */
commitment?: string,
/**
 * The salt (hex), revealed when the game ends.
 */
salt?: string, };

/**
 * How the game ended.
 */
export type OutcomeState = {
/**
 * `white wins (four in a row)`, `draw (threefold repetition)`.
 */
result: string, winners: Array<number>, };

/**
 * A running turn timer.
 */
export type ClockState = { seat: number,
/**
 * Milliseconds left when the update was sent.
 */
remaining_ms: number, };

/**
 * The last action of the log and what it did, as the viewer may know it.
 */
export type LastAction = {
/**
 * Its place in the log (`moves[].ply`), from 1.
 */
ply: number, seat: number,
/**
 * In the order they happened; empty when the action moved nothing
 * (a pass, a vote) or the viewer may not know what it did (a secret
 * placement).
 */
effects: Array<EffectState>, };

/**
 * Whose a piece is and what it is, each only where the viewer may know it.
 */
export type PieceState = {
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, };

/**
 * One thing an action did. Cells are named as the board JSON names them;
 * `path` lists every cell a piece stood on, its start first and its end
 * last.
 */
export type EffectState = { "kind": "place", at: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "move", from: string, to: string, path: Array<string>,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "enter", to: string, path: Array<string>,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "push", from: string, to: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "pull", from: string, to: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "capture", at: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "trapped", at: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "promote", at: string, rank: number, }
  | { "kind": "remove", at: string,
/**
 * `white`, `red`, a Magma colour.
 */
side?: string,
/**
 * A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
 */
piece?: string, }
  | { "kind": "line", cells: Array<string>, side: string, }
  | { "kind": "claim", cells: Array<string>, side: string, };

/**
 * What the seat to act risks with an offered action, when another offered
 * action would not.
 */
export type RiskState = "loses" | "allows-win";

/**
 * The `board` of a play state: the game's own shape (the room's `game`
 * says which).
 */
export type Board = MagnetonBoard | MagnetismBoard | MagmaBoard | MagnetBoard;

/**
 * One value for each side of a white-and-black game.
 */
export type WhiteBlack<T> = { white: T, black: T, };

/**
 * One value for each side of Magnet.
 */
export type RedBlue<T> = { red: T, blue: T, };

/**
 * Magneton: each side's stones (squares) and stones in hand, the side to
 * move and the phase.
 */
export type MagnetonBoard = { stones: WhiteBlack<Array<string>>, hands: WhiteBlack<number>, side: "white" | "black", phase: "drop" | "move", };

/**
 * Magnetism: each side's pieces (squares), each magnet, the side to move
 * and how many pieces each side has on the opponent's back row. A magnet
 * is a square, `"hidden"` (placed, but secret from this viewer) or `null`
 * (not placed yet).
 */
export type MagnetismBoard = { pieces: WhiteBlack<Array<string>>, magnets: WhiteBlack<string | null>, side: "white" | "black", far_row: WhiteBlack<number>, };

/**
 * Magma: every cell, the turn slots of a round and the current one, each
 * seat's colour, hand and homes, the passes in a row, the phase, the
 * timer and every colour's score as if the game ended now. Magma hides
 * nothing.
 */
export type MagmaBoard = { board: "zigzag" | "radius5",
/**
 * In label order.
 */
cells: Array<MagmaCell>, slots: Array<MagmaSlot>, slot: number, seats: Array<MagmaSeat>, passes: number, turns: number, phase: MagmaPhase,
/**
 * Timed games: the timer (the countdown itself is the play state's
 * `clock`).
 */
clock: MagmaClock | null, scores: Array<MagmaScore>, };

/**
 * A Magma cell: its label, axial coordinates (`r` grows upward), the
 * colour of its piece and of its corner, and the seat whose home it is.
 */
export type MagmaCell = { cell: string, q: number, r: number, piece: string | null, corner: string | null, home_of: number | null, };

/**
 * A turn slot of a Magma round: the seat, its colour and the home it
 * enters through.
 */
export type MagmaSlot = { seat: number, color: string, home: string, };

/**
 * A Magma seat: its colour, pieces in hand and homes.
 */
export type MagmaSeat = { seat: number, color: string, hand: number, homes: Array<string>, };

/**
 * A colour's score: pieces on the board plus territory.
 */
export type MagmaScore = { color: string, seats: Array<number>, pieces: number, territory: number, total: number, };

/**
 * Where a Magma game is: a turn, a vote to end, a penalty to choose, or
 * ended by agreement.
 */
export type MagmaPhase = { "kind": "turn", may_propose_end: boolean, }
  | { "kind": "vote", proposer: number, waiting: Array<number>, }
  | { "kind": "penalty", late: number, color: string, chooser: number, }
  | { "kind": "agreed" };

/**
 * A timed Magma game's timer.
 */
export type MagmaClock = { timer: "hot" | "white-hot", budget_ms: number, used_ms: number, running: boolean, };

/**
 * Magnet: the phase, the side to move, the centre, each side's start
 * vertices, and each side as this viewer may see it.
 */
export type MagnetBoard = { in_setup: boolean, side: "red" | "blue",
/**
 * Whether red's opening turn (one piece only) is still to come.
 */
opening: boolean, centre: string,
/**
 * Each side's twelve start vertices, in label order.
 */
start: RedBlue<Array<string>>, red: MagnetSide, blue: MagnetSide, };

/**
 * A Magnet side as the viewer may see it. An open side (the viewer's
 * own; every side once the game is over) gives each piece's `kind` and
 * `value` and its destroyed pieces by kind; a closed side gives only
 * where its pieces stand and their ranks, and how many were destroyed:
 * the view it is made from has no kinds to give.
 */
export type MagnetSide = { open: boolean, set_up: boolean, pieces: Array<MagnetPiece>,
/**
 * Captured pieces, by kind (public).
 */
captured: Array<string>,
/**
 * Pieces removed by a trap: their kinds on an open side, their number
 * on a closed one.
 */
destroyed: Destroyed, };

/**
 * A Magnet piece; `kind` and `value` only on an open side.
 */
export type MagnetPiece = { vertex: string, rank: number, kind?: string, value?: number, };

/**
 * The pieces a trap destroyed: by kind, or only how many.
 */
export type Destroyed = Array<string> | number;

/**
 * Who a chat line is for.
 */
export type ChatTo = "room" | "team" | "spectators";

/**
 * One line of a room's chat.
 */
export type ChatLine = {
/**
 * The line's place in the room's log (its version once it was said).
 */
seq: number,
/**
 * Unix milliseconds.
 */
at: number, to: ChatTo,
/**
 * Who said it, under the name it had then.
 */
from: Guest,
/**
 * The sender's seat; absent for a spectator.
 */
seat?: number, text: string, };

/**
 * A rematch proposed after the end of the game.
 */
export type RematchState = {
/**
 * The seats that have accepted (the proposer first; bots at once).
 */
accepted: Array<number>,
/**
 * The new room, once every seat has accepted: go there.
 */
room?: string, };

/**
 * How the people at the table (rather than the board) ended a game or a
 * room: `how`, and the seat that did it or that it happened to.
 */
export type EndState = { how: EndHow,
/**
 * `resigned`, `out_of_time`: the seat that lost so; `claimed`: the
 * absent seat the game was claimed from; `draw_agreed`: the seat that
 * accepted the offer; `aborted`: the seat that aborted. Absent for the
 * others.
 */
seat?: number, };

/**
 * What ended a game or a room at the table.
 */
export type EndHow = "resigned" | "out_of_time" | "claimed" | "draw_agreed" | "aborted" | "closed" | "abandoned" | "expired";

/**
 * A password on the wire: its text, never shown by `Debug` (so a logged
 * message cannot carry it).
 */
export type Password = string;

/**
 * A player's page: the answer of `GET /api/players/{id}`.
 */
export type PlayerPage = { id: string, name: string,
/**
 * Whether the player is an account (otherwise a guest).
 */
account: boolean,
/**
 * Whether a program plays this player: one of the server's computer
 * players, or (with `account`) a bot account.
 */
bot?: boolean,
/**
 * One rating per game played rated (Magma per number of players).
 */
ratings: Array<PlayerRating>,
/**
 * The latest finished games, newest first.
 */
recent: Array<RecentGame>, };

/**
 * A player's rating in one game: Weng-Lin (OpenSkill) skill `mu` with
 * uncertainty `sigma`, shown as the conservative `rating` = mu - 3 sigma.
 */
export type PlayerRating = {
/**
 * The rating key: the game (`magneton`), Magma with its number of
 * players (`magma-4`).
 */
game: string,
/**
 * mu - 3 sigma, rounded to two decimals.
 */
rating: number, mu: number, sigma: number,
/**
 * Rated games played.
 */
games: number,
/**
 * Fewer than 5 rated games, or sigma still above 5: the number says
 * little yet.
 */
provisional: boolean, };

/**
 * A finished game on a player's page.
 */
export type RecentGame = { room: string,
/**
 * The rating key (`magneton`, `magma-4`).
 */
game: string,
/**
 * `win`, `loss` or `draw`.
 */
result: string, rated: boolean,
/**
 * Unix milliseconds.
 */
finished_at: number,
/**
 * Where the browser shows the game from its start
 * (`#/room/<id>/ply/0`).
 */
replay: string, };

/**
 * The answer of `GET /api/leaderboard?game=…`: the best players by
 * conservative rating.
 */
export type Leaderboard = { game: string, players: Array<LeaderboardEntry>, };

/**
 * One line of a leaderboard.
 */
export type LeaderboardEntry = {
/**
 * From 1.
 */
rank: number, id: string, name: string,
/**
 * mu - 3 sigma, rounded to two decimals.
 */
rating: number, games: number, provisional: boolean,
/**
 * Whether the player is a bot account (absent when not).
 */
bot?: boolean, };

/**
 * `GET /api/account`: the caller's guest, whether it is an account and a
 * bot account, and a bot account's API tokens.
 */
export type AccountInfo = { id: string, name: string,
/**
 * Whether the guest is an account (with a name and a password).
 */
account: boolean,
/**
 * Whether the account is a bot account (for good).
 */
bot: boolean,
/**
 * The API tokens of a bot account, oldest first (the tokens
 * themselves are shown only when made).
 */
tokens: Array<ApiTokenInfo>, };

/**
 * One API token as the settings list it.
 */
export type ApiTokenInfo = {
/**
 * Names the token to revoke it.
 */
id: string,
/**
 * What the owner called it (`my bot on the laptop`).
 */
label: string,
/**
 * Unix milliseconds.
 */
created_at: number, };

/**
 * `POST /api/account/tokens`: the new token's label.
 */
export type NewTokenRequest = {
/**
 * 1 to 64 characters, no control characters.
 */
label: string, };

/**
 * The answer to `POST /api/account/tokens`: the token, shown this once
 * (the server keeps only its hash), and its line in the list.
 */
export type NewApiToken = {
/**
 * Say `hello` with it (`{"type": "hello", "protocol": 1, "token": ...}`).
 */
token: string,
/**
 * Names the token to revoke it.
 */
id: string,
/**
 * What the owner called it (`my bot on the laptop`).
 */
label: string,
/**
 * Unix milliseconds.
 */
created_at: number, };

/**
 * What a person may do on the server beyond playing.
 */
export type Role = "player" | "moderator" | "admin";

/**
 * Where a report is in its life.
 */
export type ReportStatus = "open" | "taken" | "resolved" | "dismissed";

/**
 * What a report carries besides its reason: the room, the chat lines
 * around the reported one (as the reporter could read them) and the
 * game's record as the reporter may see it.
 */
export type ReportContext = { room: string, game: string,
/**
 * The lines around the reported line (or the last lines of the room).
 */
lines: Array<ChatLine>,
/**
 * The `seq` of the reported chat line, if a line was reported.
 */
line?: number,
/**
 * The game's record as the reporter may see it (rules/NOTATION.md).
 */
record?: string, };

/**
 * A report as the console shows it.
 */
export type ReportInfo = { id: string,
/**
 * Unix milliseconds.
 */
at: number, reporter: Guest,
/**
 * The reported player.
 */
player: Guest, reason: string, status: ReportStatus,
/**
 * The moderator who took it (or resolved it).
 */
moderator?: Guest,
/**
 * The moderator's note when it was resolved or dismissed.
 */
note?: string, context?: ReportContext, };

/**
 * How a moderator closes a report.
 */
export type ReportOutcome = "resolved" | "dismissed";

/**
 * What a sanction forbids.
 */
export type SanctionKind = "ban" | "timeout" | "rated_ban";

/**
 * A ban, a chat timeout or a ban from rated play.
 */
export type Sanction = { id: string, kind: SanctionKind,
/**
 * The player it concerns (absent for an address ban).
 */
player?: Guest,
/**
 * The address it concerns (an address ban).
 */
address?: string,
/**
 * The room of a timeout in one room (absent: everywhere).
 */
room?: string, reason: string,
/**
 * Who gave it (absent: the server itself, for abandoning games).
 */
by?: Guest,
/**
 * Unix milliseconds.
 */
at: number,
/**
 * When it ends, unix milliseconds (absent: never).
 */
until?: number,
/**
 * When a moderator lifted it early.
 */
lifted?: number, };

/**
 * One stored admin or moderator action.
 */
export type AuditEntry = { id: string,
/**
 * Unix milliseconds.
 */
at: number,
/**
 * Who acted (absent: the host, on the command line).
 */
actor?: Guest,
/**
 * What was done: `set_role`, `ban`, `timeout`, `lift`, `close_room`,
 * `rename`, `take_report`, `resolve_report`, `dismiss_report`,
 * `export`, `delete`.
 */
action: string, player?: Guest, room?: string,
/**
 * The action's details in words (a reason, a duration, a new name).
 */
detail: string, };

/**
 * A game left that counts against its player (docs/moderation.md).
 */
export type Offense = { room: string,
/**
 * `left` (absent past the grace with time running) or `aborted`.
 */
kind: string,
/**
 * Unix milliseconds.
 */
at: number, };

/**
 * A room in the console's list of live rooms.
 */
export type LiveRoom = { room: RoomSummary, status: RoomStatus, public: boolean,
/**
 * The guests seated.
 */
seated: Array<string>, };

/**
 * A person connected to the server now.
 */
export type OnlinePlayer = { guest: Guest,
/**
 * The address of its connection (behind a trusted proxy, the one the
 * proxy forwards for).
 */
address: string, connections: number, };

/**
 * Everything the console shows of one player.
 */
export type PlayerFile = { guest: Guest, account: boolean, role: Role,
/**
 * Unix milliseconds.
 */
created_at: number,
/**
 * The latest finished games, newest first.
 */
games: Array<RecentGame>,
/**
 * Reports about this player, newest first.
 */
reports: Array<ReportInfo>,
/**
 * Reports this player made, newest first.
 */
reported: Array<ReportInfo>, sanctions: Array<Sanction>,
/**
 * The admin and moderator actions about this player (or by them).
 */
actions: Array<AuditEntry>, offenses: Array<Offense>, };

/**
 * How a tournament pairs its players.
 */
export type TournamentFormat = "round-robin" | "swiss" | "arena" | "magma";

/**
 * Teams fixed for a whole Magma event (`teams` of `create_tournament`).
 */
export type TournamentTeams = "pairs";

/**
 * What `create_tournament` asks for. Limits: docs/tournaments.md.
 */
export type TournamentSpec = {
/**
 * 1 to 60 characters.
 */
name: string,
/**
 * The game (`magneton`, `magma`, …).
 */
game: string, format: TournamentFormat,
/**
 * The game's options and the room options (`clock`, `absent`), as
 * `create_room` takes them; every game of the event has them.
 */
options?: { [key in string]: string },
/**
 * Swiss and Magma events: the number of rounds.
 */
rounds?: number,
/**
 * Round robin: twice, the seats swapped in the second cycle.
 */
double?: boolean,
/**
 * Swiss: two games a round with the seats swapped.
 */
two_games?: boolean,
/**
 * Arena: how long it lasts, in seconds.
 */
seconds?: number,
/**
 * Magma events: players a table (3–6).
 */
table?: number,
/**
 * When it starts (unix milliseconds); none: when the organizer says.
 */
starts_at?: number,
/**
 * Correspondence: each round is open this many days (the next round
 * is paired then, or as soon as the round's games are over).
 */
round_days?: number,
/**
 * Whether the games change ratings (every player an account).
 */
rated?: boolean,
/**
 * Listed for everyone; otherwise joined by its invite code.
 */
public?: boolean,
/**
 * Whether computer players may enter.
 */
bots?: boolean,
/**
 * Only accounts may enter (not guests).
 */
accounts_only?: boolean,
/**
 * At most this many players (and the server's limit).
 */
max_players?: number,
/**
 * Whether players may join after the start, where the format allows
 * (Swiss and Magma before the last round, the arena until its end).
 */
late_join?: boolean,
/**
 * Magma events: teams fixed for the event (`pairs`); players enter
 * naming their team (`join_tournament`'s `team`).
 */
teams?: TournamentTeams, };

/**
 * Where a tournament is in its life.
 */
export type TournamentStatus = "upcoming" | "running" | "finished";

/**
 * A player's place in a tournament.
 */
export type EntrantStatus = "active" | "paused" | "removed";

/**
 * One player of a tournament, in the order of entry (the seeding).
 */
export type TournamentPlayer = {
/**
 * The guest id.
 */
id: string, name: string, bot?: boolean,
/**
 * A bot account (a program playing through the protocol), entered
 * where the tournament allows bots (absent when not).
 */
bot_account?: boolean, status: EntrantStatus,
/**
 * Its team in an event of fixed teams.
 */
team?: string, };

/**
 * One line of the standings, best first.
 */
export type StandingRow = {
/**
 * 1 for the first; players level on every tie-break share a place.
 */
place: number,
/**
 * The guest id.
 */
player: string, name: string, points: number, buchholz: number, sonneborn_berger: number,
/**
 * Arena only: the Elo-style performance.
 */
performance?: number, byes: number,
/**
 * Arena: on a streak (two wins in a row; the next game counts double).
 */
on_fire?: boolean,
/**
 * Its team in an event of fixed teams.
 */
team?: string, games: number, wins: number, draws: number, losses: number, };

/**
 * One line of the team standings of an event of fixed teams, best first:
 * a team's points are its placing points (every member gets them), its
 * tie-breaks are counted between teams.
 */
export type TeamStandingRow = {
/**
 * 1 for the first; teams level on every tie-break share a place.
 */
place: number, team: string,
/**
 * Its members' guest ids, in the order of entry.
 */
members: Array<string>, points: number, buchholz: number, sonneborn_berger: number, games: number, wins: number, draws: number, losses: number, };

/**
 * One game of a tournament: an ordinary room.
 */
export type TournamentGame = { room: string,
/**
 * The players' guest ids in seat order.
 */
players: Array<string>,
/**
 * Each seat's points once the game is over.
 */
points?: Array<number>,
/**
 * Seats that lost by not coming (no-show).
 */
no_shows?: Array<number>,
/**
 * Seats that went berserk (an arena: a win scores one more).
 */
berserk?: Array<number>,
/**
 * When the director found it over (unix milliseconds).
 */
ended_at?: number, };

/**
 * A round (an arena's waves are one round each).
 */
export type TournamentRound = {
/**
 * From 1.
 */
number: number,
/**
 * Unix milliseconds.
 */
paired_at: number, games: Array<TournamentGame>,
/**
 * Players with a bye (a win's points).
 */
byes?: Array<string>, };

/**
 * A tournament as everyone may see it (`GET /api/tournaments/{id}`, the
 * `tournament` message).
 */
export type TournamentState = { id: string, spec: TournamentSpec, status: TournamentStatus,
/**
 * The organizer's guest id and name.
 */
organizer: string, organizer_name: string,
/**
 * Unix milliseconds.
 */
created_at: number, started_at?: number,
/**
 * Arena: when pairing stops.
 */
ends_at?: number, finished_at?: number,
/**
 * When the next round is paired at the latest (correspondence).
 */
next_round_at?: number,
/**
 * The rounds the event will have (none for an arena).
 */
total_rounds?: number, players: Array<TournamentPlayer>, standings: Array<StandingRow>,
/**
 * An event of fixed teams: the teams' standings.
 */
team_standings?: Array<TeamStandingRow>, rounds: Array<TournamentRound>,
/**
 * The invite code of a private tournament: only for its organizer.
 */
invite?: string, };

/**
 * A line of the tournament list.
 */
export type TournamentSummary = { id: string, name: string, game: string, format: TournamentFormat, status: TournamentStatus, players: number, organizer_name: string, created_at: number, starts_at?: number, };

/**
 * What a notification is about: each a category a person can turn off.
 */
export type NotifyEvent = "your-turn" | "game-started" | "offer" | "time-running-out" | "game-over";

/**
 * A push subscription's keys, as the browser's `PushSubscription.toJSON()`
 * gives them (unpadded base64url).
 */
export type PushKeys = {
/**
 * The browser's P-256 public key (65 bytes, uncompressed).
 */
p256dh: string,
/**
 * The browser's authentication secret (16 bytes).
 */
auth: string, };

/**
 * How a webhook's body is written.
 */
export type WebhookFormat = "discord" | "json";

/**
 * A game waiting for the guest's move.
 */
export type TurnWaiting = { room: string, game: string,
/**
 * Since when (unix milliseconds) the move has been the guest's.
 */
since: number, };

/**
 * An account's vacation: the one it is on (its end and message), and
 * the days it may still take (`days_per_year` in any 365 days).
 */
export type VacationState = {
/**
 * The end of the vacation it is on (unix milliseconds); absent when
 * it is not on vacation.
 */
until?: number,
/**
 * The message of that vacation, shown to the other players.
 */
message?: string, days_left: number, days_per_year: number, };

/**
 * A seated player on vacation, as the room shows it: until when, and
 * its message.
 */
export type SeatVacation = {
/**
 * The vacation's end (unix milliseconds).
 */
until: number, message?: string, };
