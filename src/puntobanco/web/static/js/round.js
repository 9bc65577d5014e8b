// A Deal: the bets sent once under an Idempotency-Key, and every answer handled: dealt,
// refused, pending settlement, or lost (offline, a server error), whose round is then found.

import { ApiError } from "./api.js";
import { openWelcome } from "./account.js";
import { betsOnTable, renderBalance, renderSpots, renderStatus, renderTray } from "./betting.js";
import { playOut, settleSpots } from "./felt.js";
import { clearMessage, errorMessage, showMessage } from "./messages.js";
import { askForPreset } from "./rules-panel.js";
import { refreshShoe } from "./shoe-panel.js";
import { api, money, noteRound, page, settledDeal, sleep, state } from "./state.js";

export async function deal() {
  if (state.dealing) return;
  const bets = betsOnTable();
  if (!Object.keys(bets).length) {
    showMessage({ key: "err.no_bets" });
    return settledDeal();
  }
  state.dealing = true;
  state.settled = null;
  clearMessage();
  // On a larger screen the panel of every side bet lies over the hands: the cards are dealt
  // in view, and its button then says what the side bets made.
  if (document.getElementById("bets").dataset.more === "true") {
    document.getElementById("tray-toggle").setAttribute("aria-expanded", "false");
    renderTray();
  }
  renderSpots();
  renderStatus();
  // An earlier Deal's answer was lost and the bets have changed since (so its key is gone):
  // if the server dealt that round, show it and stop, before betting anything new.
  if (state.uncertain && state.uncertain.key !== state.pendingKey) {
    try {
      if (await showLostRound()) return settledDeal();
    } catch (err) {
      return dealFailed(err);
    }
  }
  state.pendingKey = state.pendingKey || crypto.randomUUID();
  let round;
  try {
    round = await api.deal(bets, state.pendingKey);
    // 202: dealt and the stakes taken, the settlement still to come (the server's database
    // failed after the deal). The same key returns the round once it is settled.
    for (let wait = 1000; isPending(round) && wait <= 4000; wait *= 2) {
      await sleep(wait);
      round = await api.deal(bets, state.pendingKey);
    }
  } catch (err) {
    return dealFailed(err);
  }
  if (isPending(round)) return dealPending(round);
  state.pendingKey = null;
  state.uncertain = null; // the same key, answered: nothing is unknown any more
  noteRound(round);
  await playOut(round);
  state.lastBets = bets;
  state.stack = [];
  state.settled = Object.fromEntries(round.settlement.map((s) => [s.bet, s]));
  state.user.balance_minor = round.balance_minor;
  // The dealer collects and pays while the table still takes no bet; the balance shows the
  // pay once it has landed.
  await settleSpots();
  state.dealing = false;
  renderBalance();
  renderSpots();
  renderStatus();
  await refreshShoe();
  settledDeal();
}

export async function dealFailed(err) {
  state.dealing = false;
  // A lost connection or a server error may have come after the server took the round:
  // keep the key, so that retrying the same bets returns that round and charges nothing
  // twice, and remember it, so that the round is shown even if the bets change. A refusal
  // (4xx) dealt nothing: the next try is a new request.
  const lost = err instanceof ApiError && (err.kind === "offline" || err.kind === "server");
  if (lost && state.pendingKey) {
    const afterId = state.uncertain ? state.uncertain.afterId : state.knownRoundId;
    state.uncertain = { key: state.pendingKey, afterId };
  } else if (!lost) {
    state.pendingKey = null;
  }
  showMessage(errorMessage(err));
  renderSpots();
  renderStatus();
  if (err instanceof ApiError && err.kind === "auth") {
    openWelcome();
    return settledDeal();
  }
  if (err instanceof ApiError && err.code === "preset_withdrawn") await askForPreset();
  await refreshBalance();
  return settledDeal();
}

export function isPending(round) {
  return Boolean(round) && round.status === "dealt";
}

// The round was dealt and its stakes taken, but the server could not settle it yet: it will,
// by itself. The key stays, so that dealing the same bets again returns that round (charging
// nothing); if the bets change, the next Deal shows that round first (see showLostRound).
export async function dealPending(pending) {
  state.dealing = false;
  const afterId = state.uncertain ? state.uncertain.afterId : state.knownRoundId;
  state.uncertain = { key: state.pendingKey, afterId };
  showMessage({ text: pending.message, texts: pending.messages, code: "round_pending" }, "info");
  renderSpots();
  renderStatus();
  await refreshBalance();
  return settledDeal();
}

// Asks the server whether a Deal whose answer was lost was dealt after all: any round newer
// than the newest the page knew of when it was sent. If so, plays it out, re-reads the balance
// and says so; returns whether it did. Throws the API's error when the server cannot answer.
export async function showLostRound() {
  const { key: lostKey, afterId } = state.uncertain;
  const page = await api.rounds();
  state.uncertain = null;
  const newer = (page.rounds || []).filter((r) => afterId === null || Number(r.id) > afterId);
  if (!newer.length) return false; // never dealt: nothing was charged
  const round = newer[0];
  noteRound(round);
  state.dealing = true;
  renderSpots();
  renderStatus();
  await playOut(round);
  const stakes = Object.fromEntries(round.bets.map((b) => [b.bet, b.stake_minor]));
  state.lastBets = stakes;
  if (state.pendingKey === lostKey) {
    // The chips on the table are the ones that round took.
    state.pendingKey = null;
    state.stack = [];
    state.settled = Object.fromEntries(round.settlement.map((s) => [s.bet, s]));
    await settleSpots();
  }
  state.dealing = false;
  await refreshBalance();
  renderSpots();
  renderStatus();
  await refreshShoe();
  // The message comes once the table shows that round's outcome (balance, spots, status and
  // scoreboards): it is what says "done". It replaces a message refreshShoe may have shown.
  const staked = round.bets.reduce((sum, b) => sum + b.stake_minor, 0);
  const key = state.stack.length ? "err.dealt_offline.chips" : "err.dealt_offline";
  showMessage({ key, params: { amount: money(staked) } }, "info");
  return true;
}

// Back online with a Deal whose answer was lost: show that round now if it was dealt.
export async function onReconnect() {
  if (!state.uncertain || state.dealing || !state.user) return;
  try {
    await showLostRound();
  } catch {
    // Still unreachable: the next Deal asks again.
  }
}

export async function refreshBalance() {
  try {
    state.user = await api.me();
  } catch {
    // Offline too: the last known balance stays; the message already says why.
  }
  renderBalance();
}
