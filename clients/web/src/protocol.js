/** @file The connection to the server: one WebSocket at /ws, requests matched to replies by id, pushes handed on, and reconnection with back-off. Also the wire types as JSDoc (see docs/protocol.md). */

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
 * `hello`, `rooms` to `list_rooms`, `pong` to `ping`, `replay` to `replay`, `ack` to the rest
 * (a refusal rejects with a ServerError instead).
 * @template {Request['type']} T
 * @typedef {T extends 'hello' ? MessageOf<'welcome'> : T extends 'list_rooms' ? MessageOf<'rooms'> : T extends 'ping' ? MessageOf<'pong'> : T extends 'replay' ? MessageOf<'replay'> : MessageOf<'ack'>} ReplyTo
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
 * @property {(connection: Connection) => Promise<void>} onOpen runs after every (re)connect, before the connection counts as open: say hello, watch rooms
 * @property {(message: Message) => void} onPush receives every message that is not a reply (updates, byes)
 * @property {(status: Status, retryInMs: number) => void} onStatus hears about connecting, opening and waiting to reconnect
 */

/** The first wait before reconnecting, and the longest. */
const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;

/** A WebSocket to the server that reconnects by itself until closed. */
export class Connection {
  /**
   * @param {string} url the WebSocket URL (`ws://host/ws`)
   * @param {ConnectionHooks} hooks
   */
  constructor(url, hooks) {
    this.url = url;
    this.hooks = hooks;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {Status} */
    this.status = 'connecting';
    this.nextId = 1;
    this.failures = 0;
    /** @type {Map<number, {resolve: (m: Message) => void, reject: (e: Error) => void}>} */
    this.pending = new Map();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    this.closed = false;
  }

  /** Opens the socket (again). */
  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.closed) return;
    this.setStatus(this.failures === 0 ? 'connecting' : 'reconnecting', 0);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => this.opened(socket));
    socket.addEventListener('message', (event) => this.received(event.data));
    socket.addEventListener('close', () => this.lost(socket));
  }

  /** Reconnects now instead of waiting (the browser is back online). */
  retryNow() {
    if (this.retryTimer !== undefined) this.connect();
  }

  /** @param {WebSocket} socket */
  async opened(socket) {
    try {
      await this.hooks.onOpen(this);
    } catch (error) {
      // The hello failed for a reason a reconnect will not fix by itself;
      // onOpen has reported it. Keep the socket: the page can retry.
      console.warn('after connecting:', error);
    }
    if (this.socket === socket && socket.readyState === WebSocket.OPEN) {
      this.failures = 0;
      this.setStatus('open', 0);
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
      if (message.type === 'error') waiting.reject(new ServerError(message.code, message.message));
      else waiting.resolve(message);
      return;
    }
    if (message.type === 'bye' && this.socket) {
      // The server is going away; close our side so the reconnect starts.
      this.socket.close();
    }
    this.hooks.onPush(message);
  }

  /** @param {WebSocket} socket */
  lost(socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    for (const { reject } of this.pending.values()) {
      reject(new ServerError('disconnected', 'The connection was lost; the request may not have arrived.'));
    }
    this.pending.clear();
    if (this.closed) return;
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
    this.hooks.onStatus(status, retryInMs);
  }

  /** Whether requests can be sent now. */
  get ready() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Sends a request with a fresh id and resolves with its reply; rejects
   * with a ServerError when the server refuses it or the connection drops.
   * @template {Request} R
   * @param {R} message
   * @returns {Promise<ReplyTo<R['type']>>}
   */
  request(message) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ServerError('disconnected', 'Not connected to the server right now.'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The server answers each request with its reply type (ReplyTo).
      this.pending.set(id, { resolve: /** @type {(m: Message) => void} */ (resolve), reject });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Closes for good (no reconnect). */
  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }
}

/** The WebSocket URL of the server that served this page. */
export function serverSocketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
