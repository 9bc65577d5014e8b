// The Baccarat Banque page: a table at GET/POST /api/banque/table against the house's bank,
// the player's stakes on the right tableau, the left or both (POST /bet, chips added to each
// spot) and his choices on 5 (POST /decision), each request with an Idempotency-Key kept
// until an answer comes, so that a retry after a lost answer is done once. Every word comes
// from the one catalogue (web.banque.*, and the words it shares with the Chemin de fer page
// and the main table); a refusal shows the server's sentence in the page's language
// (error.messages) and follows a language switch. No countdown: the table is opened with
// the longest time to choose the server allows.

import { formatChip } from "./i18n.js";
import { renderAdvice } from "./banque-advice.js";
import { handNode } from "./hands.js";
import { $, tablePage } from "./table-page.js";

const SPOTS = ["right", "left", "a-cheval"];
// Minor units: 0.25, 1, 5, 25, 100 (a quarter, so that a commission can round).
const CHIPS = [25, 100, 500, 2500, 10000];
const page = tablePage({
  path: "/api/banque",
  ids: { error: "bq-error", lang: "bq-lang", new: "bq-new" },
  extra: { chip: 100, stakes: {} },
  draw,
  onTable: () => { page.state.stakes = {}; },
});
const { state, t, money } = page;

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
    chip.addEventListener("click", () => { state.chip = value; page.renderAll(); });
    return chip;
  }));
}

// The most a spot may take now: the table's maximum, what the bank still covers and what
// the balance still holds, after the other spots' stakes (the server refuses more).
function capOf(spot) {
  const table = state.table;
  const others = SPOTS.filter((s) => s !== spot).reduce((sum, s) => sum + (state.stakes[s] || 0), 0);
  return Math.max(0, Math.min(table.maximum_minor, table.bank.amount_minor - others, table.balance_minor - others));
}

function addChip(spot) {
  const before = state.stakes[spot] || 0;
  const cap = capOf(spot);
  state.stakes[spot] = Math.min(before + state.chip, cap);
  state.error = state.stakes[spot] < before + state.chip ? { key: "banque.err.cap", params: { spot: spotName(spot), amount: money(cap) } } : null;
  if (!state.stakes[spot]) delete state.stakes[spot];
  page.renderAll();
}

// While a choice waits the spots show the round's stakes (already out of the balance).
function shownStakes() {
  const pending = state.table && state.table.pending;
  if (!pending) return state.stakes;
  return Object.fromEntries((pending.stakes || []).map((s) => [s.spot, s.stake_minor]));
}

function renderStakes() {
  const deciding = Boolean(state.table && state.table.pending);
  const stakes = shownStakes();
  for (const button of document.querySelectorAll("button[data-spot]")) {
    const spot = button.dataset.spot;
    const stake = stakes[spot] || 0;
    const full = !deciding && Boolean(state.table) && stake > 0 && stake >= capOf(spot);
    button.querySelector(".bq-spot-name").textContent = spotName(spot);
    button.querySelector(".bq-stake").textContent = money(stake);
    button.querySelector(".bq-max").hidden = !full;
    button.querySelector(".bq-max").textContent = t("spot.max");
    button.dataset.max = String(full);
    button.setAttribute("aria-label", t("banque.spot_add", { spot: spotName(spot), amount: money(stake), chip: money(state.chip) }));
    button.disabled = deciding || !state.table;
  }
  $("bq-stakes").dataset.deciding = String(deciding);
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
      const line = shown.cards.length ? `${handName(hand)}: ${t("banque.points", { n: shown.total })}` : `${handName(hand)}: ${t("banque.face_down")}`;
      return handNode(hand, { cards: shown.cards, line, t });
    }));
  }
}

function renderRound() {
  const round = state.round;
  const settled = Boolean(round && round.status === "settled");
  $("bq-result").hidden = !settled;
  if (!settled) return;
  $("bq-hands").replaceChildren(
    ...["right", "left"].map((hand) => handNode(hand, { cards: round[hand].cards, line: t(`banque.hand_result.${round[hand].outcome}`, { hand: handName(hand), n: round[hand].total }), t })),
    handNode("banker", { cards: round.banker.cards, line: t("banque.banker_total", { hand: handName("banker"), n: round.banker.total }), t }),
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

// The page's words and its bank, chips, stakes, turn and last round.
function draw() {
  document.title = t("banque.page_title");
  $("bq-h1").textContent = t("banque.title");
  $("bq-nav").setAttribute("aria-label", t("banque.nav"));
  $("bq-back").textContent = t("chemin.back");
  $("bq-chemin").textContent = t("chemin.title");
  $("bq-new").textContent = t("chemin.new_table");
  $("bq-bank-title").textContent = t("banque.bank_title");
  $("bq-stakes-title").textContent = t("banque.stakes_title");
  $("bq-result-title").textContent = t("chemin.last_round");
  renderBank();
  renderChips();
  renderStakes();
  renderTurn();
  renderRound();
  renderAdvice(state, t, page.renderAll);
}

async function deal() {
  const bets = Object.fromEntries(SPOTS.filter((s) => state.stakes[s]).map((s) => [s, state.stakes[s]]));
  if (!Object.keys(bets).length) {
    state.error = { key: "banque.err.empty" };
    return page.renderAll();
  }
  const low = SPOTS.find((s) => bets[s] && bets[s] < state.table.minimum_minor);
  if (low) {
    state.error = { key: "banque.err.minimum", params: { spot: spotName(low), minimum: money(state.table.minimum_minor) } };
    return page.renderAll();
  }
  return page.send(`bet:${JSON.stringify(bets)}`, "/bet", { bets }, () => { state.stakes = {}; });
}

function decide(choice) {
  const round = state.table && state.table.pending ? state.table.pending.round_id : 0;
  return page.send(`decision:${round}:${state.table.pending.hand}:${choice}`, "/decision", { choice });
}

page.start(() => {
  for (const button of document.querySelectorAll("button[data-spot]")) {
    button.addEventListener("click", () => addChip(button.dataset.spot));
  }
  for (const button of document.querySelectorAll("[data-choice]")) button.addEventListener("click", () => decide(button.dataset.choice));
  $("bq-clear").addEventListener("click", () => { state.stakes = {}; state.error = null; page.renderAll(); });
  $("bq-deal").addEventListener("click", deal);
});
