// One shared table's live events over its WebSocket (/ws/tables/{id}), kept alive.
//
// The page says hello first (no token: the browser's session cookie counts, the page being
// of the server's own origin). The first hello has no last_seq, so the server answers with a
// snapshot; after a drop the page reconnects with the last seq it applied, and the server
// sends the events it missed (or a snapshot when too many were). Each event is applied once,
// in the order of its seq. Reconnects back off (0.5 s, 1 s, 2 s... up to 8 s) and start over
// at 0.5 s once a welcome arrives.

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const PING_MS = 20000;

export class TableSocket {
  // onSnapshot(snapshot): the whole table, to draw again; onEvent(event): one event, in
  // order; onState(state): "connecting" | "live" | "lost" | "gone" (the table does not exist).
  constructor(tableId, { onSnapshot, onEvent, onState = () => {} }) {
    this.tableId = tableId;
    this.onSnapshot = onSnapshot;
    this.onEvent = onEvent;
    this.onState = onState;
    this.lastSeq = null;
    this.failures = 0;
    this.socket = null;
    this.stopped = false;
    this.timer = null;
    this.ping = null;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.stopped) return;
    this.onState("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      const hello = { type: "hello" };
      if (this.lastSeq !== null) hello.last_seq = this.lastSeq;
      socket.send(JSON.stringify(hello));
      this.ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), PING_MS);
    });
    socket.addEventListener("message", (message) => this.receive(message.data));
    socket.addEventListener("close", (closed) => this.closed(socket, closed.code));
  }

  receive(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (data.type === "pong") return;
    if (data.type === "welcome") {
      this.failures = 0;
      this.onState("live");
      if (data.snapshot) {
        this.lastSeq = data.snapshot.seq;
        this.onSnapshot(data.snapshot);
      } else {
        this.lastSeq = data.seq;
      }
      return;
    }
    if (typeof data.seq !== "number" || (this.lastSeq !== null && data.seq <= this.lastSeq)) return;
    this.lastSeq = data.seq;
    this.onEvent(data);
  }

  closed(socket, code) {
    clearInterval(this.ping);
    if (socket !== this.socket || this.stopped) return;
    this.socket = null;
    if (code === 4404) {
      this.onState("gone");
      return;
    }
    this.onState("lost");
    const wait = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
    this.failures += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }

  // Drops the connection as a network failure would: the page reconnects (tests use it).
  drop() {
    if (this.socket) this.socket.close(4000, "dropped");
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    if (this.socket) this.socket.close(1000, "leaving");
  }
}
