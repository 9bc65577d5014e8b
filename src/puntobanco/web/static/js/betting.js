// The chips on the table: placing, undo, clear, rebet and double, checked against the limits
// and the balance as the player bets; the spots, chips, status line, balance and side tray.

import { formatChip } from "./i18n.js";
import { chipElement, CHIPS, chipStack } from "./pieces.js";
import { clearMessage, showMessage } from "./messages.js";
import { isSide, limitsOf, PAIR_SPOTS, payoutOf, pushLegs, pushText, ratioText, sidePays, specialPayouts } from "./payouts.js";
import { $, money, state, t } from "./state.js";

export function betsOnTable() {
  const totals = {};
  for (const { bet, amount } of state.stack) totals[bet] = (totals[bet] || 0) + amount;
  return totals;
}

export function totalOnTable() {
  return state.stack.reduce((sum, { amount }) => sum + amount, 0);
}

export function changeBets(mutate) {
  if (state.dealing) return;
  mutate();
  // Different bets: a new request. If the old key's answer was lost, state.uncertain still
  // remembers it: the next Deal first looks for that round (see findLostRound).
  state.pendingKey = null;
  state.settled = null;
  clearMessage();
  renderSpots();
  renderStatus();
}

// The balance not yet on the table. The page checks limits and balance as the player bets,
// so that a chip is never placed where the server would refuse it; the server still checks.
export function balanceLeft() {
  return state.user ? state.user.balance_minor - totalOnTable() : 0;
}

// A chip that would take the spot over its maximum, or over the balance left, is placed as
// what fits (the spot then shows MAX); nothing fits: a message says why.
export function placeChip(bet) {
  if (state.dealing || !state.table) return;
  const { max } = limitsOf(bet);
  const onSpot = betsOnTable()[bet] || 0;
  const amount = Math.min(state.chip, max - onSpot, balanceLeft());
  if (amount <= 0) {
    return showMessage(onSpot >= max
      ? { key: "err.max", params: { name: t(`game.bet.${bet}`), max: money(max) } }
      : { key: "err.balance_left" });
  }
  changeBets(() => state.stack.push({ bet, amount }));
}

export function rebet() {
  if (state.dealing) return;
  if (!state.lastBets) return showMessage({ key: "err.nothing_to_rebet" });
  const entries = Object.entries(state.lastBets);
  for (const [bet, amount] of entries) {
    const { max } = limitsOf(bet);
    if (amount > max) return showMessage({ key: "err.rebet_max", params: { name: t(`game.bet.${bet}`), max: money(max) } });
  }
  const total = entries.reduce((sum, [, amount]) => sum + amount, 0);
  if (state.user && total > state.user.balance_minor) {
    return showMessage({ key: "err.rebet_balance", params: { amount: money(total) } });
  }
  changeBets(() => {
    state.stack = entries.map(([bet, amount]) => ({ bet, amount }));
  });
}

export function double() {
  if (state.dealing) return;
  for (const [bet, amount] of Object.entries(betsOnTable())) {
    const { max } = limitsOf(bet);
    if (2 * amount > max) return showMessage({ key: "err.double_max", params: { name: t(`game.bet.${bet}`), max: money(max) } });
  }
  if (totalOnTable() > balanceLeft()) {
    return showMessage({ key: "err.double_balance", params: { amount: money(2 * totalOnTable()) } });
  }
  changeBets(() => { state.stack = [...state.stack, ...state.stack.map((s) => ({ ...s }))]; });
}

// The side-bet spots of the table's rules, in the rules' order, made once per set of rules.
export function buildSideSpots(offered) {
  const strip = $("side-strip");
  const sides = offered.filter((bet) => isSide(bet) && !PAIR_SPOTS.includes(bet));
  const key = sides.join(" ");
  if (strip.dataset.bets === key) return;
  strip.dataset.bets = key;
  strip.replaceChildren(...sides.map((bet) => {
    const spot = document.createElement("button");
    spot.type = "button";
    spot.className = "spot spot-side spot-strip";
    spot.dataset.bet = bet;
    return spot;
  }));
  strip.hidden = !sides.length;
}

export function renderSpots() {
  const offered = (state.table && state.table.rules.offered_bets) || ["player", "banker", "tie"];
  buildSideSpots(offered);
  const bets = betsOnTable();
  for (const spot of document.querySelectorAll(".spot")) {
    const bet = spot.dataset.bet;
    spot.hidden = !offered.includes(bet);
    const amount = bets[bet] || 0;
    const settled = state.settled && state.settled[bet];
    spot.replaceChildren();
    const name = document.createElement("span");
    name.className = "spot-name";
    name.textContent = t(`game.bet.${bet}`);
    const pays = document.createElement("span");
    pays.className = "spot-pays";
    if (isSide(bet)) {
      pays.textContent = sidePays(bet);
    } else {
      pays.textContent = payoutOf(bet);
      for (const [total, ratio] of specialPayouts(bet)) pays.textContent += ` · ${total} → ${ratioText(ratio)}`;
      for (const leg of pushLegs(bet)) pays.textContent += ` · ${pushText(leg)}`;
    }
    const limits = document.createElement("span");
    limits.className = "spot-limits";
    const atMax = Boolean(state.table) && amount > 0 && amount >= limitsOf(bet).max;
    if (state.table) {
      const { min, max } = limitsOf(bet);
      limits.textContent = `${formatChip(min)}–${formatChip(max)}`;
    }
    const stack = document.createElement("span");
    stack.className = "stack";
    const shown = amount || (settled ? settled.stake_minor : 0);
    chipStack(shown).forEach((value, i) => {
      const chip = chipElement(value);
      chip.style.setProperty("--i", i);
      stack.append(chip);
    });
    if (settled && settled.resolution === "win" && settled.winnings_minor > 0) {
      // The dealer pays beside the stake, as at a live table.
      const paid = document.createElement("span");
      paid.className = "stack paid";
      chipStack(settled.winnings_minor).forEach((value, i) => {
        const chip = chipElement(value);
        chip.style.setProperty("--i", i);
        paid.append(chip);
      });
      stack.append(paid);
    }
    const amountLabel = document.createElement("span");
    amountLabel.className = "spot-amount";
    amountLabel.textContent = shown ? money(shown) : "";
    spot.classList.toggle("has-bet", shown > 0);
    spot.classList.remove("win", "lose", "push");
    let label = t("spot.aria", {
      name: t(`game.bet.${bet}`), pays: pays.textContent, amount: shown ? money(shown) : t("spot.empty"),
    });
    if (settled) {
      spot.classList.add(settled.resolution);
      const badge = document.createElement("span");
      badge.className = `spot-result result-${settled.resolution}`;
      badge.textContent = resultText(settled);
      label += `. ${badge.textContent}`;
      spot.append(name, pays, badge, stack, amountLabel);
    } else {
      spot.append(name, pays, limits, stack, amountLabel);
    }
    if (atMax) {
      const badge = document.createElement("span");
      badge.className = "spot-max";
      badge.textContent = t("spot.max");
      spot.append(badge);
      label += ` (${t("spot.max")})`;
    }
    spot.dataset.max = String(atMax);
    spot.setAttribute("aria-label", label);
    // Dealing: the spots take no chips (placeChip ignores them), but keep their place in the
    // tab order, so that focus is never dropped to the page's top.
    spot.setAttribute("aria-disabled", String(state.dealing));
  }
}

export function resultText(settled) {
  return settled.resolution === "win"
    ? t("res.win", { amount: money(settled.winnings_minor) })
    : t(`res.${settled.resolution}`);
}

// Whether the desktop strip holds more side bets than its one row shows: measured with the
// strip at its full width (the "more" button beside it takes some), so the answer is stable.
function stripOverflows() {
  const strip = $("side-strip");
  const spots = $("bets");
  if (strip.hidden || !window.matchMedia("(min-width: 641px)").matches) return false;
  const was = spots.dataset.more;
  const open = $("side-tray").classList.contains("open");
  delete spots.dataset.more;
  $("side-tray").classList.remove("open");
  const over = strip.scrollHeight > strip.clientHeight + 1;
  if (was !== undefined) spots.dataset.more = was;
  $("side-tray").classList.toggle("open", open);
  return over;
}

// The side bets (the pairs) open in a tray over the felt on a phone; its button says what
// is on them. On a larger screen the same button opens every side bet when the strip cannot
// show them all in its row.
export function renderTray() {
  const offered = (state.table && state.table.rules.offered_bets) || [];
  const sides = offered.filter(isSide);
  const toggle = $("tray-toggle");
  toggle.hidden = !sides.length;
  $("bets").dataset.more = String(stripOverflows());
  const open = toggle.getAttribute("aria-expanded") === "true";
  $("side-tray").classList.toggle("open", open && sides.length > 0);
  const bets = betsOnTable();
  const onSides = sides.reduce((sum, bet) => sum + (bets[bet] || 0), 0);
  // After a round, the closed tray says what its side bets made (their spots show each one).
  const settled = sides.map((bet) => state.settled && state.settled[bet]).filter(Boolean);
  const net = settled.reduce((sum, s) => sum + s.payout_minor - s.stake_minor, 0);
  const netText = net > 0 ? `+${money(net)}` : money(net);
  toggle.textContent = open ? t("tray.close")
    : onSides ? t("tray.with", { amount: money(onSides) })
      : settled.length ? t("tray.result", { net: netText })
        : $("bets").dataset.more === "true" ? t("tray.more", { count: sides.length }) : t("tray.open");
  toggle.classList.toggle("win", !open && !onSides && settled.length > 0 && net > 0);
}

export function renderChips() {
  const box = $("chips");
  box.replaceChildren();
  const max = state.table ? state.table.limits.maximum_minor : Infinity;
  const values = CHIPS.filter((v) => v <= max);
  const left = state.user ? balanceLeft() : Infinity;
  // A chip larger than the balance left is off; the chosen one moves down to one that fits.
  if (state.chip > left) {
    const fits = values.filter((v) => v <= left);
    if (fits.length) state.chip = fits[fits.length - 1];
  }
  for (const value of values) {
    const chip = chipElement(value, "button");
    chip.type = "button";
    chip.setAttribute("role", "radio");
    chip.setAttribute("aria-checked", String(value === state.chip));
    chip.setAttribute("aria-label", t("chip.aria", { amount: money(value) }));
    chip.tabIndex = value === state.chip ? 0 : -1;
    chip.dataset.value = value;
    chip.disabled = value > left;
    chip.addEventListener("click", () => { state.chip = value; renderChips(); box.querySelector(`[data-value="${value}"]`).focus(); });
    box.append(chip);
  }
}

export function renderStatus() {
  const total = totalOnTable();
  $("status").textContent = state.dealing ? t("status.dealing")
    : total ? t("status.placed", { amount: money(total) }) : t("status.place");
  $("deal").textContent = state.dealing ? t("action.dealing") : t("action.deal");
  $("deal").classList.toggle("busy", Boolean(state.dealing));
  for (const id of ["undo", "clear", "double"]) $(id).disabled = state.dealing || total === 0;
  $("rebet").disabled = state.dealing || !state.lastBets;
  // Deal keeps the focus while the round is dealt: marked busy, never disabled.
  $("deal").setAttribute("aria-disabled", String(state.dealing));
  renderBalance();
  renderChips();
  renderTray();
}

// While betting, the balance shown is what is left beside the chips on the table (the
// total bet): it goes down as chips are placed; the server takes the stakes at Deal.
export function renderBalance() {
  const bet = totalOnTable();
  $("balance").textContent = state.user ? money(state.user.balance_minor - bet) : "—";
  $("bet-total").textContent = state.user ? money(totalOnTable()) : "—";
  $("username").textContent = state.user ? (state.user.guest ? t("account.guest") : state.user.username) : "";
  const seated = Boolean(state.user);
  $("logout").hidden = !seated;
  $("topup").hidden = !seated;
  $("keep").hidden = !(seated && state.user.guest);
}
