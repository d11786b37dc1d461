// A WebSocket that comes back: after a drop it reconnects with exponential backoff (0.5 s
// doubling to 15 s, with jitter so a restarted server is not stormed), keeps itself alive
// with pings, and stops for good only when told to (a bad token or an unknown table). The
// backoff starts over only once the server has welcomed the socket: one it refuses (too many
// connections, reconnecting too fast) opens and closes, and must not retry at once.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15000;
const PING_MS = 20000;

export class Connection {
  constructor({ url, onMessage, onState }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onState = onState || (() => {});
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.queue = Promise.resolve();
  }

  start() {
    this.stopped = false;
    this.open();
  }

  /** Close and reopen now (e.g. after a language switch), without backoff. */
  restart() {
    this.attempt = 0;
    this.close();
    this.open();
  }

  /** Try at once if we are waiting to retry (the network came back, the tab became visible). */
  nudge() {
    if (!this.stopped && !this.socket) {
      this.attempt = 0;
      this.open();
    }
  }

  stop(reason) {
    this.stopped = true;
    this.close();
    this.onState("stopped", reason);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  open() {
    clearTimeout(this.retryTimer);
    this.onState("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.onState("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "welcome") this.attempt = 0;
      // Handle messages one after another even when a handler awaits (a board import).
      this.queue = this.queue.then(() => this.onMessage(message)).catch((err) => console.error(err));
    });
    socket.addEventListener("close", () => {
      if (socket !== this.socket) return;
      clearInterval(this.pingTimer);
      this.socket = null;
      if (this.stopped) return;
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
      this.attempt += 1;
      this.onState("retry", delay);
      this.retryTimer = setTimeout(() => this.open(), delay);
    });
  }

  close() {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
  }
}
