// The Chemin de fer page: a table at GET/POST /api/chemin/table, the player's actions
// (POST /act) and choices (POST /decision), each with an Idempotency-Key kept until an answer
// comes, so that a retry after a lost answer is done once. Every word comes from the one
// catalogue (web.chemin.*, and the core's side names); a refusal shows the server's sentence in
// the page's language (error.messages) and follows a language switch. No countdown: the table
// is opened with the longest time to choose the server allows. With "Explain" on (remembered
// as the main page's explain setting is, pb_explain), a choice shows the server's advice
// (table.pending.advice: the optimal choice for the unseen cards and what the other costs) and
// a settled round says whether the player's choice was the optimal one (decisions[].judged).

import { handNode } from "./hands.js";
import { $, tablePage } from "./table-page.js";

const page = tablePage({
  path: "/api/chemin",
  ids: { error: "chem-error", lang: "chem-lang", new: "chem-new" },
  extra: { explain: localStorage.getItem("pb_explain") === "1" },
  draw,
  onTable: () => { $("chem-amount").value = plain(page.state.table.minimum_minor * 10); },
});
const { state, t, money } = page;

// "20", "20.5", "20,50" -> 2050 minor units; anything else -> null (money never goes through floats).
export function parseMinor(text) {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] || "0").padEnd(2, "0"));
}

function plain(minor) {
  const cents = String(minor % 100).padStart(2, "0");
  return `${Math.floor(minor / 100)}${state.lang === "es" ? "," : "."}${cents}`;
}

function seatName(seat) {
  return seat === 0 ? t("chemin.you") : t("chemin.seat", { number: seat });
}

function side(name) {
  return t(`game.side.${name}`);
}

// The Player's hand and the Banker's, each under its name and total; while a choice waits,
// the hand the player does not hold is face down (the server sends only its count).
function drawHands(box, hands) {
  box.replaceChildren(...["player", "banker"].map((hand) => {
    const shown = hands[hand];
    const line = shown.total === null
      ? `${side(hand)}: ${t("banque.face_down")}`
      : `${side(hand)}: ${t("banque.points", { n: shown.total })}`;
    return handNode(hand, { cards: shown.cards, faceDown: shown.face_down, line, t });
  }));
}

function renderSeats() {
  const table = state.table;
  const head = document.createElement("thead");
  head.innerHTML = `<tr>${[t("chemin.col.seat"), t("play.prompt.balance"), t("chemin.col.role")].map((k) => `<th scope="col">${k}</th>`).join("")}</tr>`;
  const body = document.createElement("tbody");
  for (const seat of table ? table.seats : []) {
    const tr = document.createElement("tr");
    tr.dataset.seat = String(seat.seat);
    if (!seat.computer) tr.className = "chem-me";
    for (const text of [seatName(seat.seat), money(seat.balance_minor), seat.banker ? t("chemin.role.banker") : ""]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    tr.children[1].className = "chem-balance";
    body.append(tr);
  }
  $("chem-seats").replaceChildren(head, body);
  $("chem-bank").textContent = table
    ? t(table.bank.open ? "chemin.bank.open" : "chemin.bank.closed", { seat: seatName(table.bank.seat), amount: money(table.bank.amount_minor) })
    : t("chemin.no_table");
}

function explanation(pending) {
  if (pending.side === "player") return t("chemin.explain.player", { total: pending.total });
  const third = pending.player_third === "stood" ? t("chemin.third.stood") : t("chemin.third.card", { points: pending.player_third });
  return t(state.table.banker_rule === "free" ? "chemin.explain.banker_free" : "chemin.explain.banker", { total: pending.total, third });
}

function renderTurn() {
  const table = state.table;
  const allowed = new Set(table ? table.allowed : []);
  for (const button of document.querySelectorAll("[data-act]")) {
    button.hidden = !allowed.has(button.dataset.act);
    button.textContent = t(`chemin.act.${button.dataset.act}`, { amount: table ? money(table.bank.amount_minor) : "" });
  }
  const pending = table && table.turn === "decision" ? table.pending : null;
  for (const button of document.querySelectorAll("[data-choice]")) {
    button.hidden = !pending || !pending.allowed.includes(button.dataset.choice);
    button.textContent = t(`chemin.choice.${button.dataset.choice}`);
  }
  $("chem-amount-box").hidden = !(allowed.has("bank") || allowed.has("bet"));
  $("chem-turn").textContent = table ? turnText(table) : t("chemin.no_table");
  $("chem-explain").hidden = !pending;
  $("chem-cards-now").hidden = !pending;
  const advice = pending && state.explain ? pending.advice : null;
  $("chem-advice").hidden = !advice;
  $("chem-advice").textContent = advice ? advice.messages[state.lang] || advice.message : "";
  if (pending) {
    $("chem-explain").textContent = explanation(pending);
    drawHands($("chem-cards-now"), pending.hands);
  }
}

function turnText(table) {
  const params = { seat: seatName(table.bank.seat), amount: money(table.bank.amount_minor), left: money(table.left_minor), minimum: money(table.minimum_minor) };
  let text = t(`chemin.turn.${table.turn}`, params);
  if (table.turn === "bet" && table.bets_before.length) {
    const bets = table.bets_before.map((b) => (b.banco ? t("chemin.bet.banco", { seat: seatName(b.seat) }) : t("chemin.bet.amount", { seat: seatName(b.seat), amount: money(b.amount_minor) })));
    text += ` ${t("chemin.bets_before", { bets: bets.join(", ") })}`;
  }
  return text;
}

function renderRound() {
  const round = state.round;
  $("chem-result").hidden = !round || round.status !== "settled";
  if (!round || round.status !== "settled") return;
  $("chem-outcome").textContent = t(round.bank.seat === 0 ? "chemin.outcome.you" : "chemin.outcome", { side: side(round.outcome), seat: seatName(round.bank.seat), amount: money(round.bank.amount_minor) });
  drawHands($("chem-cards"), round.hands);
  const head = document.createElement("thead");
  head.innerHTML = `<tr>${[t("chemin.col.seat"), t("chemin.col.role"), t("chemin.col.stake"), t("chemin.col.payout"), t("chemin.col.delta")].map((k) => `<th scope="col">${k}</th>`).join("")}</tr>`;
  const body = document.createElement("tbody");
  for (const seat of round.seats) {
    const tr = document.createElement("tr");
    tr.dataset.seat = String(seat.seat);
    const role = seat.role === "banker" ? t("chemin.role.banker") : seat.banco ? t("chemin.role.banco") : t("chemin.role.punter");
    for (const text of [seatName(seat.seat), role, money(seat.stake_minor), money(seat.payout_minor ?? 0), money(seat.delta_minor ?? 0)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
  $("chem-payouts").replaceChildren(head, body);
  $("chem-commission").textContent = t("chemin.commission", { amount: money(round.commission_minor ?? 0) });
  const judged = state.explain ? round.decisions.filter((d) => !d.computer && d.judged) : [];
  $("chem-judged").hidden = !judged.length;
  $("chem-judged").textContent = judged.map((d) => d.judged.messages[state.lang] || d.judged.message).join(" ");
}

// The page's words and its table, seats, turn and last round.
function draw() {
  document.title = t("chemin.page_title");
  $("chem-h1").textContent = t("chemin.title");
  $("chem-nav").setAttribute("aria-label", t("chemin.nav"));
  $("chem-back").textContent = t("chemin.back");
  $("chem-banque").textContent = t("banque.title");
  $("chem-new").textContent = t("chemin.new_table");
  $("chem-seats-title").textContent = t("chemin.seats");
  $("chem-turn-title").textContent = t("chemin.your_turn");
  $("chem-amount-label").textContent = t("chemin.amount");
  $("chem-result-title").textContent = t("chemin.last_round");
  $("chem-explain-label").textContent = t("chemin.explain_toggle");
  $("chem-explain-toggle").checked = state.explain;
  $("chem-amount").setAttribute("aria-describedby", "chem-turn");
  renderSeats();
  renderTurn();
  renderRound();
}

function act(action) {
  const body = { action };
  if (action === "bank" || action === "bet") {
    const amount = parseMinor($("chem-amount").value);
    if (amount === null) {
      state.error = { key: "chemin.err.amount" };
      return page.renderAll();
    }
    body.amount_minor = amount;
  }
  return page.send(`act:${JSON.stringify(body)}`, "/act", body);
}

function decide(choice) {
  return page.send(`decision:${choice}`, "/decision", { choice });
}

page.start(() => {
  for (const button of document.querySelectorAll("[data-act]")) button.addEventListener("click", () => act(button.dataset.act));
  for (const button of document.querySelectorAll("[data-choice]")) button.addEventListener("click", () => decide(button.dataset.choice));
  $("chem-explain-toggle").addEventListener("change", (event) => {
    state.explain = event.target.checked;
    localStorage.setItem("pb_explain", state.explain ? "1" : "0");
    page.renderAll();
  });
});
