// The shared table's felt, drawn from the page's state: the hands, the burn, the call, the
// spots with their chips, the chip tray, and the dealer's collecting and paying.

import { CHIPS, cardElement, cardName, chipElement, chipStack } from "./pieces.js";
import { $, cardFromCode, el, spotsOf } from "./shared-common.js";

// A spot's result for the player's chips on it, from the round's outcome: the main bets
// win, lose or (Player and Banker on a tie) push; a side bet's result is not in the events,
// so its chips are collected only when the player's whole payout is nothing.
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

export function spotResult(spot, settled) {
  if (!settled) return null;
  if (spot === "player" || spot === "banker") {
    if (settled.outcome === "tie") return "push";
    return spot === settled.outcome ? "win" : "lose";
  }
  if (spot === "tie") return settled.outcome === "tie" ? "win" : "lose";
  return settled.payout === 0 ? "lose" : null;
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

// Each spot: its name, the table's total and players on it, the player's chips and amount.
// animate: the round was just settled here (the chips move); otherwise they are drawn where
// the settlement left them.
export function drawSpots(page, { animate = false } = {}) {
  const { state, t, money } = page;
  const round = state.round || {};
  const totals = round.totals || {};
  const players = round.players || {};
  const mine = state.myBets || {};
  const open = Boolean(state.me && state.me.role === "seat" && round.phase === "betting");
  const settled = state.settled && state.settled.round === round.round ? state.settled : null;
  const moves = [];
  const spots = spotsOf(state.tile).map((spot) => {
    const button = el("button", `sh-spot${["player", "banker", "tie"].includes(spot) ? "" : " side"}`);
    button.type = "button";
    button.dataset.bet = spot;
    button.disabled = !open;
    const name = t(`game.bet.${spot}`);
    const stake = mine[spot] || 0;
    const total = totals[spot] || 0;
    const count = players[spot] || 0;
    button.append(el("span", "spot-name", name), el("span", "sh-spot-table", t("shared.spot.table", { amount: money(total), n: count })));
    button.setAttribute("aria-label", t("shared.spot.aria", { name, mine: money(stake), total: money(total), n: count, chip: money(state.chip) }));
    const result = spotResult(spot, settled);
    // The winning spot is lit for everyone at the table, whoever bet on it.
    if (result === "win") button.classList.add("win");
    if (stake > 0) {
      const stack = stackElement(stake, "sh-stack");
      button.append(stack, el("span", "sh-spot-mine", t("shared.spot.mine", { amount: money(stake) })));
      if (result === "lose") {
        button.classList.add("lose");
        if (animate) moves.push(() => stack.classList.add("collected"));
        else stack.classList.add("collected");
      }
      if (result === "win") {
        const paid = stackElement(stake, "sh-stack paid");
        button.append(paid);
        if (animate) moves.push(() => paid.classList.add("landed"));
        else paid.classList.add("landed");
      }
    }
    return button;
  });
  keepFocus($("sh-spots"), "data-bet", () => $("sh-spots").replaceChildren(...spots));
  // A frame after the chips are drawn, the dealer moves them (CSS transitions, none when the
  // player asks for reduced motion).
  if (moves.length) requestAnimationFrame(() => requestAnimationFrame(() => moves.forEach((move) => move())));
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
    $(`cards-${hand}`).replaceChildren(...codes.map((code, slot) => handCard(code, slot, t)));
    $(`cards-${hand}`).setAttribute("aria-label", t(`game.side.${hand}`));
    const total = round[`${hand}_total`];
    $(`total-${hand}`).textContent = codes.length && total !== null && total !== undefined ? String(total) : "";
    $(`hand-${hand}`).classList.toggle("winner", Boolean(round.result && round.result.outcome === hand));
  }
  drawBurn(page);
  drawCall(page);
}

export function handCard(code, slot, t) {
  const card = cardFromCode(code);
  const node = cardElement(card, { third: slot === 2, name: cardName(card, t) });
  node.classList.add("flipped");
  return node;
}

// One card as its event arrives: dealt face down, then turned; said once for a screen reader.
export function dealCard(page, event) {
  const { t } = page;
  const card = cardFromCode(event.card);
  const node = cardElement(card, { third: event.slot === 2, name: cardName(card, t) });
  node.classList.add("dealt");
  $(`cards-${event.hand}`).append(node);
  requestAnimationFrame(() => requestAnimationFrame(() => node.classList.add("flipped")));
  const total = event.hand === "player" ? event.player_total : event.banker_total;
  $(`total-${event.hand}`).textContent = String(total);
  $("sh-deal-live").textContent = t("deal.card", { side: t(`game.side.${event.hand}`), card: cardName(card, t), total });
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
