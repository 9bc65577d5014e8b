// The hands on the felt: a round dealt card by card, the burn, the call and the result, and
// the deal's steps explained.

import { cardElement, cardName } from "./pieces.js";
import { resultText } from "./betting.js";
import { $, CARD_DELAY_MS, money, sleep, state, t } from "./state.js";

export function resetHands() {
  for (const side of ["player", "banker"]) {
    $(`cards-${side}`).replaceChildren();
    $(`total-${side}`).textContent = "";
    $(`hand-${side}`).classList.remove("winner");
  }
  $("call").textContent = "";
  $("call").className = "call";
}

export function callText(round) {
  const p = round.player_total;
  const b = round.banker_total;
  return t(`call.${round.outcome}`, { p, b });
}

export function renderEvents() {
  const list = $("events");
  list.replaceChildren();
  const round = state.lastRound;
  const note = (key) => { const li = document.createElement("li"); li.className = "note"; li.textContent = t(key); list.append(li); };
  if (!state.explain) return note("explain.off");
  if (!round) return note("explain.empty");
  if (round.shoe && round.shoe.burn) {
    const li = document.createElement("li");
    li.className = "event-burn";
    li.textContent = t("history.burn", { card: round.shoe.burn.shown.text, n: round.shoe.burn.face_down });
    list.append(li);
  }
  for (const event of round.events.slice(0, state.eventsShown ?? round.events.length)) {
    const li = document.createElement("li");
    li.className = `event event-${event.kind}${event.side ? ` event-${event.side}` : ""}`;
    li.textContent = event.text;
    list.append(li);
  }
}

// The burn that opened a cut-card shoe, on the felt while its first round is on the table:
// the card turned face up, and in words how many went face down (read out by screen readers).
export function renderBurn() {
  const box = $("burn");
  const burn = state.lastRound && state.lastRound.shoe && state.lastRound.shoe.burn;
  box.hidden = !burn;
  if (!burn) return box.replaceChildren();
  const label = document.createElement("span");
  label.className = "burn-label";
  label.setAttribute("aria-hidden", "true");
  label.textContent = t("burn.label");
  const card = cardElement(burn.shown);
  card.classList.add("flipped", "burn-card");
  card.setAttribute("aria-hidden", "true");
  const backs = document.createElement("span");
  backs.className = "burn-backs";
  backs.setAttribute("aria-hidden", "true");
  backs.textContent = `+${burn.face_down}`;
  const words = document.createElement("span");
  words.className = "sr-only burn-text";
  words.textContent = t("burn.felt", { card: burn.shown.text, n: burn.face_down });
  box.replaceChildren(label, card, backs, words);
  box.title = words.textContent;
}

export function showFinalRound(round) {
  $("call").textContent = callText(round) + (round.natural ? ` · ${t("call.natural")}` : "");
  $("call").className = `call call-${round.outcome} shown`;
  const net = round.net_minor;
  const key = net > 0 ? "result.net.win" : net < 0 ? "result.net.lose" : "result.net.even";
  $("call").dataset.net = t(key, { amount: money(Math.abs(net)) });
  // The call is the live region that says the result: with the net and each spot's result.
  const results = (round.settlement || []).map((s) => `${t(`game.bet.${s.bet}`)} ${resultText(s)}`).join(", ");
  const words = document.createElement("span");
  words.className = "sr-only";
  words.textContent = `. ${$("call").dataset.net}.${results ? ` ${t("deal.results", { results })}` : ""}`;
  $("call").append(words);
}

export async function playOut(round) {
  resetHands();
  state.lastRound = round;
  renderBurn();
  state.eventsShown = 0;
  renderEvents();
  const counts = { player: 0, banker: 0 };
  for (const event of round.events) {
    if (event.kind === "card") {
      counts[event.side] += 1;
      const card = cardElement(event.card, { third: counts[event.side] === 3, name: cardName(event.card, t) });
      card.classList.add("dealt");
      $(`cards-${event.side}`).append(card);
      await sleep(CARD_DELAY_MS / 3);
      card.classList.add("flipped");
      $(`total-${event.side}`).textContent = event.total;
      // Each card is said once, here (the hands are not a live region).
      $("deal-live").textContent = t("deal.card", { side: t(`game.side.${event.side}`), card: cardName(event.card, t), total: event.total });
      await sleep(CARD_DELAY_MS);
    }
    state.eventsShown += 1;
    renderEvents();
  }
  state.eventsShown = undefined;
  renderEvents();
  if (round.outcome !== "tie") $(`hand-${round.outcome}`).classList.add("winner");
  showFinalRound(round);
}
