// The Baccarat Banque page: a table at GET/POST /api/banque/table against the house's bank,
// the player's stakes on the right tableau, the left or both (POST /bet, chips added to each
// spot) and his choices on 5 (POST /decision), each request with an Idempotency-Key kept
// until an answer comes, so that a retry after a lost answer is done once. Every word comes
// from the one catalogue (web.banque.*, and the words it shares with the Chemin de fer page
// and the main table); a refusal shows the server's sentence in the page's language
// (error.messages) and follows a language switch. No countdown: the table is opened with
// the longest time to choose the server allows.

import { Api, ApiError } from "./api.js";
import { formatChip, formatMoney, initialLang, loadTexts, rememberLang, translator } from "./i18n.js";
import { cardElement, cardName } from "./pieces.js";
import { renderAdvice } from "./banque-advice.js";

const $ = (id) => document.getElementById(id);
const SPOTS = ["right", "left", "a-cheval"];
// Minor units: 0.25, 1, 5, 25, 100 (a quarter, so that a commission can round).
const CHIPS = [25, 100, 500, 2500, 10000];
// The longest time to choose POST /api/banque/table accepts: the page shows no clock.
const DECISION_SECONDS = 3600;
const state = { lang: initialLang(), t: null, table: null, round: null, error: null, keys: {}, chip: 100, stakes: {} };
const api = new Api(() => state.lang);
const t = (key, params) => state.t(key, params);
const money = (minor) => formatMoney(minor, state.lang);

function keyFor(what) {
  if (!state.keys[what]) state.keys[what] = crypto.randomUUID();
  return state.keys[what];
}

function spotName(spot) {
  return t(`banque.spot.${spot}`);
}

function handName(hand) {
  return hand === "banker" ? t("banque.banker") : spotName(hand);
}

// "1/20" -> "5" (the commission as a percentage, exact up to two decimals).
function percent(fraction) {
  const [n, d] = String(fraction).split("/").map(Number);
  const value = (100 * n) / (d || 1);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function cardsNode(cards) {
  const box = document.createElement("div");
  box.className = "bq-cards";
  box.setAttribute("role", "list");
  box.append(...cards.map((card, i) => cardElement(card, { third: i === 2, name: cardName(card, t) })));
  return box;
}

// One hand: its name and total (or "face down"), and its cards.
function handNode(name, hand, line) {
  const node = document.createElement("div");
  node.className = "bq-hand";
  node.dataset.hand = name;
  const title = document.createElement("p");
  title.className = "bq-hand-line";
  title.textContent = line;
  node.append(title, cardsNode(hand.cards));
  return node;
}

function renderBank() {
  const table = state.table;
  $("bq-bank").textContent = table ? t("banque.bank", { amount: money(table.bank.amount_minor) }) : "";
  $("bq-balance").textContent = table ? t("banque.balance", { amount: money(table.balance_minor) }) : "";
  $("bq-limits").textContent = table
    ? t("banque.limits", { minimum: money(table.minimum_minor), maximum: money(table.maximum_minor), percent: percent(table.commission) })
    : "";
}

function renderChips() {
  const box = $("bq-chips");
  box.setAttribute("aria-label", t("banque.chips"));
  box.replaceChildren(...CHIPS.map((value) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = `bq-chip bq-chip-${value}`;
    chip.dataset.value = String(value);
    chip.setAttribute("role", "radio");
    chip.setAttribute("aria-checked", String(value === state.chip));
    chip.setAttribute("aria-label", money(value));
    chip.textContent = value < 100 ? money(value) : formatChip(value); // "0,25" in Spanish
    chip.addEventListener("click", () => { state.chip = value; renderAll(); });
    return chip;
  }));
}

function renderStakes() {
  const deciding = Boolean(state.table && state.table.pending);
  for (const button of document.querySelectorAll("button[data-spot]")) {
    const spot = button.dataset.spot;
    const stake = state.stakes[spot] || 0;
    button.querySelector(".bq-spot-name").textContent = spotName(spot);
    button.querySelector(".bq-stake").textContent = money(stake);
    button.setAttribute("aria-label", t("banque.spot_add", { spot: spotName(spot), amount: money(stake), chip: money(state.chip) }));
    button.disabled = deciding || !state.table;
  }
  $("bq-chips").hidden = deciding;
  $("bq-clear").hidden = deciding;
  $("bq-deal").hidden = deciding;
  $("bq-clear").textContent = t("action.clear");
  $("bq-deal").textContent = t("action.deal");
}

function renderTurn() {
  const table = state.table;
  const pending = table && table.turn === "decision" ? table.pending : null;
  for (const button of document.querySelectorAll("[data-choice]")) {
    button.hidden = !pending || !pending.allowed.includes(button.dataset.choice);
    button.textContent = t(`chemin.choice.${button.dataset.choice}`);
  }
  $("bq-turn").textContent = !table
    ? ""
    : pending
      ? t("banque.turn.decision", { hand: spotName(pending.hand).toLowerCase(), total: pending.total })
      : t("banque.turn.bet");
  $("bq-hands-now").hidden = !pending;
  if (pending) {
    $("bq-hands-now").replaceChildren(...["right", "left", "banker"].map((hand) => {
      const shown = pending.hands[hand];
      const line = shown.cards.length ? `${handName(hand)}: ${t("banque.points", { total: shown.total })}` : `${handName(hand)}: ${t("banque.face_down")}`;
      return handNode(hand, shown, line);
    }));
  }
}

function renderRound() {
  const round = state.round;
  const settled = Boolean(round && round.status === "settled");
  $("bq-result").hidden = !settled;
  if (!settled) return;
  $("bq-hands").replaceChildren(
    ...["right", "left"].map((hand) => handNode(hand, round[hand], t(`banque.hand_result.${round[hand].outcome}`, { hand: handName(hand), total: round[hand].total }))),
    handNode("banker", round.banker, t("banque.banker_total", { hand: handName("banker"), total: round.banker.total })),
  );
  const head = document.createElement("thead");
  head.innerHTML = `<tr>${[t("banque.col.spot"), t("chemin.col.stake"), t("banque.col.result"), t("chemin.col.payout"), t("chemin.col.delta")].map((k) => `<th scope="col">${k}</th>`).join("")}</tr>`;
  const body = document.createElement("tbody");
  for (const bet of round.bets) {
    const tr = document.createElement("tr");
    tr.dataset.spot = bet.spot;
    const result = bet.outcome === "win" ? t("res.win", { amount: money(bet.net_minor) }) : t(`res.${bet.outcome}`);
    for (const text of [spotName(bet.spot), money(bet.stake_minor), result, money(bet.payout_minor ?? 0), money(bet.net_minor ?? 0)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
  $("bq-payouts").replaceChildren(head, body);
  $("bq-commission").textContent = t("chemin.commission", { amount: money(round.commission_minor ?? 0) });
  $("bq-rounded").hidden = !round.rounded_away || round.rounded_away === "0";
  $("bq-rounded").textContent = t("banque.rounded", { fraction: round.rounded_away });
  $("bq-bank-after").textContent = t("banque.bank_after", { before: money(round.bank.before_minor), after: money(round.bank.after_minor ?? 0) });
}

function renderError() {
  const error = state.error;
  $("bq-error").hidden = !error;
  if (!error) return;
  $("bq-error").textContent = error.messages && error.messages[state.lang] ? error.messages[state.lang] : t(error.key, error.params || {});
}

function renderAll() {
  state.t = translator(state.lang);
  document.documentElement.lang = state.lang;
  document.title = t("banque.page_title");
  $("bq-h1").textContent = t("banque.title");
  $("bq-nav").setAttribute("aria-label", t("banque.nav"));
  $("bq-back").textContent = t("chemin.back");
  $("bq-chemin").textContent = t("chemin.title");
  $("bq-new").textContent = t("chemin.new_table");
  $("bq-bank-title").textContent = t("banque.bank_title");
  $("bq-stakes-title").textContent = t("banque.stakes_title");
  $("bq-result-title").textContent = t("chemin.last_round");
  $("bq-lang").textContent = state.lang === "en" ? "ES" : "EN";
  $("bq-lang").setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
  renderBank();
  renderChips();
  renderStakes();
  renderTurn();
  renderRound();
  renderError();
  renderAdvice(state, t, renderAll);
  document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
}

function failed(err) {
  if (err instanceof ApiError && (err.kind === "rejected" || err.kind === "auth") && Object.keys(err.messages).length) {
    state.error = { messages: err.messages };
  } else {
    state.error = { key: "chemin.err.failed", params: { message: err.message || String(err) } };
  }
}

// An answer of /bet or /decision: the table now, and the round it dealt or completed.
function answered(body) {
  state.table = body.table;
  if (body.round) state.round = body.round;
  state.error = body.timed_out && body.messages ? { messages: body.messages } : null;
}

// Sends one request (its key kept until an answer comes) and draws the answer once.
async function send(what, run, done = () => {}) {
  document.body.dataset.busy = "true";
  try {
    answered(await run(keyFor(what)));
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

async function deal() {
  const bets = Object.fromEntries(SPOTS.filter((s) => state.stakes[s]).map((s) => [s, state.stakes[s]]));
  if (!Object.keys(bets).length) {
    state.error = { key: "banque.err.empty" };
    return renderAll();
  }
  return send(
    `bet:${JSON.stringify(bets)}`,
    (key) => api.request("POST", "/api/banque/bet", { body: { bets }, headers: { "Idempotency-Key": key } }),
    () => { state.stakes = {}; },
  );
}

function decide(choice) {
  const round = state.table && state.table.pending ? state.table.pending.round_id : 0;
  return send(`decision:${round}:${state.table.pending.hand}:${choice}`, (key) => api.request("POST", "/api/banque/decision", { body: { choice }, headers: { "Idempotency-Key": key } }));
}

async function sitDown() {
  try {
    state.table = await api.request("POST", "/api/banque/table", { body: { decision_seconds: DECISION_SECONDS } });
    state.round = null;
    state.error = null;
    state.stakes = {};
  } catch (err) {
    failed(err);
  }
  renderAll();
}

async function load() {
  try {
    answered(await api.request("GET", "/api/banque/table"));
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

async function start() {
  await loadTexts(state.lang);
  state.t = translator(state.lang);
  for (const button of document.querySelectorAll("button[data-spot]")) {
    button.addEventListener("click", () => {
      const spot = button.dataset.spot;
      state.stakes[spot] = (state.stakes[spot] || 0) + state.chip;
      state.error = null;
      renderAll();
    });
  }
  for (const button of document.querySelectorAll("[data-choice]")) button.addEventListener("click", () => decide(button.dataset.choice));
  $("bq-clear").addEventListener("click", () => { state.stakes = {}; state.error = null; renderAll(); });
  $("bq-deal").addEventListener("click", deal);
  $("bq-new").addEventListener("click", sitDown);
  $("bq-lang").addEventListener("click", async () => {
    state.lang = state.lang === "en" ? "es" : "en";
    rememberLang(state.lang);
    await loadTexts(state.lang);
    renderAll();
  });
  await load();
  document.body.dataset.table = "ready";
}

start();
