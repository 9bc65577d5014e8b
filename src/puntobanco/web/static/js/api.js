// The HTTP API (its schema is served at /openapi.json). Every call says the page's language; every failure is an
// ApiError whose kind tells the page which message to show (offline, server, auth, rule).
// A server's error keeps its code, params and sentence in every language (error.messages):
// after a language switch the page says it again in the new language, asking nothing.

export class ApiError extends Error {
  constructor(kind, { status = 0, code = "", message = "", params = {}, messages = {} } = {}) {
    super(message || kind);
    this.kind = kind; // "offline" | "server" | "auth" | "rejected"
    this.status = status;
    this.code = code;
    this.params = params;
    this.messages = messages; // {lang: the same sentence in that language}
  }
}

export class Api {
  constructor(getLang) {
    this.getLang = getLang;
  }

  async request(method, path, { body, headers = {} } = {}) {
    const sep = path.includes("?") ? "&" : "?";
    const url = `${path}${sep}lang=${this.getLang()}`;
    const init = {
      method,
      credentials: "same-origin",
      // X-Requested-With: the server's cross-site check accepts a cookie request that has it
      // when a browser sends neither Origin nor Sec-Fetch-Site (server/security.py).
      headers: { Accept: "application/json", "Accept-Language": this.getLang(), "X-Requested-With": "puntobanco", ...headers },
    };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, init);
    } catch (err) {
      throw new ApiError("offline", { message: String(err) });
    }
    if (response.status === 204) return null;
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (response.ok) return data;
    const error = (data && data.error) || {};
    const messages = error.messages && typeof error.messages === "object" ? error.messages : {};
    const detail = { status: response.status, code: error.code || "", message: error.message || "", params: error.params || {}, messages };
    if (response.status >= 500) throw new ApiError("server", detail);
    if (response.status === 401 && !path.startsWith("/api/auth/login")) throw new ApiError("auth", detail);
    throw new ApiError("rejected", detail);
  }

  me() { return this.request("GET", "/api/me"); }
  session() { return this.request("GET", "/api/auth/session"); }
  guest() { return this.request("POST", "/api/auth/guest"); }
  login(username, password) { return this.request("POST", "/api/auth/login", { body: { username, password } }); }
  register(username, password) { return this.request("POST", "/api/auth/register", { body: { username, password } }); }
  upgrade(username, password) { return this.request("POST", "/api/auth/upgrade", { body: { username, password } }); }
  logout() { return this.request("POST", "/api/auth/logout"); }
  topUp(amount_minor, key) { return this.request("POST", "/api/wallet/top-up", { body: { amount_minor }, headers: { "Idempotency-Key": key } }); }
  table() { return this.request("GET", "/api/table"); }
  shoe() { return this.request("GET", "/api/shoe"); }
  deal(bets, key) { return this.request("POST", "/api/rounds", { body: { bets }, headers: { "Idempotency-Key": key } }); }
  rounds(before) { return this.request("GET", `/api/rounds?limit=10${before ? `&before=${encodeURIComponent(before)}` : ""}`); }
  round(id) { return this.request("GET", `/api/rounds/${encodeURIComponent(id)}`); }
  setClientSeed(client_seed) { return this.request("POST", "/api/fairness/client-seed", { body: { client_seed } }); }
  rotate() { return this.request("POST", "/api/fairness/rotate"); }
  verify(server_seed) { return this.request("POST", "/api/fairness/verify", { body: { server_seed } }); }
}
