// The lobby: every shared table as a tile, live, and the private tables beside them.
//
// Live by polling: GET /api/tables every 2 seconds, one request for every tile, rather than
// a WebSocket per tile. The lobby shows no card, only each table's phase, countdown, counts
// and road, which the answer has whole; the countdown itself ticks here between answers,
// on the server's clock (its "now"). Joining (POST seat) takes the player to the table.

import { Api, ApiError } from "./api.js";
import { formatMoney, initialLang, loadTexts, rememberLang, setCurrency, translator } from "./i18n.js";
import { $, el, miniRoads, presetLabel, secondsLeft, syncClock } from "./shared-common.js";

const POLL_MS = 2000;
const TICK_MS = 250;
// Each private table's name, under another section's key.
const PRIVATE_NAMES = { private: "play.title", chemin: "chemin.title", banque: "banque.title" };

const state = { lang: initialLang(), t: null, lobby: null, error: null, filters: { minimum: "", preset: "" }, busy: false };
const api = new Api(() => state.lang);
const t = (key, params) => state.t(key, params);
const money = (minor) => formatMoney(minor, state.lang);

function shortHash(hash) {
  return hash ? `${hash.slice(0, 10)}…` : "";
}

function tileFacts(tile) {
  const facts = el("div", "sh-facts");
  facts.append(
    el("p", "sh-rules", t("shared.tile.rules", { preset: presetLabel(state.lang, t, tile.preset) })),
    el("p", "sh-limits", t("shared.tile.limits", { minimum: money(tile.limits.minimum_minor), maximum: money(tile.limits.maximum_minor) })),
    el("p", "sh-people", t("shared.tile.people", { seats: tile.seats, spectators: tile.spectators })),
  );
  if (tile.squeeze) facts.append(el("p", "sh-squeeze-fact", t("shared.tile.squeeze")));
  const phase = el("p", "sh-phase");
  phase.append(el("span", "sh-phase-name", tile.phase ? t(`shared.phase.${tile.phase}`) : ""), " ");
  const countdown = el("span", "sh-countdown");
  countdown.dataset.closes = tile.phase === "betting" ? tile.closes_at || "" : "";
  phase.append(countdown);
  if (tile.round) phase.prepend(el("span", "sh-round", `${t("shared.tile.round", { round: tile.round })} · `));
  facts.append(phase);
  if (tile.status !== "open") facts.append(el("p", "sh-closing", t(`shared.status.${tile.status === "closing" ? "closing" : "closed"}`)));
  return facts;
}

function commitment(tile) {
  const shoe = tile.shoe;
  if (!shoe) return el("span");
  const details = el("details", "sh-hash");
  const summary = el("summary");
  summary.append(`${t("shared.tile.commitment", { number: shoe.number })}: `);
  const code = el("code", "", shortHash(shoe.server_seed_hash));
  code.title = shoe.server_seed_hash;
  summary.append(code);
  const full = el("p", "sh-hash-full", t("shared.tile.commitment.full", { number: shoe.number, hash: shoe.server_seed_hash }));
  details.append(summary, full);
  return details;
}

function joinButtons(tile) {
  const actions = el("div", "sh-actions");
  if (tile.my_role) {
    const mark = el("p", "sh-you", t(tile.my_role === "seat" ? "shared.tile.you.seat" : "shared.tile.you.spectator"));
    const go = el("a", "sh-go", t("shared.join.go"));
    go.href = `/shared.html?table=${encodeURIComponent(tile.id)}`;
    actions.append(mark, go);
  }
  if (tile.status !== "open") return actions;
  for (const role of ["seat", "spectator"]) {
    if (tile.my_role === role) continue;
    const button = el("button", `sh-join sh-join-${role}`, t(role === "seat" ? "shared.join.seat" : "shared.join.spectator"));
    button.type = "button";
    button.dataset.role = role;
    button.dataset.table = tile.id;
    button.setAttribute("aria-label", `${button.textContent}: ${tile.name}`);
    actions.append(button);
  }
  return actions;
}

function tileElement(tile) {
  const li = el("li", "sh-tile");
  li.dataset.table = tile.id;
  li.dataset.phase = tile.phase || "";
  if (tile.my_role) li.dataset.mine = tile.my_role;
  const head = el("h3", "", tile.name);
  head.id = `tile-${tile.id}`;
  li.setAttribute("aria-labelledby", head.id);
  li.append(head, tileFacts(tile), miniRoads(tile.shoe ? tile.shoe.road : [], t), commitment(tile), joinButtons(tile));
  return li;
}

function shown(tile) {
  const { minimum, preset } = state.filters;
  if (minimum && tile.limits.minimum_minor > Number(minimum)) return false;
  return !preset || tile.preset === preset;
}

// The filters' choices follow the tables there are; a choice made stays chosen.
function drawFilters(tables) {
  const fill = (select, values, label) => {
    const chosen = select.value;
    select.replaceChildren(new Option(t("shared.filter.any"), ""));
    for (const value of values) select.append(new Option(label(value), String(value)));
    select.value = values.map(String).includes(chosen) ? chosen : "";
  };
  const minima = [...new Set(tables.map((tile) => tile.limits.minimum_minor))].sort((a, b) => a - b);
  fill($("filter-minimum"), minima, money);
  fill($("filter-preset"), [...new Set(tables.map((tile) => tile.preset))].sort(), (p) => presetLabel(state.lang, t, p));
}

// How a tile's focusable control is found again in the tile drawn anew.
function focusKey(node) {
  if (node.matches(".sh-join")) return `.sh-join[data-role="${node.dataset.role}"]`;
  if (node.matches(".sh-go")) return ".sh-go";
  if (node.matches(".sh-hash summary")) return ".sh-hash summary";
  return null;
}

function drawTiles() {
  const tables = state.lobby ? state.lobby.tables : [];
  drawFilters(tables);
  // Redrawing keeps the keyboard where it was and the commitments opened open: the focused
  // control is found again by its table and its kind.
  const active = document.activeElement;
  const activeTile = active && active.closest ? active.closest(".sh-tile") : null;
  const focused = activeTile ? { table: activeTile.dataset.table, selector: focusKey(active) } : null;
  const opened = new Set([...document.querySelectorAll(".sh-tile .sh-hash[open]")].map((d) => d.closest(".sh-tile").dataset.table));
  const list = tables.filter(shown).map(tileElement);
  $("tiles").replaceChildren(...list);
  for (const li of list) if (opened.has(li.dataset.table)) li.querySelector(".sh-hash").open = true;
  $("tiles-none").hidden = !state.lobby || list.length > 0;
  $("tiles-none").textContent = tables.length ? t("shared.lobby.none") : t("shared.lobby.empty");
  if (focused && focused.selector) {
    const again = document.querySelector(`.sh-tile[data-table="${CSS.escape(focused.table)}"] ${focused.selector}`);
    if (again) again.focus();
  }
  tick();
}

function drawPrivate() {
  const list = (state.lobby ? state.lobby.private : []).map((table) => {
    const li = el("li", "sh-tile sh-tile-private");
    li.dataset.table = table.id;
    const name = t(PRIVATE_NAMES[table.kind] || "play.title");
    const link = el("a", "sh-go", `${t("shared.join.open")}: ${name}`);
    link.href = table.href;
    li.append(el("h3", "", name), link);
    return li;
  });
  $("private-tiles").replaceChildren(...list);
}

function tick() {
  for (const node of document.querySelectorAll(".sh-countdown")) {
    const n = node.dataset.closes ? secondsLeft(node.dataset.closes) : 0;
    node.textContent = n > 0 ? t("shared.countdown", { n }) : "";
    node.dataset.seconds = String(n);
  }
}

function renderAll() {
  state.t = translator(state.lang);
  document.documentElement.lang = state.lang;
  document.title = t("shared.lobby.page_title");
  for (const [id, key] of [
    ["lobby-h1", "shared.lobby.title"], ["shared-h2", "shared.lobby.shared"], ["private-h2", "shared.lobby.private"],
    ["private-note", "shared.lobby.private.note"], ["filter-legend", "shared.filter.title"],
    ["filter-minimum-label", "shared.filter.minimum"], ["filter-preset-label", "shared.filter.preset"], ["lobby-home", "play.title"],
  ]) $(id).textContent = t(key);
  $("lobby-lang").textContent = state.lang === "en" ? "ES" : "EN";
  $("lobby-lang").setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
  $("lobby-error").hidden = !state.error;
  if (state.error) $("lobby-error").textContent = state.error.messages[state.lang] || state.error.messages.en || state.error.text;
  drawTiles();
  drawPrivate();
}

function failed(err) {
  const messages = err instanceof ApiError ? err.messages : {};
  state.error = { messages, text: t("chemin.err.failed", { message: err.message || String(err) }) };
}

async function poll() {
  try {
    const lobby = await api.request("GET", "/api/tables");
    syncClock(lobby.now);
    state.lobby = lobby;
    if (state.error && state.error.offline) state.error = null;
  } catch (err) {
    if (!state.busy) { failed(err); state.error.offline = true; }
  }
  renderAll();
  document.body.dataset.polls = String(Number(document.body.dataset.polls || 0) + 1);
}

// Sits or watches (a guest's seat first when nobody is logged in), then goes to the table.
async function join(tableId, role) {
  state.busy = true;
  try {
    if (!(await api.session()).user) await api.guest();
    await api.request("POST", `/api/tables/${encodeURIComponent(tableId)}/seat`, { body: { role } });
    window.location.assign(`/shared.html?table=${encodeURIComponent(tableId)}`);
  } catch (err) {
    failed(err);
    renderAll();
  } finally {
    state.busy = false;
  }
}

async function start() {
  await loadTexts(state.lang);
  state.t = translator(state.lang);
  try {
    // The operator's currency sign comes with a player's table: asked only when someone is
    // logged in (a first visit makes no request that fails).
    if ((await api.session()).user) setCurrency((await api.table()).currency);
  } catch { /* play money, no sign */ }
  $("lobby-lang").addEventListener("click", async () => {
    state.lang = state.lang === "en" ? "es" : "en";
    rememberLang(state.lang);
    await loadTexts(state.lang);
    renderAll();
  });
  $("filters").addEventListener("change", () => {
    state.filters = { minimum: $("filter-minimum").value, preset: $("filter-preset").value };
    drawTiles();
  });
  $("filters").addEventListener("submit", (event) => event.preventDefault());
  $("tiles").addEventListener("click", (event) => {
    const button = event.target.closest(".sh-join");
    if (button) join(button.dataset.table, button.dataset.role);
  });
  await poll();
  document.documentElement.classList.remove("loading");
  document.body.dataset.lobby = "ready";
  setInterval(poll, POLL_MS);
  setInterval(tick, TICK_MS);
}

start();
