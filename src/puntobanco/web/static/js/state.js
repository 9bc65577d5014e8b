// The table's state, shared by the page's modules, and the helpers every one of them uses.

import { Api } from "./api.js";
import { formatMoney, initialLang, translator } from "./i18n.js";
import { CHIPS } from "./pieces.js";

const params = new URLSearchParams(location.search);
export const CARD_DELAY_MS = Number(params.get("speed") ?? localStorage.getItem("pb_speed") ?? 600);

// Speed 0 (tests, or a player in a hurry) also turns the card animations off.
if (CARD_DELAY_MS === 0) document.documentElement.classList.add("instant");

export const state = {
  lang: initialLang(),
  t: null,
  user: null,
  table: null,
  shoe: null,
  chip: CHIPS[1],
  stack: [], // [{bet, amount}] in the order placed: undo pops the last
  lastBets: null, // the previous round's bets, for Rebet
  lastRound: null,
  dealing: false,
  pendingKey: null, // Idempotency-Key of bets not yet known to be dealt
  // A Deal whose answer was lost (offline, or a server error): the server may have dealt it.
  // {key, afterId}: its key, and the newest round id the page knew of when it was sent.
  uncertain: null,
  knownRoundId: null, // the newest round id the page has seen
  message: null, // {key, params} or a server's {text, texts, code}, re-rendered on a language switch
  authMessage: null, // the welcome dialog's message, the same way
  settled: null, // {bet: settlement} of the last round, shown on the spots
  explain: localStorage.getItem("pb_explain") === "1",
};
state.t = translator(state.lang);
export const api = new Api(() => state.lang);
export const $ = (id) => document.getElementById(id);
export const t = (key, p) => state.t(key, p);
export const money = (minor) => formatMoney(minor, state.lang);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// What a module calls to draw the whole page again (app.js sets it): a table chosen, a seat
// taken or left. A hook, so that the modules below app.js need not import it.
export const page = { renderAll: () => {} };

export function noteRound(round) {
  const id = Number(round.id);
  if (state.knownRoundId === null || id > state.knownRoundId) state.knownRoundId = id;
}

// Counts finished Deal presses (dealt or refused) on <body data-deals>: tests wait on it.
export function settledDeal() {
  document.body.dataset.deals = String(Number(document.body.dataset.deals || 0) + 1);
}
