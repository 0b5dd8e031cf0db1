/** @file The connection to the server: one WebSocket at /ws (and one to each other node that a `moved` names: requests about a room go to the node that has it), requests matched to replies by id, pushes handed on, a `ping` after a short silence so that a server that stopped answering is noticed within seconds (a browser cannot see WebSocket pings), and reconnection with back-off. Also the wire types as JSDoc (see docs/protocol.md). */
import { t } from './i18n.js';

/** The protocol version this client speaks. */
export const PROTOCOL = 1;

/**
 * The wire types, generated from the protocol crate (wire.d.ts; never
 * edited by hand).
 * @typedef {import('./wire.js').Guest} Guest
 * @typedef {import('./wire.js').SeatState} SeatState
 * @typedef {import('./wire.js').MoveEntry} MoveEntry
 * @typedef {import('./wire.js').OutcomeState} OutcomeState
 * @typedef {import('./wire.js').ClockState} ClockState
 * @typedef {import('./wire.js').PlayState} PlayState
 * @typedef {import('./wire.js').RoomState} RoomState
 * @typedef {import('./wire.js').RoomSummary} RoomSummary
 * @typedef {import('./wire.js').OptionInfo} OptionInfo
 * @typedef {import('./wire.js').GameInfo} GameInfo
 * @typedef {import('./wire.js').PlayerPage} PlayerPage
 * @typedef {import('./wire.js').Leaderboard} Leaderboard
 * @typedef {import('./wire.js').Code} Code
 * @typedef {import('./wire.js').ClientMessage} ClientMessage
 * @typedef {import('./wire.js').ServerMessage} Message a message from the server
 * @typedef {ClientMessage extends infer M ? M extends ClientMessage ? Omit<M, 'id'> : never : never} Request a client message without its id, which `request` adds
 * @typedef {'connecting' | 'open' | 'reconnecting'} Status
 */

/**
 * The server's message of one type.
 * @template {Message['type']} T
 * @typedef {Extract<Message, {type: T}>} MessageOf
 */

/**
 * The reply to a request of type `T` (docs/protocol.md): `welcome` to
 * `hello` and `login`, `rooms` to `list_rooms`, `pong` to `ping`, `replay` to `replay`, `ack` to the rest
 * (a refusal rejects with a ServerError instead).
 * @template {Request['type']} T
 * @typedef {T extends 'hello' | 'login' ? MessageOf<'welcome'> : T extends 'list_rooms' ? MessageOf<'rooms'> : T extends 'ping' ? MessageOf<'pong'> : T extends 'replay' ? MessageOf<'replay'> : T extends 'list_tournaments' ? MessageOf<'tournaments'> : T extends 'create_tournament' | 'watch_tournament' | 'join_tournament' | 'withdraw_tournament' | 'start_tournament' | 'remove_from_tournament' | 'add_tournament_bot' ? MessageOf<'tournament'> : T extends 'preferences' | 'admin_overview' | 'admin_reports' | 'admin_sanctions' | 'admin_player' | 'admin_audit' ? MessageOf<T> : T extends 'export_my_data' | 'admin_export' ? MessageOf<'player_data'> : MessageOf<'ack'>} ReplyTo
 */

/** A request the server refused, or one that could not be sent. */
export class ServerError extends Error {
  /**
   * @param {Code | 'disconnected'} code the stable code (`illegal-action`, ...), or `disconnected` when the request could not be answered
   * @param {string} message a sentence for people
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * @typedef {object} ConnectionHooks
 * @property {(link: Link) => Promise<void>} onOpen runs after every (re)connect of a socket, before it counts as open: say hello on `link` (and, for the home socket, watch rooms)
 * @property {(message: Message) => void} onPush receives every message that is not a reply (updates, byes, moves)
 * @property {(status: Status, retryInMs: number, silentMs: number) => void} onStatus hears about connecting, opening and waiting to reconnect (`silentMs`: how long the home socket had heard nothing)
 */

/**
 * A request waiting for its reply, kept with its message so that it can
 * be sent again elsewhere when its room moves.
 * (`tries`: how many times the server could not store it).
 * @typedef {{message: Request, resolve: (m: Message) => void, reject: (e: Error) => void, tries?: number}} Waiting
 */

/** The first wait before reconnecting, and the longest. */
const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;

/**
 * A request the server could not store (`storage-failure`: its database
 * is away for a moment; nothing was done) goes again after a wait that
 * doubles from the first up to the longest, this many times (about a
 * minute) before its error is given.
 */
const STORE_TRIES = 18;
const STORE_FIRST_MS = 250;
const STORE_MAX_MS = 4000;

/** The longest wait before following a room sent to the same node again. */
const MAX_MOVE_DELAY_MS = 4000;
/**
 * A node whose socket was given up for silence (stopped, not dead: its
 * leases hold its rooms until they lapse) is remembered this long; a
 * `moved` to it meanwhile is asked again where it came from, this often,
 * instead of being followed into a socket that would not answer either.
 */
const STALLED_MS = 30_000;
const STALLED_RETRY_MS = 250;

/** Silence after which a `ping` asks whether the server is still there. */
const QUIET_MS = 1500;
/** How long a `ping` may go unanswered before the connection counts as not live (shown at once). */
const PONG_MS = 1200;
/** How long a socket may go unanswered before it is given up and a new one tried. */
const DROP_MS = 6000;
/** How long a new socket may take to open and be welcomed. */
const OPEN_MS = 8000;
/** How often the silence is checked. */
const CHECK_MS = 250;

/**
 * Whether a request may go again after its reply was lost with the
 * connection: a table action carrying `at` (docs/protocol.md, `act`).
 * @param {Waiting} waiting
 */
function sendsAgain(waiting) {
  return 'at' in waiting.message && typeof waiting.message.at === 'number';
}

/**
 * One WebSocket to one node. The home socket (the page's server) reconnects
 * by itself until closed; a socket to a node a `moved` named does not: when
 * it closes, its rooms go back to the home socket, which sends them on
 * again if they are still elsewhere.
 */
export class Link {
  /**
   * @param {Connection} owner
   * @param {string} url
   * @param {boolean} home
   */
  constructor(owner, url, home) {
    this.owner = owner;
    this.url = url;
    this.home = home;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {Status} */
    this.status = 'connecting';
    this.failures = 0;
    /** @type {Map<number, Waiting>} */
    this.pending = new Map();
    /** @type {Waiting[]} requests for this node made before it first opened */
    this.queued = [];
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} the silence check of the socket now */
    this.checkTimer = undefined;
    /** When the socket now was made, and when it last heard anything (performance.now()). */
    this.startedAt = 0;
    this.heardAt = 0;
    /** @type {number | null} when a `ping` went out that nothing has answered since */
    this.pingAt = null;
    /** Whether the socket now has been welcomed (its `onOpen` done). */
    this.welcomed = false;
    this.closed = false;
    /** whether the server said `bye` with `reconnect` (an upgrade) */
    this.upgrading = false;
    /** whether requests wait in `queued` for the socket an upgrade reopens */
    this.holding = false;
  }

  /** Opens the socket (again). */
  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.closed) return;
    this.setStatus(this.failures === 0 ? 'connecting' : 'reconnecting', 0);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.startedAt = performance.now();
    this.heardAt = this.startedAt;
    this.pingAt = null;
    this.welcomed = false;
    socket.addEventListener('open', () => this.opened(socket));
    socket.addEventListener('message', (event) => {
      if (this.socket === socket) this.heard();
      this.received(event.data);
    });
    socket.addEventListener('close', () => this.lost(socket));
    clearInterval(this.checkTimer);
    this.checkTimer = setInterval(() => this.check(socket), CHECK_MS);
  }

  /** Something arrived: the socket is live (again). */
  heard() {
    this.heardAt = performance.now();
    this.pingAt = null;
    if (this.welcomed && this.status !== 'open') this.setStatus('open', 0);
  }

  /**
   * Watches the socket's silence: a `ping` after a quiet while; not live
   * once it goes unanswered; given up (and a new socket tried) after
   * longer, or when it does not open and welcome us in time.
   * @param {WebSocket} socket
   */
  check(socket) {
    if (this.socket !== socket) {
      clearInterval(this.checkTimer);
      return;
    }
    const now = performance.now();
    if (!this.welcomed && now - this.startedAt >= OPEN_MS) {
      this.giveUp(socket);
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    if (this.pingAt === null && now - this.heardAt >= QUIET_MS) {
      this.pingAt = now;
      const id = this.owner.nextId++;
      socket.send(JSON.stringify({ type: 'ping', id }));
      return;
    }
    if (this.pingAt === null) return;
    if (now - this.pingAt >= DROP_MS) this.giveUp(socket);
    else if (now - this.pingAt >= PONG_MS && this.welcomed && this.status === 'open') this.setStatus('reconnecting', 0);
  }

  /**
   * Gives up a socket that does not answer: its requests fail, and a new
   * one is tried (a frozen server or a dead network never closes it).
   * @param {WebSocket} socket
   */
  giveUp(socket) {
    if (!this.home) this.owner.stalled.set(this.url, performance.now());
    try {
      socket.close();
    } catch {
      // Closing a socket still connecting may throw; it is dropped anyway.
    }
    this.lost(socket);
  }

  /** @param {WebSocket} socket */
  async opened(socket) {
    try {
      await this.owner.hooks.onOpen(this);
    } catch (error) {
      // The hello failed for a reason a reconnect will not fix by itself;
      // onOpen has reported it. Keep the socket: the page can retry.
      console.warn('after connecting:', error);
      if (!this.home) socket.close();
    }
    if (this.socket === socket && socket.readyState === WebSocket.OPEN) {
      this.owner.stalled.delete(this.url);
      this.failures = 0;
      this.holding = false;
      this.welcomed = true;
      this.heardAt = performance.now();
      this.setStatus('open', 0);
      const queued = this.queued;
      this.queued = [];
      for (const w of queued) this.send(w);
    }
  }

  /** @param {unknown} data */
  received(data) {
    if (typeof data !== 'string') return;
    /** @type {Message} */
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      console.warn('unreadable message from the server', data);
      return;
    }
    const id = 'id' in message && typeof message.id === 'number' ? message.id : null;
    const waiting = id === null ? undefined : this.pending.get(id);
    if (waiting && message.type !== 'update' && message.type !== 'bye') {
      this.pending.delete(/** @type {number} */ (id));
      if (message.type === 'error' && message.code === 'storage-failure' && this.owner.again(waiting)) return;
      if (message.type === 'error') waiting.reject(new ServerError(message.code, message.message));
      else waiting.resolve(message);
      this.owner.answered(waiting.message, message);
      return;
    }
    if (message.type === 'moved') {
      this.owner.moved(this, message);
    } else if (message.type === 'bye' && this.socket) {
      // The node is going away; close our side so the reconnect starts.
      // An upgrade (`reconnect`): the same address serves again at once.
      this.upgrading = message.reconnect === true;
      this.socket.close();
    }
    this.owner.hooks.onPush(message);
  }

  /** @param {WebSocket} socket */
  lost(socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    // A table action that says the room version it was chosen at (`at`)
    // goes again after any loss, once the room is watched again: the
    // server carries out at most one copy (the others get `moved-on`).
    /** @type {Waiting[]} */
    const again = [];
    if (!this.closed && !(this.upgrading && this.home)) {
      for (const [id, w] of this.pending) {
        if (sendsAgain(w)) {
          this.pending.delete(id);
          again.push(w);
        }
      }
    }
    if (this.upgrading && this.home && !this.closed) {
      // The old process answered every request it read before its `bye`:
      // those without a reply were not read, so they go again, in order,
      // once the new process has the rooms watched.
      this.queued = [...this.pending.values(), ...this.queued];
      this.pending.clear();
    } else if (this.holding) {
      // The new process did not answer either: a real loss after all.
      this.holding = false;
      for (const { reject } of this.queued.filter((w) => !sendsAgain(w))) {
        reject(new ServerError('disconnected', t('web-connection-lost-request')));
      }
      this.queued = this.queued.filter(sendsAgain);
    }
    this.queued = [...again, ...this.queued];
    this.welcomed = false;
    clearInterval(this.checkTimer);
    for (const { reject } of this.pending.values()) {
      reject(new ServerError('disconnected', t('web-connection-lost-request')));
    }
    this.pending.clear();
    if (!this.home) {
      this.closed = true;
      this.owner.dropped(this);
      return;
    }
    if (this.closed) return;
    if (this.upgrading) {
      // Not a failure, and nothing to tell the person: back at once, after
      // a moment of jitter so the server's clients do not all come at the
      // same instant; the rooms are watched again as after any reconnect.
      this.upgrading = false;
      this.holding = true;
      this.retryTimer = setTimeout(() => this.connect(), Math.round(50 + Math.random() * 250));
      return;
    }
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.failures);
    this.failures += 1;
    // Jitter, so a restarted server is not met by every client at once.
    const wait = Math.round(delay * (0.5 + Math.random() / 2));
    this.setStatus('reconnecting', wait);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  /**
   * @param {Status} status
   * @param {number} retryInMs
   */
  setStatus(status, retryInMs) {
    this.status = status;
    this.owner.statusChanged(this, retryInMs);
  }

  /** Whether requests can be sent now. */
  get ready() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Sends a request on this socket with a fresh id and resolves with its
   * reply (the hello of `onOpen`; other requests go through the
   * connection, which picks the socket).
   * @template {Request} R
   * @param {R} message
   * @returns {Promise<ReplyTo<R['type']>>}
   */
  request(message) {
    return new Promise((resolve, reject) => {
      // The server answers each request with its reply type (ReplyTo).
      this.send({ message, resolve: /** @type {(m: Message) => void} */ (resolve), reject });
    });
  }

  /**
   * Sends now; or, on a node's socket not open yet, once it opens.
   * @param {Waiting} waiting
   */
  send(waiting) {
    const socket = this.socket;
    if ((this.upgrading || this.holding) && (!socket || socket.readyState !== WebSocket.OPEN)) {
      // Back in a moment (an upgrade): sent once the new process serves.
      this.queued.push(waiting);
      return;
    }
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      waiting.reject(new ServerError('disconnected', t('web-connection-not-connected')));
      return;
    }
    const id = this.owner.nextId++;
    this.pending.set(id, waiting);
    socket.send(JSON.stringify({ ...waiting.message, id }));
  }

  /**
   * Takes out the requests about `room` that wait for a reply: a `moved`
   * for the room means none of them was carried out.
   * @param {string} room
   * @returns {Waiting[]}
   */
  takePending(room) {
    /** @type {Waiting[]} */
    const taken = [];
    for (const [id, w] of this.pending) {
      if ('room' in w.message && w.message.room === room) {
        this.pending.delete(id);
        taken.push(w);
      }
    }
    return taken;
  }

  /** Closes for good (no reconnect). */
  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.checkTimer);
    this.socket?.close();
  }
}

/**
 * The connection to the server: the home socket to the page's server,
 * and one socket to each other node that a `moved` named. Requests about
 * a room go to the node that has it; everything else (the lobby) goes
 * home, which any node answers.
 */
export class Connection {
  /**
   * @param {string} url the WebSocket URL (`ws://host/ws`)
   * @param {ConnectionHooks} hooks
   */
  constructor(url, hooks) {
    this.hooks = hooks;
    this.nextId = 1;
    this.home = new Link(this, url, true);
    /** @type {Map<string, Link>} the other nodes' sockets, by URL */
    this.nodes = new Map();
    /** @type {Map<string, string>} the node (URL) of each room that is not at home */
    this.routes = new Map();
    /** @type {Map<string, string | null>} rooms watched (a `watch` or `join` acknowledged), with their invite */
    this.watched = new Map();
    /** @type {Map<string, {url: string, at: number, streak: number}>} the last `moved` followed, per room */
    this.lastMove = new Map();
    /** @type {Map<string, number>} nodes whose socket was given up for silence, and when (performance.now()) */
    this.stalled = new Map();
    this.closed = false;
  }

  /** @type {string} the home URL */
  get url() {
    return this.home.url;
  }

  /** The connection's status: the home socket's, or `connecting` while a node's socket is on its way. */
  get status() {
    if (this.home.status !== 'open') return this.home.status;
    for (const node of this.nodes.values()) if (node.status !== 'open') return node.status;
    return 'open';
  }

  /** Opens the home socket. */
  connect() {
    this.home.connect();
  }

  /** Reconnects now instead of waiting (the browser is back online). */
  retryNow() {
    if (this.home.retryTimer !== undefined) this.home.connect();
  }

  /** Whether requests can be sent now (the home socket is open). */
  get ready() {
    return this.home.ready;
  }

  /** Every socket open now, home first (a rename is said on each). */
  openLinks() {
    return [this.home, ...this.nodes.values()].filter((link) => link.ready);
  }

  /**
   * The socket for a request about `room` (home for the lobby).
   * @param {string | undefined} room
   */
  linkFor(room) {
    const url = room === undefined ? undefined : this.routes.get(room);
    if (url === undefined) return this.home;
    let node = this.nodes.get(url);
    if (!node) {
      node = new Link(this, url, false);
      this.nodes.set(url, node);
      node.connect();
    }
    return node;
  }

  /**
   * Sends a request with a fresh id, to the node that has its room, and
   * resolves with its reply; rejects with a ServerError when the server
   * refuses it or the connection drops. A request the server answers with
   * `moved` is sent again to the node named, and resolves with that
   * node's reply.
   * @template {Request} R
   * @param {R} message
   * @returns {Promise<ReplyTo<R['type']>>}
   */
  request(message) {
    return new Promise((resolve, reject) => {
      // The server answers each request with its reply type (ReplyTo).
      this.dispatch({ message, resolve: /** @type {(m: Message) => void} */ (resolve), reject });
    });
  }

  /** @param {Waiting} waiting */
  dispatch(waiting) {
    const link = this.linkFor('room' in waiting.message ? waiting.message.room : undefined);
    // A node's socket on its way: the request waits for it; so does a
    // table action with `at` for the home socket coming back.
    if (!link.home && link.status !== 'open') link.queued.push(waiting);
    else if (link.home && !link.ready && !link.closed && sendsAgain(waiting)) link.queued.push(waiting);
    else link.send(waiting);
  }

  /**
   * Sends `waiting` again later: the server could not store it. False once
   * it has been tried often enough (its error is then given).
   * @param {Waiting} waiting
   */
  again(waiting) {
    const tries = waiting.tries ?? 0;
    if (this.closed || tries >= STORE_TRIES) return false;
    waiting.tries = tries + 1;
    const wait = Math.min(STORE_MAX_MS, STORE_FIRST_MS * 2 ** tries);
    console.info(`not stored (storage-failure); sending ${waiting.message.type} again in ${wait} ms`);
    setTimeout(() => this.dispatch(waiting), wait);
    return true;
  }

  /**
   * Notes a reply: a `watch` or `join` acknowledged is a room watched (to
   * watch again where it moves), an `unwatch` one no longer.
   * @param {Request} request
   * @param {Message} reply
   */
  answered(request, reply) {
    if (reply.type !== 'ack') return;
    if (request.type === 'watch' || request.type === 'join') this.watched.set(request.room, request.invite ?? null);
    else if (request.type === 'unwatch') this.watched.delete(request.room);
  }

  /**
   * Follows `moved`: the room's requests go to `url` from now on; those
   * `from` had not answered are sent there, and the room is watched there
   * if it was watched. Sent to the same node again soon after, it waits
   * a little, longer each time (the room is changing hands). Sent to a
   * node just given up for silence, it asks again where it was sent from
   * a moment later: that node's leases will lapse, and another take the
   * room.
   * @param {Link} from
   * @param {MessageOf<'moved'>} moved
   */
  moved(from, { room, url }) {
    if (!/^wss?:\/\//.test(url)) {
      console.warn('a move to an address that is not a WebSocket URL:', url);
      return;
    }
    const now = performance.now();
    const stalledAt = this.stalled.get(url);
    if (stalledAt !== undefined && now - stalledAt < STALLED_MS && url !== from.url) {
      this.resend(from, room, from.url, STALLED_RETRY_MS);
      return;
    }
    this.stalled.delete(url);
    const last = this.lastMove.get(room);
    const streak = last && last.url === url && now - last.at < 10_000 ? last.streak + 1 : 0;
    this.lastMove.set(room, { url, at: now, streak });
    const delay = streak === 0 && url !== from.url ? 0 : Math.min(MAX_MOVE_DELAY_MS, 150 * 2 ** streak);
    this.resend(from, room, url, delay);
  }

  /**
   * Sends what `from` had not answered about `room` to `url` after `delay`
   * ms, the room's requests going there from now on; the room is watched
   * there again if it was watched.
   * @param {Link} from
   * @param {string} room
   * @param {string} url
   * @param {number} delay
   */
  resend(from, room, url, delay) {
    const again = from.takePending(room);
    const rewatch = this.watched.has(room) && !again.some((w) => w.message.type === 'watch' || w.message.type === 'join');
    const invite = this.watched.get(room) ?? null;
    if (url === this.home.url) this.routes.delete(room);
    else this.routes.set(room, url);
    setTimeout(() => {
      if (rewatch) again.unshift({ message: { type: 'watch', room, invite }, resolve: () => {}, reject: (e) => console.warn('watching again after a move:', e) });
      for (const w of again) this.dispatch(w);
    }, delay);
  }

  /**
   * A node's socket closed (the node drains or died, or could not be
   * reached): its rooms go back home, and are watched again from there
   * (a node that does not have them answers `moved`).
   * @param {Link} node
   */
  dropped(node) {
    if (this.nodes.get(node.url) === node) this.nodes.delete(node.url);
    if (this.closed) return;
    /** @type {string[]} */
    const rooms = [];
    for (const [room, url] of this.routes) {
      if (url === node.url) {
        this.routes.delete(room);
        rooms.push(room);
      }
    }
    const queued = node.queued;
    node.queued = [];
    this.statusChanged(node, 0);
    // A short, jittered wait: the room may be changing hands.
    const wait = Math.round(FIRST_DELAY_MS * (0.5 + Math.random() / 2));
    setTimeout(() => {
      for (const w of queued) this.dispatch(w);
      if (!this.home.ready) return; // the home's reconnect watches again
      for (const room of rooms) {
        if (!this.watched.has(room) || queued.some((w) => 'room' in w.message && w.message.room === room)) continue;
        this.request({ type: 'watch', room, invite: this.watched.get(room) ?? null }).catch((e) => console.warn('watching again:', e));
      }
    }, wait);
  }

  /**
   * @param {Link} link
   * @param {number} retryInMs
   */
  statusChanged(link, retryInMs) {
    this.hooks.onStatus(this.status, link.home ? retryInMs : 0, Math.round(performance.now() - this.home.heardAt));
  }

  /** Closes for good (no reconnect). */
  close() {
    this.closed = true;
    this.home.close();
    for (const node of this.nodes.values()) node.close();
  }
}

/** The WebSocket URL of the server that served this page. */
export function serverSocketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
