// Taking a seat (guest, log in, register), the table read at the start, and leaving.

import { cardElement, cardName } from "./pieces.js";
import { resetHands, showFinalRound } from "./felt.js";
import { errorMessage, renderAuthMessage, showMessage } from "./messages.js";
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
  } catch (err) {
    state.authMessage = errorMessage(err);
    renderAuthMessage();
  }
}

export async function startTable() {
  try {
    [state.table, state.shoe] = await Promise.all([api.table(), api.shoe()]);
    const recent = await api.rounds();
    if (recent.rounds && recent.rounds.length) {
      state.lastRound = recent.rounds[0];
      noteRound(state.lastRound);
      // Rebet survives a reload: the last bets are the server's record of the last round.
      if (!state.lastBets) {
        state.lastBets = Object.fromEntries(state.lastRound.bets.map((b) => [b.bet, b.stake_minor]));
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
  resetHands();
  page.renderAll();
  openWelcome();
}
