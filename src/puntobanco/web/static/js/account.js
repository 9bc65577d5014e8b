// Taking a seat (guest, log in, register), the table read at the start, and leaving.

import { cardElement, cardName } from "./pieces.js";
import { resetHands, showFinalRound } from "./felt.js";
import { clearMessage, errorMessage, renderAuthMessage, showMessage } from "./messages.js";
import { $, api, noteRound, page, state, t } from "./state.js";

export function openWelcome() {
  const dialog = $("welcome");
  if (!dialog.open) dialog.showModal();
}

export async function enter(action) {
  state.authMessage = null;
  renderAuthMessage();
  try {
    let result;
    if (action === "guest") result = await api.guest();
    else {
      const username = $("auth-user").value.trim();
      const password = $("auth-pass").value;
      if (!username || !password) { state.authMessage = { key: "err.fields" }; return renderAuthMessage(); }
      result = await (action === "login" ? api.login(username, password) : api.register(username, password));
    }
    state.user = result.user;
    $("welcome").close();
    await startTable();
    // The dialog's button is gone: the keyboard goes on from the chips, where betting starts
    // (it fell back to <body>).
    const chip = document.querySelector('#chips .chip[aria-checked="true"]');
    if (chip) chip.focus();
  } catch (err) {
    state.authMessage = errorMessage(err);
    renderAuthMessage();
  }
}

// Whether a round is the last one dealt from the table's shoe now (GET /api/shoe): a shoe
// just opened by a table switch has no rounds yet. A table that reshuffles every round counts
// its rounds in one "shoe" but numbers each round 1.
function onThisShoe(round) {
  const shoe = state.shoe;
  const count = shoe && shoe.rounds ? shoe.rounds.length : 0;
  return Boolean(shoe && round.shoe && count && round.preset === shoe.preset && round.shoe.index === shoe.index
    && (shoe.shoe_mode === "reshuffle" || round.shoe.round_in_shoe === count));
}

export async function startTable() {
  try {
    [state.table, state.shoe] = await Promise.all([api.table(), api.shoe()]);
    const recent = await api.rounds();
    if (recent.rounds && recent.rounds.length) {
      const last = recent.rounds[0];
      noteRound(last);
      // Only the last hand of this table's shoe goes back on the felt: after a table switch
      // (a new shoe) the player's last round is another table's.
      state.lastRound = onThisShoe(last) ? last : null;
      // Rebet survives a reload: the last bets are the server's record of the last round,
      // those this table offers.
      if (!state.lastBets) {
        const offered = state.table.rules.offered_bets;
        const bets = last.bets.filter((b) => offered.includes(b.bet));
        state.lastBets = bets.length ? Object.fromEntries(bets.map((b) => [b.bet, b.stake_minor])) : null;
      }
    }
  } catch (err) {
    showMessage(errorMessage(err));
  }
  if (state.table && state.table.withdrawn) showMessage({ key: "rules.withdrawn" }, "info");
  page.renderAll();
  if (state.lastRound) {
    resetHands();
    for (const side of ["player", "banker"]) {
      state.lastRound[`${side}_cards`].forEach((card, i) => {
        const node = cardElement(card, { third: i === 2, name: cardName(card, t) });
        node.classList.add("flipped");
        $(`cards-${side}`).append(node);
      });
      $(`total-${side}`).textContent = state.lastRound[`${side}_total`];
    }
    showFinalRound(state.lastRound);
  }
  document.body.dataset.table = "ready";
}

export async function leave() {
  try { await api.logout(); } catch { /* leaving anyway */ }
  delete document.body.dataset.table;
  state.user = null;
  state.stack = [];
  state.lastBets = null;
  state.lastRound = null;
  state.settled = null;
  // A message of the seat that left (a top-up, "account created") is not the next one's.
  clearMessage();
  resetHands();
  page.renderAll();
  openWelcome();
}
