// The web table: its start, the whole page drawn again (a language switch, a seat taken), and
// the wiring of every control to its module. Each job has a module of its own: state.js (the
// shared state), betting.js (chips on the spots), felt.js (the hands dealt, card by card),
// round.js (a Deal and its answer, lost or not), shoe-panel.js (scoreboards, statistics and
// house edge), rules-panel.js (rules, limits and the choice of table), account.js (the welcome
// dialog, seat and leaving), messages.js, payouts.js; dialogs.js (history and fairness) and
// seat.js (account, top-up). Talks only to the API (api.js); every word comes from the one
// catalogue, loaded by i18n.js.

import { ApiError } from "./api.js";
import { createDialogs } from "./dialogs.js";
import { hasTexts, loadTexts, rememberLang, setCurrency, translator } from "./i18n.js";
import { createSeat } from "./seat.js";
import { enter, leave, openWelcome, startTable } from "./account.js";
import { changeBets, double, placeChip, rebet, renderBalance, renderChips, renderSpots, renderStatus, renderTray } from "./betting.js";
import { callText, renderBurn, renderEvents, showFinalRound } from "./felt.js";
import { errorMessage, renderAuthMessage, renderMessage, say, showMessage } from "./messages.js";
import { deal, onReconnect, refreshBalance } from "./round.js";
import { choosePreset, presetName, renderTableRules } from "./rules-panel.js";
import { refreshShoe, renderShoe } from "./shoe-panel.js";
import { $, api, money, page, sleep, state, t } from "./state.js";

const { openHistory, openFairness, fairAction, rerender: rerenderDialogs } = createDialogs({
  api, t, money, callText, errorMessage, say, presetName,
  setTable: (table) => { state.table = table; },
  getLang: () => state.lang,
  shoeChanged: refreshShoe,
});

const { openLeave, keepBalance, openTopUp, rerender: rerenderSeat } = createSeat({
  api, t, money, say, errorMessage, showMessage, sleep,
  getUser: () => state.user,
  setUser: (user) => { state.user = user; },
  getTable: () => state.table,
  refreshBalance,
  balanceChanged: () => renderStatus(),
});

function applyStaticText() {
  document.documentElement.lang = state.lang;
  // The tab's title and the description a search engine or a shared link shows follow the
  // page's language, as its lang attribute does.
  document.title = t("app.page_title");
  document.querySelector('meta[name="description"]').setAttribute("content", t("app.description"));
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const id of ["lang", "lang-welcome", "lang-fair"]) {
    $(id).textContent = state.lang === "en" ? "ES" : "EN";
    $(id).setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
    $(id).title = t("lang.switch");
  }
  $("explain-toggle").checked = state.explain;
}

function renderTestSeed() {
  // The operator started the server with a fixed test server seed: every card is known in
  // advance (GET /api/table says test_seed). Tests and demos only: the page says so.
  $("test-seed-banner").hidden = !(state.table && state.table.test_seed);
}

function renderAll() {
  state.t = translator(state.lang);
  setCurrency(state.table ? state.table.currency : "");
  applyStaticText();
  renderTestSeed();
  renderBalance();
  renderSpots();
  renderStatus();
  renderTableRules();
  renderShoe();
  renderEvents();
  renderMessage();
  renderAuthMessage();
  renderBurn();
  rerenderDialogs();
  rerenderSeat();
  if (state.lastRound && !state.dealing) showFinalRound(state.lastRound);
}
page.renderAll = renderAll;

// The other language's words are loaded at the start (see loadFirstTexts), so the switch is at
// once; if they could not be, they are asked for now, and until they are here the page stays
// all in one language (if they cannot be loaded, it says so, in the language it shows).
function switchLanguage() {
  const next = state.lang === "en" ? "es" : "en";
  if (hasTexts(next)) return showLanguage(next);
  loadTexts(next).then(() => showLanguage(next), () => showMessage({ key: "err.offline" }));
}

function showLanguage(next) {
  state.lang = next;
  rememberLang(state.lang);
  renderAll();
  // Event texts come from the server in the request's language: fetch them again.
  // An answer that comes late (another round dealt since, or the language switched again)
  // is dropped: it would put back an older round, or the other language's texts.
  if (state.lastRound && !state.dealing) {
    const { id } = state.lastRound;
    const lang = state.lang;
    api.round(id).then((round) => {
      if (state.lang !== lang || !state.lastRound || state.lastRound.id !== id) return;
      state.lastRound = round;
      renderEvents();
    }).catch(() => {});
  }
}

function wire() {
  // One listener for every spot: the side-bet spots are made from each table's rules.
  $("bets").addEventListener("click", (event) => {
    const spot = event.target.closest(".spot");
    if (spot) placeChip(spot.dataset.bet);
  });
  $("undo").addEventListener("click", () => changeBets(() => state.stack.pop()));
  $("clear").addEventListener("click", () => changeBets(() => { state.stack = []; }));
  $("rebet").addEventListener("click", rebet);
  $("double").addEventListener("click", double);
  $("deal").addEventListener("click", deal);
  $("lang").addEventListener("click", switchLanguage);
  $("lang-welcome").addEventListener("click", switchLanguage);
  $("lang-fair").addEventListener("click", switchLanguage);
  $("guest").addEventListener("click", () => enter("guest"));
  $("login").addEventListener("click", () => enter("login"));
  $("register").addEventListener("click", () => enter("register"));
  $("welcome").addEventListener("cancel", (event) => event.preventDefault()); // no table without a seat
  $("auth-form").addEventListener("submit", (event) => event.preventDefault());
  for (const id of ["auth-user", "auth-pass"]) {
    $(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); enter("login"); }
    });
  }
  $("open-history").addEventListener("click", () => openHistory());
  $("open-fairness").addEventListener("click", openFairness);
  $("open-rules").addEventListener("click", () => $("rules").showModal());
  $("open-chemin").addEventListener("click", () => { location.href = "chemin.html"; });
  $("open-banque").addEventListener("click", () => { location.href = "banque.html"; });
  $("preset-select").addEventListener("change", (event) => choosePreset(event.target.value));
  $("fair-set").addEventListener("click", () => fairAction("set"));
  $("fair-rotate").addEventListener("click", () => fairAction("rotate"));
  $("fair-verify").addEventListener("click", () => fairAction("verify"));
  $("explain-toggle").addEventListener("change", (event) => {
    state.explain = event.target.checked;
    localStorage.setItem("pb_explain", state.explain ? "1" : "0");
    renderEvents();
  });
  $("topup").addEventListener("click", () => { closeMenu(); openTopUp(); });
  $("logout").addEventListener("click", () => {
    closeMenu();
    // A guest's balance lives only as long as its session: ask first, and offer to keep it.
    if (state.user && state.user.guest) return openLeave();
    leave();
  });
  $("keep").addEventListener("click", () => { closeMenu(); openLeave(true); });
  $("leave-anyway").addEventListener("click", () => { $("leave").close(); leave(); });
  $("keep-submit").addEventListener("click", keepBalance);
  for (const id of ["keep-user", "keep-pass"]) {
    $(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); keepBalance(); }
    });
  }
  $("menu-button").addEventListener("click", () => {
    const open = $("menu").hidden;
    $("menu").hidden = !open;
    $("menu-button").setAttribute("aria-expanded", String(open));
    if (open) $("menu").querySelector("button:not([hidden])").focus();
  });
  $("menu").addEventListener("click", (event) => { if (event.target.closest("button")) closeMenu(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("menu").hidden) { closeMenu(); $("menu-button").focus(); }
  });
  document.addEventListener("click", (event) => {
    if (!$("menu").hidden && !event.target.closest(".menu-box")) closeMenu();
  });
  for (const view of ["table", "roads"]) {
    $(`view-${view}`).addEventListener("click", () => showView(view));
  }
  window.addEventListener("resize", () => renderTray());
  $("tray-toggle").addEventListener("click", () => {
    const open = $("tray-toggle").getAttribute("aria-expanded") !== "true";
    $("tray-toggle").setAttribute("aria-expanded", String(open));
    renderTray();
  });
  // Arrow keys move between chips, as in any radio group.
  $("chips").addEventListener("keydown", (event) => {
    const values = [...$("chips").querySelectorAll(".chip")].map((c) => Number(c.dataset.value));
    const i = values.indexOf(state.chip);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    state.chip = values[(i + step + values.length) % values.length];
    renderChips();
    $("chips").querySelector(`[data-value="${state.chip}"]`).focus();
  });
}

function closeMenu() {
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
}

// A phone shows the table or the scoreboards (the boards are drawn again at their width).
function showView(view) {
  document.querySelector(".layout").dataset.view = view;
  $("view-table").setAttribute("aria-pressed", String(view === "table"));
  $("view-roads").setAttribute("aria-pressed", String(view === "roads"));
  if (view === "roads") renderShoe();
}

// The page's words, before anything is drawn: the page stays hidden (html.loading) until they
// are here, so that no key and no other language's word shows, and nothing moves as they come.
// Without them there is no table to show: it asks again, less and less often. The other
// language's table comes at the same time, so that a switch is instant (if it failed, the
// switch asks for it again).
async function loadFirstTexts() {
  const other = state.lang === "en" ? "es" : "en";
  const spare = loadTexts(other).catch(() => {});
  for (let wait = 500; ; wait = Math.min(2 * wait, 8000)) {
    try {
      await loadTexts(state.lang);
      return await spare;
    } catch {
      await sleep(wait);
    }
  }
}

async function main() {
  await loadFirstTexts();
  wire();
  // Boards fill their width with empty cells: draw them again when the width changes.
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderShoe, 150);
  });
  window.addEventListener("online", onReconnect);
  renderAll();
  document.documentElement.classList.remove("loading");
  // GET /api/auth/session answers {"user": null} on a first visit: no 401 for the browser
  // to log as a failed request.
  try {
    state.user = (await api.session()).user;
    if (!state.user) return openWelcome();
  } catch (err) {
    if (err instanceof ApiError && err.kind === "auth") return openWelcome();
    showMessage(errorMessage(err));
    return;
  }
  await startTable();
}

main();
