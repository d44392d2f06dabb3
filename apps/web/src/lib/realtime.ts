import {
  type ChangeEvent,
  REALTIME_BACKOFF_MS,
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_TIMEOUT_MS,
  type RealtimeServerMessage,
} from '@shipyard/shared';

// The browser side of the realtime socket (issue 8, spec §9): one socket, kept alive by a ping
// every 30 s, replaced when a pong (or the first 'ready') is 10 s late, reconnected after 1, 2, 5,
// then every 10 s. Framework-free: the React provider only subscribes.

/**
 * 'connecting' is the first attempt, 'reconnecting' everything until the next 'ready' after a
 * lost socket, 'closed' before connect(), after disconnect() or once the session ended;
 * 'refused' when the server turned the socket away because the user has too many open (4429):
 * no retry follows, since each retry would only be refused again; a reload tries anew.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'refused';

/**
 * What the app must act on: a change, a resync (refetch everything shown: the server says events
 * may be lost, or this client was away and reconnected) and 'unauthorized' (the server closed the
 * socket because the session ended; no reconnect follows).
 */
export type RealtimeMessage = ChangeEvent | { type: 'resync' } | { type: 'unauthorized' };

export type RealtimeClientOptions = {
  url: string;
  /** Opens a socket; by default the browser's WebSocket. Without one the client stays closed. */
  createSocket?: ((url: string) => WebSocket) | undefined;
};

const OPEN = 1; // WebSocket.OPEN, which may not exist where there is no WebSocket.

/** ws://host/api/realtime for http pages, wss:// for https (same origin: the session cookie goes along). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

const browserSocket = (url: string) => new WebSocket(url);

function parse(data: unknown): RealtimeServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message = JSON.parse(data) as unknown;
    if (typeof message === 'object' && message !== null && 'type' in message) {
      return message as RealtimeServerMessage;
    }
  } catch {
    // Not JSON: nothing we understand.
  }
  return undefined;
}

export class RealtimeClient {
  readonly #url: string;
  readonly #createSocket: ((url: string) => WebSocket) | undefined;
  #socket: WebSocket | undefined;
  #status: RealtimeStatus = 'closed';
  #wanted = false;
  /** Reconnects since the last 'ready': the index into the back-off delays. */
  #failures = 0;
  /** The server closed the last socket for sending too much: no early retry on wake (online, tab shown). */
  #holdOff = false;
  #everReady = false;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #deadline: ReturnType<typeof setTimeout> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  readonly #messageListeners = new Set<(message: RealtimeMessage) => void>();
  readonly #statusListeners = new Set<(status: RealtimeStatus) => void>();

  constructor({ url, createSocket }: RealtimeClientOptions) {
    this.#url = url;
    // Looked up here, not when this module loads: tests take WebSocket away per test.
    this.#createSocket = createSocket ?? (typeof WebSocket === 'undefined' ? undefined : browserSocket);
  }

  get status(): RealtimeStatus {
    return this.#status;
  }

  onMessage(listener: (message: RealtimeMessage) => void): () => void {
    this.#messageListeners.add(listener);
    return () => this.#messageListeners.delete(listener);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  connect(): void {
    if (this.#wanted || !this.#createSocket) return;
    this.#wanted = true;
    window.addEventListener('online', this.#wake);
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#open('connecting');
  }

  disconnect(): void {
    this.#stop('closed');
  }

  #stop(status: 'closed' | 'refused') {
    if (!this.#wanted) return;
    this.#wanted = false;
    window.removeEventListener('online', this.#wake);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#drop();
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#setStatus(status);
  }

  #open(status: RealtimeStatus) {
    this.#setStatus(status);
    const createSocket = this.#createSocket;
    if (!createSocket) return;
    let socket: WebSocket;
    try {
      socket = createSocket(this.#url);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    // Until 'ready', a socket that neither opens nor fails (a black-holed network) counts as dead.
    this.#armDeadline();
    socket.onopen = () => {
      if (socket === this.#socket) this.#startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (socket === this.#socket) this.#receive(parse(event.data));
    };
    socket.onclose = (event) => {
      if (socket === this.#socket) this.#closed(event.code);
    };
  }

  #receive(message: RealtimeServerMessage | undefined) {
    if (!message) return;
    if (message.type === 'pong') {
      this.#clearDeadline();
    } else if (message.type === 'ready') {
      this.#clearDeadline();
      this.#failures = 0;
      this.#holdOff = false;
      this.#setStatus('open');
      // Whatever changed while this client had no socket was never sent to it.
      if (this.#everReady) this.#emit({ type: 'resync' });
      this.#everReady = true;
    } else {
      this.#emit(message);
    }
  }

  #closed(code: number) {
    this.#drop();
    if (code === REALTIME_CLOSE.unauthorized) {
      this.disconnect();
      this.#emit({ type: 'unauthorized' });
      return;
    }
    if (code === REALTIME_CLOSE.tooManySockets) {
      this.#stop('refused');
      return;
    }
    // Too many messages: wait the whole back-off, whatever wakes the tab meanwhile.
    this.#holdOff = code === REALTIME_CLOSE.rateLimited;
    // Slow consumer, shutdown, a network failure or anything else: try again.
    this.#scheduleReconnect();
  }

  /** Forgets the current socket (closing it if it is still up) and its timers. */
  #drop() {
    clearInterval(this.#heartbeat);
    this.#clearDeadline();
    const socket = this.#socket;
    this.#socket = undefined;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Already closing.
    }
  }

  #scheduleReconnect() {
    if (!this.#wanted) return;
    this.#setStatus('reconnecting');
    const delay = REALTIME_BACKOFF_MS[Math.min(this.#failures, REALTIME_BACKOFF_MS.length - 1)];
    this.#failures += 1;
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#open('reconnecting');
    }, delay);
  }

  #startHeartbeat() {
    clearInterval(this.#heartbeat);
    this.#heartbeat = setInterval(() => this.#ping(), REALTIME_HEARTBEAT_MS);
  }

  #ping() {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ type: 'ping' }));
    this.#armDeadline();
  }

  #armDeadline() {
    clearTimeout(this.#deadline);
    this.#deadline = setTimeout(() => {
      this.#deadline = undefined;
      this.#drop();
      this.#scheduleReconnect();
    }, REALTIME_TIMEOUT_MS);
  }

  #clearDeadline() {
    clearTimeout(this.#deadline);
    this.#deadline = undefined;
  }

  /**
   * Back online or back on the tab: a client waiting to reconnect tries now; an open socket is
   * pinged, since a sleeping laptop or a new network may have killed it without a close.
   */
  readonly #wake = () => {
    if (!this.#wanted) return;
    if (this.#retry !== undefined) {
      if (this.#holdOff) return;
      clearTimeout(this.#retry);
      this.#retry = undefined;
      this.#open('reconnecting');
    } else if (this.#status === 'open' && this.#deadline === undefined) {
      this.#ping();
    }
  };

  readonly #onVisibility = () => {
    if (document.visibilityState === 'visible') this.#wake();
  };

  #setStatus(status: RealtimeStatus) {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }

  #emit(message: RealtimeMessage) {
    for (const listener of this.#messageListeners) listener(message);
  }
}
