// What the Chemin de fer and Banque pages share: the page's state (language, table, last
// round, error, one Idempotency-Key per request until its answer comes), the start-up (a
// guest's seat when there is none, a new table when the player has none), the language
// switch, a new table, and the error line (the server's sentence in the page's language,
// following a language switch). Each page draws its own table and sends its own actions.

import { Api, ApiError } from "./api.js";
import { formatMoney, initialLang, loadTexts, rememberLang, translator } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

// The longest time to choose POST <path>/table accepts: the pages show no clock.
const DECISION_SECONDS = 3600;

// path: the game's API ("/api/chemin"); ids: the page's error line, language switch and
// new-table button; extra: the page's own state; draw: draws the page (the error line
// after it); onTable: called when a table is read afresh (sat down at, or loaded).
export function tablePage({ path, ids, extra = {}, draw, onTable = () => {} }) {
  const state = { lang: initialLang(), t: null, table: null, round: null, error: null, keys: {}, ...extra };
  const api = new Api(() => state.lang);
  const t = (key, params) => state.t(key, params);
  const money = (minor) => formatMoney(minor, state.lang);

  // One key per request until its answer arrives: the same request retried is the same key.
  function keyFor(what) {
    if (!state.keys[what]) state.keys[what] = crypto.randomUUID();
    return state.keys[what];
  }

  function renderError() {
    const error = state.error;
    $(ids.error).hidden = !error;
    if (!error) return;
    $(ids.error).textContent = error.messages && error.messages[state.lang] ? error.messages[state.lang] : t(error.key, error.params || {});
  }

  function renderAll() {
    state.t = translator(state.lang);
    document.documentElement.lang = state.lang;
    $(ids.lang).textContent = state.lang === "en" ? "ES" : "EN";
    $(ids.lang).setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
    draw();
    renderError();
    document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
  }

  function failed(err) {
    if (err instanceof ApiError && (err.kind === "rejected" || err.kind === "auth") && Object.keys(err.messages).length) {
      state.error = { messages: err.messages };
    } else {
      state.error = { key: "chemin.err.failed", params: { message: err.message || String(err) } };
    }
  }

  // An answer of an action or a decision: the table now, and the round it dealt or completed.
  function answered(body) {
    state.table = body.table;
    if (body.round) state.round = body.round;
    state.error = body.timed_out && body.messages ? { messages: body.messages } : null;
  }

  // POSTs one request to <path><endpoint> (its key kept until an answer comes) and draws
  // the answer once; done() runs when the answer came.
  async function send(what, endpoint, body, done = () => {}) {
    document.body.dataset.busy = "true";
    try {
      answered(await api.request("POST", `${path}${endpoint}`, { body, headers: { "Idempotency-Key": keyFor(what) } }));
      delete state.keys[what];
      done();
    } catch (err) {
      if (!(err instanceof ApiError && (err.kind === "offline" || err.kind === "server"))) delete state.keys[what];
      failed(err);
    } finally {
      document.body.dataset.busy = "false";
      renderAll();
    }
  }

  async function sitDown() {
    try {
      state.table = await api.request("POST", `${path}/table`, { body: { decision_seconds: DECISION_SECONDS } });
      state.round = null;
      state.error = null;
      onTable();
    } catch (err) {
      failed(err);
    }
    renderAll();
  }

  // Asks who is playing and whether he has a table before reading it, as the main page does:
  // a first visit then makes no request that fails (a 401, then a 404 no_table) and that the
  // browser would log as an error.
  async function load() {
    try {
      if (!(await api.session()).user) await api.guest();
      if (!(await api.request("GET", `${path}/seated`)).seated) return sitDown();
      answered(await api.request("GET", `${path}/table`));
      onTable();
    } catch (err) {
      if (err instanceof ApiError && err.kind === "auth") {
        await api.guest(); // no seat yet: a guest's, as the table page offers first
        return load();
      }
      if (err instanceof ApiError && err.code === "no_table") return sitDown();
      failed(err);
    }
    renderAll();
  }

  // Loads the words, lets the page wire its own controls, and reads (or opens) the table.
  async function start(wire) {
    await loadTexts(state.lang);
    state.t = translator(state.lang);
    wire();
    $(ids.new).addEventListener("click", sitDown);
    $(ids.lang).addEventListener("click", async () => {
      state.lang = state.lang === "en" ? "es" : "en";
      rememberLang(state.lang);
      await loadTexts(state.lang);
      renderAll();
    });
    await load();
    document.body.dataset.table = "ready";
  }

  return { state, t, money, renderAll, send, start };
}
