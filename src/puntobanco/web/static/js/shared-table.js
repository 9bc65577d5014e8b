// A shared table (shared.html?table=ID): one shoe, many players, live over its WebSocket.
//
// The page draws only what the server has announced: the welcome's snapshot, then each
// event in the order of its seq. A card appears when its `card` event arrives, never before
// (the page asks for no card otherwise). Bets are the player's whole set, PUT with a fresh
// Idempotency-Key per change ({} cancels them); a refusal is the server's sentence, in the
// page's language. On a drop the socket reconnects with the last seq and the page applies
// the events it missed; a snapshot draws everything again.

import { Api, ApiError } from "./api.js";
import { formatMoney, initialLang, loadTexts, rememberLang, setCurrency, translator } from "./i18n.js";
import { CHIPS } from "./pieces.js";
import { renderRoads } from "./roads.js";
import { $, el, presetLabel, secondsLeft, syncClock } from "./shared-common.js";
import { dealCard, drawCall, drawChips, drawHands, drawSpots, drawSqueeze, tickSqueeze } from "./shared-felt.js";
import { outcomeCounts, roadsFromOutcomes } from "./shared-roads.js";
import { TableSocket } from "./shared-socket.js";

const TICK_MS = 250;
const tableId = new URLSearchParams(window.location.search).get("table") || "";

const state = {
  lang: initialLang(), t: null,
  tile: null, round: null, seats: [], me: null, myBets: {}, counted: {},
  chip: CHIPS[1], balance: null, road: [], history: [], settled: null,
  status: null, error: null, connection: "connecting", paused: null,
  // The card waiting face down for its squeezer: {round, step, hand, slot, seat, until, sent}.
  squeeze: null,
};
const api = new Api(() => state.lang);
const t = (key, params) => state.t(key, params);
const money = (minor) => formatMoney(minor, state.lang);
const page = { state, t, money };
let socket = null;
let sending = Promise.resolve();

// The test hook: each card's receipt time (on the clock every page of the browser shares),
// the state, and a way to drop the socket or hold the events as a slow connection would.
const hook = {
  cards: [],
  connections: 0,
  state,
  drop: () => socket && socket.drop(),
  pause: () => { state.paused = state.paused || []; },
  resume: () => { const held = state.paused || []; state.paused = null; held.forEach(apply); renderAll(); },
};
window.__shared = hook;

// ---- drawing -------------------------------------------------------------------------

function drawHeader() {
  const tile = state.tile;
  document.title = tile ? t("shared.table.page_title", { name: tile.name }) : t("shared.lobby.page_title");
  $("sh-h1").textContent = tile ? tile.name : tableId;
  $("sh-back").textContent = t("shared.table.back");
  $("sh-balance-label").textContent = t("play.prompt.balance");
  $("sh-balance").textContent = state.balance === null ? "—" : money(state.balance);
  $("sh-lang").textContent = state.lang === "en" ? "ES" : "EN";
  $("sh-lang").setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
  $("sh-player-name").textContent = t("game.side.player");
  $("sh-banker-name").textContent = t("game.side.banker");
  $("sh-rules").textContent = tile
    ? `${t("shared.tile.rules", { preset: presetLabel(state.lang, t, tile.preset) })} · ${t("shared.tile.limits", { minimum: money(tile.limits.minimum_minor), maximum: money(tile.limits.maximum_minor) })}`
    : "";
  const conn = $("sh-connection");
  conn.hidden = state.connection !== "lost" && state.connection !== "gone";
  conn.textContent = state.connection === "gone" ? t("shared.table.unknown", { table: tableId }) : t("shared.table.reconnecting");
}

function drawJoin() {
  const me = state.me;
  const open = state.tile && state.tile.status === "open";
  $("sh-away").textContent = !me ? t("shared.table.away") : me.role === "spectator" ? t("shared.table.watching") : "";
  $("sh-away").hidden = Boolean(me && me.role === "seat");
  $("sh-sit").textContent = t("shared.join.seat");
  $("sh-watch").textContent = t("shared.join.spectator");
  $("sh-leave").textContent = t("shared.table.leave");
  $("sh-sit").hidden = !open || Boolean(me && me.role === "seat");
  $("sh-watch").hidden = !open || Boolean(me);
  $("sh-leave").hidden = !me;
  const staked = Object.values(state.myBets).reduce((sum, v) => sum + v, 0);
  $("sh-staked").textContent = me && me.role === "seat" ? t("shared.table.staked", { amount: money(staked) }) : "";
  $("sh-cancel").textContent = t("shared.table.cancel");
  $("sh-cancel").hidden = !(me && me.role === "seat");
  $("sh-cancel").disabled = !(staked > 0 && state.round && state.round.phase === "betting");
}

function drawClock() {
  const round = state.round;
  $("sh-round").textContent = round ? t("shared.tile.round", { round: round.round }) : "";
  $("sh-phase").textContent = round ? t(`shared.phase.${round.phase}`) : "";
  $("sh-phase").dataset.phase = round ? round.phase : "";
  tick();
}

function tick() {
  const round = state.round;
  const n = round && round.phase === "betting" ? secondsLeft(round.closes_at) : 0;
  $("sh-countdown").textContent = n > 0 ? t("shared.countdown", { n }) : "";
  $("sh-countdown").dataset.seconds = String(n);
  tickSqueeze(page);
}

function drawSide() {
  $("roads-title").textContent = t("roads.title");
  for (const road of ["big", "bead", "big_eye_boy", "small_road", "cockroach_pig"]) $(`cap-${road}`).textContent = t(`roads.${road}`);
  renderRoads(roadsFromOutcomes(state.road), t);
  $("stats-title").textContent = t("stats.title");
  const counts = outcomeCounts(state.road);
  $("sh-stats").replaceChildren(...[
    ["stats.rounds", counts.rounds], ["shared.stats.banker", counts.banker],
    ["shared.stats.player", counts.player], ["shared.stats.tie", counts.tie],
  ].flatMap(([key, value]) => [el("dt", "", t(key)), Object.assign(el("dd", "", String(value)), { id: `sh-stat-${key.split(".").pop()}` })]));
  $("sh-seats-title").textContent = t("shared.seats.title");
  const seats = state.seats.map(({ seat, role }) => {
    const li = el("li", "", t(role === "seat" ? "shared.seats.seat" : "shared.seats.spectator", { name: state.me && state.me.seat === seat ? t("shared.seats.you", { name: seat }) : seat }));
    if (state.me && state.me.seat === seat) li.dataset.me = "true";
    li.dataset.role = role;
    return li;
  });
  $("sh-seats").replaceChildren(...(seats.length ? seats : [el("li", "", t("shared.seats.none"))]));
  $("sh-history-title").textContent = t("shared.history.title");
  $("sh-history").replaceChildren(...[...state.history].reverse().map((item) => {
    const li = el("li");
    li.dataset.outcome = item.outcome;
    const call = item.player_total === null ? t(`game.side.${item.outcome}`) : t(`call.${item.outcome}`, { p: item.player_total, b: item.banker_total });
    li.textContent = `${t("shared.tile.round", { round: item.round })}: ${call}`;
    if (item.net !== null) li.textContent += ` · ${t(item.net > 0 ? "result.net.win" : item.net < 0 ? "result.net.lose" : "result.net.even", { amount: money(Math.abs(item.net)) })}`;
    return li;
  }));
  const shoe = (state.tile && state.tile.shoe) || {};
  $("sh-fair-title").textContent = t("shared.fair.title");
  $("sh-fair-hash-label").textContent = t("shared.fair.hash");
  $("sh-fair-client-label").textContent = t("shared.fair.client");
  $("sh-fair-server-label").textContent = t("shared.fair.server");
  $("sh-fair-hash").textContent = shoe.server_seed_hash || "";
  $("sh-fair-client").textContent = shoe.client_seed || t("shared.fair.pending");
  $("sh-fair-server").textContent = shoe.server_seed || t("shared.fair.pending");
}

function drawMessages() {
  const error = state.error;
  $("sh-error").hidden = !error;
  if (error) $("sh-error").textContent = error.messages[state.lang] || error.messages.en || t("chemin.err.failed", { message: error.text });
  $("sh-status").textContent = state.status ? t(state.status.key, state.status.params || {}) : "";
}

function renderAll() {
  state.t = translator(state.lang);
  document.documentElement.lang = state.lang;
  drawHeader();
  if (state.tile) {
    drawClock();
    drawJoin();
    drawHands(page);
    drawSpots(page);
    drawChips(page);
    drawSide();
  }
  drawMessages();
  document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
}

// ---- the table's events ------------------------------------------------------------

function fromSnapshot(snap) {
  syncClock(snap.now);
  state.tile = snap.tile;
  state.round = snap.round;
  state.seats = snap.seats || [];
  state.me = snap.me ? { ...snap.me } : null;
  state.myBets = (snap.me && snap.me.bets) || {};
  state.counted = { ...state.myBets };
  state.road = (snap.tile.shoe && snap.tile.shoe.road) || [];
  // The rounds seen before this page came are known by their outcome only.
  state.history = state.road.map((outcome, i) => ({ round: i + 1, outcome, player_total: null, banker_total: null, net: null }));
  state.settled = null;
  state.squeeze = waitingCard(snap.round, snap.tile.rules);
  renderAll();
  refreshBalance();
}

// The next card of a round, from the cards shown: Player and Banker in turn up to two each,
// then the Player's third if the rules' tableau draws on his total, else the Banker's.
function nextCard(round, rules) {
  const p = round.player.length;
  const b = round.banker.length;
  if (p + b < 4) return p === b ? { hand: "player", slot: p } : { hand: "banker", slot: b };
  const draws = (rules && rules.tableau && rules.tableau.player_draws) || [0, 1, 2, 3, 4, 5];
  if (p === 2 && draws.includes(round.player_total)) return { hand: "player", slot: 2 };
  return { hand: "banker", slot: 2 };
}

// A snapshot's card still waiting for its squeezer (a page opened, or reloaded, while it
// waits): the snapshot gives the squeezers and each offered step's deadline, not the
// squeeze event itself, so the hand is the round's next card.
function waitingCard(round, rules) {
  if (!round || round.phase !== "dealing" || !round.squeeze) return null;
  const step = round.revealed + 1;
  const until = (round.squeeze.offered || {})[String(step)];
  if (!until) return null;
  const { hand, slot } = nextCard(round, rules);
  const seat = round.squeeze[hand];
  return seat ? { round: round.round, step, hand, slot, seat, until, sent: false } : null;
}

function onSettled(event) {
  const round = state.round;
  // The road as the event gives it, this round last; a server of 671d0da left this round out
  // of it (its query ran before the round's phase was written): then the page adds it.
  const inShoe = round && round.round === event.round ? round.round_in_shoe : null;
  state.road = inShoe !== null && event.road.length < inShoe ? [...event.road, event.outcome] : [...event.road];
  const mine = state.me ? event.seats.find((s) => s.seat === state.me.seat) : null;
  // Each spot's resolution for the table, and the player's own bets with theirs: the dealer
  // collects and pays spot by spot.
  const bets = Object.fromEntries(((mine && mine.bets) || []).map((bet) => [bet.spot, bet]));
  state.settled = { round: event.round, outcome: event.outcome, spots: event.spots || {}, bets, payout: mine ? mine.payout : null, net: mine ? mine.net : null };
  state.squeeze = null;
  const result = round && round.result;
  state.history.push({ round: round ? round.round_in_shoe : state.road.length, outcome: event.outcome, player_total: result ? result.player_total : null, banker_total: result ? result.banker_total : null, net: mine ? mine.net : null });
  if (round) round.phase = "settled";
  drawClock();
  drawSpots(page, { animate: true });
  drawCall(page);
  drawSide();
  refreshBalance();
}

const HANDLERS = {
  round_opened(e) {
    state.round = { round: e.round, round_id: e.round_id, phase: "betting", closes_at: e.closes_at, round_in_shoe: e.round_in_shoe, revealed: 0, totals: {}, players: {}, burn: null, player: [], banker: [], player_total: null, banker_total: null, result: null, squeeze: null };
    state.myBets = {};
    state.counted = {};
    state.settled = null;
    state.squeeze = null;
    state.status = { key: "shared.table.opened", params: { round: e.round } };
    renderAll();
  },
  bets(e) {
    if (!state.round || state.round.round !== e.round) return;
    state.round.totals = e.totals;
    state.round.players = e.players;
    // The dealer announces the bets every half second: the seats whose bets changed. Mine,
    // as it counted them, may be older than my last answer: the spots show the table's
    // totals with mine as I hold them now (shared-felt.js), never my bets as it counted.
    const mine = state.me && (e.seats || []).find((s) => s.seat === state.me.seat);
    if (mine) state.counted = mine.bets;
    drawSpots(page);
    drawJoin();
  },
  betting_closed(e) {
    if (state.round && state.round.round === e.round) state.round.phase = "closed";
    state.status = { key: "shared.table.no_more" };
    renderAll();
  },
  dealing(e) {
    if (state.round && state.round.round === e.round) state.round.phase = "dealing";
    drawClock();
  },
  shoe_started(e) {
    state.tile.shoe = { number: e.shoe, server_seed_hash: e.server_seed_hash, client_seed: null, server_seed: null, rounds: 0, ended: false, road: [] };
    state.road = [];
    state.history = [];
    drawSide();
    // The operator changed the preset: it applies from this shoe, with its spots and limits.
    if (e.preset !== state.tile.preset) refreshTile();
  },
  client_seed_fixed(e) {
    if (state.tile.shoe) state.tile.shoe.client_seed = e.client_seed;
    drawSide();
  },
  shoe_ended(e) {
    if (state.tile.shoe) Object.assign(state.tile.shoe, { server_seed: e.server_seed, client_seed: e.client_seed, ended: true });
    drawSide();
  },
  burn(e) {
    if (!state.round) return;
    state.round.revealed = e.step;
    state.round.burn = { card: e.card, face_down: e.face_down };
    drawHands(page);
  },
  squeeze(e) {
    if (!state.round || state.round.round !== e.round) return;
    const squeeze = state.round.squeeze || { player: null, banker: null, offered: {} };
    squeeze[e.hand] = e.seat;
    squeeze.offered[String(e.step)] = e.until;
    state.round.squeeze = squeeze;
    state.squeeze = { round: e.round, step: e.step, hand: e.hand, slot: e.slot, seat: e.seat, until: e.until, sent: false };
    drawSqueeze(page);
  },
  card(e) {
    if (!state.round || state.round.round !== e.round) return;
    state.round.revealed = e.step;
    // The face-down card gives way to the card itself, turned as any other.
    if (state.squeeze) {
      state.squeeze = null;
      drawSqueeze(page);
    }
    state.round[e.hand].push(e.card);
    // Who turned each squeezed card, kept for the hands drawn again (a snapshot does not say).
    if (e.by) {
      state.round.by = state.round.by || { player: [], banker: [] };
      state.round.by[e.hand][e.slot] = e.by;
    }
    state.round.player_total = e.player_total;
    state.round.banker_total = e.banker_total;
    dealCard(page, e);
  },
  result(e) {
    if (!state.round) return;
    state.round.revealed = e.step;
    state.squeeze = null;
    state.round.result = { outcome: e.outcome, player_total: e.player_total, banker_total: e.banker_total, natural: e.natural };
    drawHands(page);
  },
  settled: onSettled,
  seat(e) {
    state.seats = state.seats.filter((s) => s.seat !== e.seat);
    if (e.role) state.seats.push({ seat: e.seat, role: e.role });
    Object.assign(state.tile, { seats: e.seats, spectators: e.spectators });
    if (state.me && state.me.seat === e.seat) state.me = e.role ? { ...state.me, role: e.role } : null;
    drawJoin();
    drawSide();
  },
  // The operator changed the table (or opened it again): its tile as the lobby shows it.
  table_updated(e) { Object.assign(state.tile, e.tile); renderAll(); },
  table_closing() { state.tile.status = "closing"; renderAll(); },
  table_closed() { state.tile.status = "closed"; renderAll(); },
};

function apply(event) {
  const handler = HANDLERS[event.type];
  if (handler && state.tile) handler(event);
  document.body.dataset.seq = String(event.seq);
}

function receive(event) {
  if (event.type === "card") hook.cards.push({ seq: event.seq, round: event.round, step: event.step, card: event.card, at: performance.timeOrigin + performance.now() });
  if (state.paused) state.paused.push(event);
  else apply(event);
}

// ---- the player's actions ----------------------------------------------------------

async function refreshBalance() {
  try {
    state.balance = (await api.me()).balance_minor;
  } catch { /* not logged in: no balance */ }
  drawHeader();
}

// The tile's rules and limits as the server shows them now (its other fields come with the
// events, each in its order).
async function refreshTile() {
  try {
    const { tile } = await api.request("GET", `/api/tables/${encodeURIComponent(tableId)}`);
    const { preset, rules, decks, limits } = tile;
    Object.assign(state.tile, { preset, rules, decks, limits });
  } catch { /* the next shoe_started or a reload tries again */ }
  renderAll();
}

function failed(err) {
  state.error = err instanceof ApiError && Object.keys(err.messages).length ? { messages: err.messages } : { messages: {}, text: err.message || String(err) };
}

// The whole set of bets changed by `change` (from the set known when the request leaves),
// one request at a time, each with its own key.
function putBets(change) {
  sending = sending.then(async () => {
    const bets = change({ ...state.myBets });
    document.body.dataset.busy = "true";
    try {
      const answer = await api.request("PUT", `/api/tables/${encodeURIComponent(tableId)}/bets`, { body: { bets }, headers: { "Idempotency-Key": crypto.randomUUID() } });
      if (state.round && answer.round === state.round.round) state.myBets = answer.bets;
      state.balance = answer.balance_minor;
      state.error = null;
    } catch (err) {
      failed(err);
    } finally {
      document.body.dataset.busy = "false";
      document.body.dataset.bets = String(Number(document.body.dataset.bets || 0) + 1);
      renderAll();
    }
  });
  return sending;
}
hook.bet = (spot, amount) => putBets((bets) => ({ ...bets, [spot]: (bets[spot] || 0) + amount }));

async function sit(role) {
  try {
    const answer = await api.request("POST", `/api/tables/${encodeURIComponent(tableId)}/seat`, { body: { role } });
    state.me = { seat: answer.seat_name, role: answer.role, client_seed: answer.client_seed, bets: {} };
    state.error = null;
  } catch (err) {
    failed(err);
  }
  renderAll();
}

async function leave() {
  try {
    await api.request("DELETE", `/api/tables/${encodeURIComponent(tableId)}/seat`);
    state.me = null;
    state.error = null;
  } catch (err) {
    failed(err);
  }
  renderAll();
}

// The squeezer turns the card: the server reveals it to everyone, this page included, by its
// `card` event (the answer carries no card). Sent once; a refusal (the deadline passed and
// the dealer turned it) is said in the server's words.
async function turnCard(step) {
  const waiting = state.squeeze;
  if (!waiting || waiting.step !== step || waiting.sent) return;
  waiting.sent = true;
  drawSqueeze(page);
  try {
    await api.request("POST", `/api/tables/${encodeURIComponent(tableId)}/squeeze`, { body: { step } });
    state.error = null;
  } catch (err) {
    failed(err);
    if (state.squeeze === waiting) waiting.sent = false;
  }
  drawSqueeze(page);
  drawMessages();
}

// Dragging the waiting card lifts its corner as the pointer goes (--peel, 0 to 1); past
// the most, or pressed without dragging (a click, Enter, Space), it turns.
const PEEL_PX = 80;
function wireSqueeze() {
  let drag = null;
  let dragged = false;
  document.addEventListener("pointerdown", (event) => {
    const turn = event.target.closest(".sh-squeeze-turn");
    if (!turn || turn.disabled) return;
    turn.setPointerCapture(event.pointerId);
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, turn };
    dragged = false;
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const distance = Math.hypot(event.clientX - drag.x, event.clientY - drag.y);
    if (distance > 6) dragged = true;
    const card = drag.turn.closest(".sh-squeeze-card");
    if (card) card.style.setProperty("--peel", String(Math.min(1, distance / PEEL_PX)));
  });
  const release = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const distance = Math.hypot(event.clientX - drag.x, event.clientY - drag.y);
    const card = drag.turn.closest(".sh-squeeze-card");
    const step = Number(drag.turn.dataset.step);
    drag = null;
    if (event.type === "pointerup" && distance >= PEEL_PX) turnCard(step);
    else if (card) card.style.setProperty("--peel", "0");
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  document.addEventListener("click", (event) => {
    const turn = event.target.closest(".sh-squeeze-turn");
    if (!turn) return;
    // A drag that did not go far enough puts the card back: it is not a press.
    if (dragged) {
      dragged = false;
      return;
    }
    turnCard(Number(turn.dataset.step));
  });
}

function wire() {
  wireSqueeze();
  $("sh-lang").addEventListener("click", async () => {
    state.lang = state.lang === "en" ? "es" : "en";
    rememberLang(state.lang);
    await loadTexts(state.lang);
    renderAll();
  });
  $("sh-chips").addEventListener("click", (event) => {
    const chip = event.target.closest(".chip");
    if (!chip) return;
    state.chip = Number(chip.dataset.value);
    drawChips(page);
    drawSpots(page);
  });
  $("sh-spots").addEventListener("click", (event) => {
    const spot = event.target.closest(".sh-spot");
    if (spot && !spot.disabled) hook.bet(spot.dataset.bet, state.chip);
  });
  $("sh-cancel").addEventListener("click", () => putBets(() => ({})));
  $("sh-sit").addEventListener("click", () => sit("seat"));
  $("sh-watch").addEventListener("click", () => sit("spectator"));
  $("sh-leave").addEventListener("click", leave);
}

async function start() {
  await loadTexts(state.lang);
  state.t = translator(state.lang);
  wire();
  try {
    // A guest's seat when nobody is logged in: the socket is then known by its cookie.
    if (!(await api.session()).user) await api.guest();
    setCurrency((await api.table()).currency);
  } catch (err) {
    failed(err);
  }
  renderAll();
  document.documentElement.classList.remove("loading");
  socket = new TableSocket(tableId, {
    onSnapshot: (snap) => { fromSnapshot(snap); document.body.dataset.table = "ready"; },
    onEvent: receive,
    onState: (connection) => {
      state.connection = connection;
      if (connection === "live") hook.connections += 1;
      drawHeader();
      document.body.dataset.connection = connection;
    },
  });
  hook.socket = socket;
  socket.connect();
  setInterval(tick, TICK_MS);
}

start();
