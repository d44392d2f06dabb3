/** Just enough of a WebSocket for the realtime client; the test plays the server. */
export class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }

  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** Opens and subscribes, as the server does for a valid session. */
  ready() {
    this.open();
    this.receive({ type: 'ready' });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** A socket factory for RealtimeClient that keeps every socket it made, newest last. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    last: () => {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  };
}
