// The shared table's felt, drawn from the page's state: the hands, the burn, the call, the
// spots with their chips, the chip tray, and the dealer's collecting and paying.

import { isSide, payoutOf, pushLegs, pushText, ratioText, sidePays, specialPayouts } from "./payouts.js";
import { CHIPS, cardElement, cardName, chipElement, chipStack } from "./pieces.js";
import { $, cardFromCode, el, secondsLeft, spotsOf } from "./shared-common.js";
import { state as privateTable } from "./state.js";

// Redraws a container's buttons keeping the keyboard where it was: the focused button is
// found again by its data attribute (other players' bets redraw the spots at any time).
function keepFocus(container, attribute, draw) {
  const focused = container.contains(document.activeElement) ? document.activeElement.getAttribute(attribute) : null;
  draw();
  if (focused !== null) {
    const again = container.querySelector(`[${attribute}="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

// What a spot pays, written as the private table writes it (js/payouts.js, read as it is):
// its helpers read the private table's state, so the shared table's rules and language are
// lent to that state for the call. One writer of payouts for both tables: a variant's
// special legs (Super 6's Banker 6, EZ Baccarat's push) read the same on both.
export function spotPays(page, spot) {
  const { tile, lang, t } = page.state;
  if (!tile || !tile.rules || !tile.rules.bets) return "";
  Object.assign(privateTable, { table: { rules: tile.rules, limits: tile.limits }, lang, t });
  if (isSide(spot)) return sidePays(spot);
  let text = payoutOf(spot);
  for (const [total, ratio] of specialPayouts(spot)) text += ` · ${total} → ${ratioText(ratio)}`;
  for (const leg of pushLegs(spot)) text += ` · ${pushText(leg)}`;
  return text;
}

// How a spot went in the settled round ("win", "lose", "push"), as the `settled` event says
// for every spot of the table, side bets included; null before the settlement.
export function spotResult(spot, settled) {
  if (!settled) return null;
  if (settled.spots && spot in settled.spots) return settled.spots[spot];
  // A server before d3d77e1 sent no spots: the main bets follow from the outcome.
  if (spot === "player" || spot === "banker") {
    if (settled.outcome === "tie") return "push";
    return spot === settled.outcome ? "win" : "lose";
  }
  if (spot === "tie") return settled.outcome === "tie" ? "win" : "lose";
  return null;
}

function stackElement(amount, className) {
  const stack = el("div", className);
  stack.setAttribute("aria-hidden", "true");
  chipStack(amount, 6).forEach((value, i) => {
    const chip = chipElement(value);
    chip.style.setProperty("--i", i);
    stack.append(chip);
  });
  return stack;
}

// The player's own settled bet on a spot, in the private table's words ("Win +9.50").
function betResultText(bet, t, money) {
  return bet.resolution === "win" ? t("res.win", { amount: money(bet.payout - bet.stake) }) : t(`res.${bet.resolution}`);
}

// One spot: its name and payout, the table's total and players on it, the player's chips.
// Settled, the dealer works on the player's own bet there: a lost stake is collected, a
// win paid beside the stake (its amount written), a push left where it is.
function spotElement(page, spot, { open, settled, moves, animate }) {
  const { state, t, money } = page;
  const round = state.round || {};
  // Not "side": table.css lays the private table's side panel out by that class.
  const button = el("button", `sh-spot${isSide(spot) ? " sh-spot-side" : ""}`);
  button.type = "button";
  button.dataset.bet = spot;
  button.disabled = !open;
  const name = t(`game.bet.${spot}`);
  const pays = spotPays(page, spot);
  const mine = settled && settled.bets ? settled.bets[spot] : null;
  const stake = mine ? mine.stake : (state.myBets || {})[spot] || 0;
  // The table's totals as the dealer last announced them, with my bets as I hold them now
  // in place of mine as it counted them (its next announcement catches up).
  const held = (state.myBets || {})[spot] || 0;
  const counted = (state.counted || {})[spot] || 0;
  const total = ((round.totals || {})[spot] || 0) - counted + held;
  const count = ((round.players || {})[spot] || 0) - (counted > 0 ? 1 : 0) + (held > 0 ? 1 : 0);
  button.append(el("span", "spot-name", name), el("span", "spot-pays", pays), el("span", "sh-spot-table", t("shared.spot.table", { amount: money(total), n: count })));
  let label = t("shared.spot.aria", { name, pays, mine: money(stake), total: money(total), n: count, chip: money(state.chip) });
  const result = spotResult(spot, settled);
  // The winning spots are lit for everyone at the table, whoever bet on them.
  if (result) button.dataset.result = result;
  if (result === "win") button.classList.add("win");
  const move = (node, className) => (animate ? moves.push(() => node.classList.add(className)) : node.classList.add(className));
  if (stake > 0) {
    const stack = stackElement(stake, "sh-stack");
    button.append(stack, el("span", "sh-spot-mine", t("shared.spot.mine", { amount: money(stake) })));
    if (mine) {
      const badge = el("span", `sh-spot-result result-${mine.resolution}`, betResultText(mine, t, money));
      button.append(badge);
      button.dataset.mine = mine.resolution;
      label += `. ${badge.textContent}`;
      if (mine.resolution === "lose") {
        button.classList.add("lose");
        move(stack, "collected");
      } else if (mine.resolution === "win" && mine.payout > mine.stake) {
        const paid = stackElement(mine.payout - mine.stake, "sh-stack paid");
        paid.dataset.amount = String(mine.payout - mine.stake);
        button.append(paid);
        move(paid, "landed");
      }
    }
  }
  button.setAttribute("aria-label", label);
  return button;
}

// Every spot the table's rules offer. animate: the round was just settled here (the chips
// move); otherwise they are drawn where the settlement left them.
export function drawSpots(page, { animate = false } = {}) {
  const { state } = page;
  const round = state.round || {};
  const open = Boolean(state.me && state.me.role === "seat" && round.phase === "betting");
  const settled = state.settled && state.settled.round === round.round ? state.settled : null;
  const moves = [];
  const spots = spotsOf(state.tile).map((spot) => spotElement(page, spot, { open, settled, moves, animate }));
  keepFocus($("sh-spots"), "data-bet", () => $("sh-spots").replaceChildren(...spots));
  // A frame after the chips are drawn, the dealer moves them (CSS transitions, none when the
  // player asks for reduced motion).
  if (moves.length) requestAnimationFrame(() => requestAnimationFrame(() => moves.forEach((m) => m())));
}

export function drawChips(page) {
  const { state, t, money } = page;
  const box = $("sh-chips");
  box.setAttribute("aria-label", t("chips.label"));
  const open = Boolean(state.me && state.me.role === "seat");
  box.hidden = !open;
  keepFocus(box, "data-value", () => box.replaceChildren(...CHIPS.map((value) => {
    const chip = chipElement(value, "button");
    chip.type = "button";
    chip.setAttribute("role", "radio");
    chip.setAttribute("aria-checked", String(value === state.chip));
    chip.setAttribute("aria-label", money(value));
    return chip;
  })));
}

// The hands as announced: each card from its code, the third turned as on a real table.
export function drawHands(page) {
  const { state, t } = page;
  const round = state.round || {};
  for (const hand of ["player", "banker"]) {
    const codes = round[hand] || [];
    const by = (round.by && round.by[hand]) || [];
    $(`cards-${hand}`).replaceChildren(...codes.map((code, slot) => handCard(code, slot, t, by[slot])));
    $(`cards-${hand}`).setAttribute("aria-label", t(`game.side.${hand}`));
    const total = round[`${hand}_total`];
    $(`total-${hand}`).textContent = codes.length && total !== null && total !== undefined ? String(total) : "";
    $(`hand-${hand}`).classList.toggle("winner", Boolean(round.result && round.result.outcome === hand));
  }
  drawBurn(page);
  drawSqueeze(page);
  drawCall(page);
}

// The card that waits for its squeezer: face down, with no card in it (the server has sent
// none; it comes with its `card` event). The squeezer's own page makes it a control, to drag
// (a pointer lifts its corner as it goes) or to press; every other page shows who turns it
// and until when.
export function drawSqueeze(page) {
  const { state, t } = page;
  for (const node of document.querySelectorAll(".sh-squeeze-card")) node.remove();
  const waiting = state.squeeze;
  const box = $("sh-squeeze-box");
  box.hidden = !waiting;
  if (!waiting) {
    $("sh-squeeze").textContent = "";
    return;
  }
  const mine = Boolean(state.me && state.me.role === "seat" && state.me.seat === waiting.seat);
  const card = el("div", `card sh-squeeze-card${waiting.slot === 2 ? " third" : ""}`);
  card.setAttribute("role", "listitem");
  card.dataset.step = String(waiting.step);
  card.dataset.seat = waiting.seat;
  const inner = el("div", "card-inner");
  inner.setAttribute("aria-hidden", "true");
  inner.append(el("div", "card-back"));
  card.append(inner);
  const side = t(`game.side.${waiting.hand}`);
  if (mine) {
    const turn = el("button", "sh-squeeze-turn");
    turn.type = "button";
    turn.dataset.step = String(waiting.step);
    turn.disabled = Boolean(waiting.sent);
    turn.setAttribute("aria-label", t("shared.squeeze.turn", { side }));
    card.append(turn);
    card.dataset.mine = "true";
  } else {
    card.setAttribute("aria-label", t("shared.squeeze.face_down", { side }));
  }
  $(`cards-${waiting.hand}`).append(card);
  $("sh-squeeze").textContent = mine ? t("shared.squeeze.yours", { side }) : t("shared.squeeze.turning", { seat: waiting.seat, side });
  $("sh-squeeze-box").dataset.mine = String(mine);
  tickSqueeze(page);
}

// The squeeze's countdown, on the server's clock: the dealer turns the card when it ends.
export function tickSqueeze(page) {
  const waiting = page.state.squeeze;
  const n = waiting ? secondsLeft(waiting.until) : 0;
  $("sh-squeeze-countdown").textContent = waiting ? page.t("shared.squeeze.seconds", { n }) : "";
  $("sh-squeeze-countdown").dataset.seconds = String(n);
}

export function handCard(code, slot, t, by = null) {
  const card = cardFromCode(code);
  const node = cardElement(card, { third: slot === 2, name: cardName(card, t) });
  node.classList.add("flipped");
  if (by) node.dataset.by = by;
  return node;
}

// One card as its event arrives: dealt face down, then turned; said once for a screen reader.
export function dealCard(page, event) {
  const { t } = page;
  const card = cardFromCode(event.card);
  const node = cardElement(card, { third: event.slot === 2, name: cardName(card, t) });
  node.classList.add("dealt");
  // A squeezed card says who turned it: its squeezer's seat, or the dealer at the deadline.
  if (event.by) node.dataset.by = event.by;
  $(`cards-${event.hand}`).append(node);
  requestAnimationFrame(() => requestAnimationFrame(() => node.classList.add("flipped")));
  const total = event.hand === "player" ? event.player_total : event.banker_total;
  $(`total-${event.hand}`).textContent = String(total);
  let words = t("deal.card", { side: t(`game.side.${event.hand}`), card: cardName(card, t), total });
  if (event.by) words += `. ${event.by === "dealer" ? t("shared.squeeze.by_dealer") : t("shared.squeeze.by", { seat: event.by })}`;
  $("sh-deal-live").textContent = words;
}

export function drawBurn(page) {
  const { state, t } = page;
  const burn = state.round && state.round.burn;
  const box = $("sh-burn");
  box.hidden = !burn;
  if (!burn) return box.replaceChildren();
  const card = cardElement(cardFromCode(burn.card));
  card.classList.add("flipped", "burn-card");
  card.setAttribute("aria-hidden", "true");
  const label = el("span", "burn-label", t("burn.label"));
  label.setAttribute("aria-hidden", "true");
  const backs = el("span", "burn-backs", `+${burn.face_down}`);
  backs.setAttribute("aria-hidden", "true");
  const words = el("span", "sr-only burn-text", t("burn.felt", { card: cardFromCode(burn.card).text, n: burn.face_down }));
  box.replaceChildren(label, card, backs, words);
}

// The call (who won, by how much) and the player's own net, in words.
export function drawCall(page) {
  const { state, t, money } = page;
  const result = state.round && state.round.result;
  const call = $("sh-call");
  call.className = result ? `sh-call call-${result.outcome}` : "sh-call";
  call.textContent = result
    ? t(`call.${result.outcome}`, { p: result.player_total, b: result.banker_total }) + (result.natural ? ` · ${t("call.natural")}` : "")
    : "";
  const settled = state.settled && state.round && state.settled.round === state.round.round ? state.settled : null;
  let net = "";
  if (settled && settled.net !== null) {
    const key = settled.net > 0 ? "result.net.win" : settled.net < 0 ? "result.net.lose" : "result.net.even";
    net = t(key, { amount: money(Math.abs(settled.net)) });
  } else if (settled && state.me && state.me.role === "seat") {
    net = t("shared.table.net_none");
  }
  $("sh-net").textContent = net;
  $("sh-net").dataset.net = settled && settled.net !== null ? String(settled.net) : "";
}
