// The player's seat: keeping a guest's balance by creating an account (POST
// /api/auth/upgrade, offered before a guest leaves) and adding play money (only amounts the
// server takes).

import { ApiError } from "./api.js";

const $ = (id) => document.getElementById(id);
const TOP_UP_AMOUNTS = [10000, 50000, 100000]; // what "Add play money" offers, under the cap
// The dialog closes no sooner than a double-click's interval after the press: a fast server
// can answer between the two clicks of a double-click, and the second must not land on what
// lies beneath.
const TOP_UP_MIN_OFF_MS = 500;

export function createSeat({
  api, t, money, say, errorMessage, showMessage, sleep, getUser, setUser, getTable,
  refreshBalance, balanceChanged,
}) {
  let keepSaid = null; // the leave dialog's message, re-rendered on a language switch
  let topUpKey = null; // kept for a retry after a lost answer, so the server adds it once

  // Asks a guest before leaving (keepOnly: only offers to keep the balance).
  function openLeave(keepOnly = false) {
    keepSaid = null;
    renderKeep();
    $("leave-title").textContent = keepOnly ? t("account.keep") : t("leave.title");
    $("leave-text").textContent = t("leave.guest", { amount: money(getUser().balance_minor) });
    $("leave-anyway").hidden = keepOnly;
    $("leave").showModal();
    $("keep-user").focus();
  }

  function renderKeep() {
    $("keep-message").hidden = !keepSaid;
    if (keepSaid) $("keep-message").textContent = say(keepSaid);
  }

  // The guest becomes a registered account with the same wallet, rounds and history.
  async function keepBalance() {
    const username = $("keep-user").value.trim();
    const password = $("keep-pass").value;
    if (!username || !password) {
      keepSaid = { key: "err.fields" };
      return renderKeep();
    }
    try {
      const result = await api.upgrade(username, password);
      setUser(result.user);
      $("leave").close();
      balanceChanged();
      showMessage({ key: "account.kept" }, "info");
    } catch (err) {
      keepSaid = errorMessage(err);
      renderKeep();
    }
  }

  // Up to the server's largest top-up and under its balance cap (GET /api/table: top_up).
  function topUpRoom() {
    const table = getTable();
    const limits = (table && table.top_up) || { max_minor: 100000, balance_cap_minor: Infinity };
    const user = getUser();
    const room = Math.max(0, limits.balance_cap_minor - (user ? user.balance_minor : 0));
    return { room: Math.min(room, limits.max_minor), cap: limits.balance_cap_minor };
  }

  function openTopUp() {
    renderTopUp();
    $("topup-dialog").showModal();
  }

  function renderTopUp() {
    const { room, cap } = topUpRoom();
    const amounts = TOP_UP_AMOUNTS.filter((a) => a <= room);
    // What is left under the cap, when it is less than the largest amount offered.
    if (room > 0 && !amounts.includes(room) && room < TOP_UP_AMOUNTS[TOP_UP_AMOUNTS.length - 1]) amounts.push(room);
    $("topup-text").textContent = t(room > 0 ? "account.topup.text" : "account.topup.full", { cap: money(cap) });
    const box = $("topup-amounts");
    box.replaceChildren();
    for (const amount of amounts) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "deal";
      button.dataset.amount = String(amount);
      button.textContent = t("account.topup.amount", { amount: money(amount) });
      button.addEventListener("click", () => topUp(amount, button));
      box.append(button);
    }
  }

  // One top-up per press: the buttons are off while the request runs, and the request
  // carries an Idempotency-Key.
  async function topUp(amount, button) {
    if (button.disabled) return;
    for (const b of $("topup-amounts").querySelectorAll("button")) b.disabled = true;
    topUpKey = topUpKey || crypto.randomUUID();
    const pressed = performance.now();
    try {
      const result = await api.topUp(amount, topUpKey);
      topUpKey = null;
      getUser().balance_minor = result.balance_minor;
      await sleep(Math.max(0, TOP_UP_MIN_OFF_MS - (performance.now() - pressed)));
      $("topup-dialog").close();
      balanceChanged();
      showMessage({ key: "account.topup.done", params: { amount: money(amount) } }, "info");
    } catch (err) {
      if (!(err instanceof ApiError && (err.kind === "offline" || err.kind === "server"))) topUpKey = null;
      $("topup-dialog").close();
      showMessage(errorMessage(err));
      await refreshBalance();
    }
  }

  return { openLeave, keepBalance, openTopUp, rerender: renderKeep };
}
