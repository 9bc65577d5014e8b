// The web table: state, rendering and the round's flow. Talks only to the API (api.js); every
// player-facing string comes from the catalogue (i18n.js); scoreboards are drawn by roads.js.

import { Api, ApiError } from "./api.js";
import { formatChip, formatMoney, hasText, initialLang, rememberLang, setCurrency, translator } from "./i18n.js";
import { createDialogs } from "./dialogs.js";
import { CHIPS, cardElement, cardName, chipElement, chipStack } from "./pieces.js";
import { renderRoads } from "./roads.js";
import { createSeat } from "./seat.js";

const params = new URLSearchParams(location.search);
const CARD_DELAY_MS = Number(params.get("speed") ?? localStorage.getItem("pb_speed") ?? 600);

// Speed 0 (tests, or a player in a hurry) also turns the card animations off.
if (CARD_DELAY_MS === 0) document.documentElement.classList.add("instant");

const state = {
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
const api = new Api(() => state.lang);
const $ = (id) => document.getElementById(id);
const t = (key, p) => state.t(key, p);
const money = (minor) => formatMoney(minor, state.lang);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- bets on the table

function betsOnTable() {
  const totals = {};
  for (const { bet, amount } of state.stack) totals[bet] = (totals[bet] || 0) + amount;
  return totals;
}

function totalOnTable() {
  return state.stack.reduce((sum, { amount }) => sum + amount, 0);
}

function changeBets(mutate) {
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
function balanceLeft() {
  return state.user ? state.user.balance_minor - totalOnTable() : 0;
}

// A chip that would take the spot over its maximum, or over the balance left, is placed as
// what fits (the spot then shows MAX); nothing fits: a message says why.
function placeChip(bet) {
  if (state.dealing || !state.table) return;
  const { max } = limitsOf(bet);
  const onSpot = betsOnTable()[bet] || 0;
  const amount = Math.min(state.chip, max - onSpot, balanceLeft());
  if (amount <= 0) {
    return showMessage(onSpot >= max
      ? { key: "err.max", params: { name: t(`bet.${bet}`), max: money(max) } }
      : { key: "err.balance_left" });
  }
  changeBets(() => state.stack.push({ bet, amount }));
}

function rebet() {
  if (state.dealing) return;
  if (!state.lastBets) return showMessage({ key: "err.nothing_to_rebet" });
  const entries = Object.entries(state.lastBets);
  for (const [bet, amount] of entries) {
    const { max } = limitsOf(bet);
    if (amount > max) return showMessage({ key: "err.rebet_max", params: { name: t(`bet.${bet}`), max: money(max) } });
  }
  const total = entries.reduce((sum, [, amount]) => sum + amount, 0);
  if (state.user && total > state.user.balance_minor) {
    return showMessage({ key: "err.rebet_balance", params: { amount: money(total) } });
  }
  changeBets(() => {
    state.stack = entries.map(([bet, amount]) => ({ bet, amount }));
  });
}

function double() {
  if (state.dealing) return;
  for (const [bet, amount] of Object.entries(betsOnTable())) {
    const { max } = limitsOf(bet);
    if (2 * amount > max) return showMessage({ key: "err.double_max", params: { name: t(`bet.${bet}`), max: money(max) } });
  }
  if (totalOnTable() > balanceLeft()) {
    return showMessage({ key: "err.double_balance", params: { amount: money(2 * totalOnTable()) } });
  }
  changeBets(() => { state.stack = [...state.stack, ...state.stack.map((s) => ({ ...s }))]; });
}

// ---------------------------------------------------------------- messages

function showMessage(message, tone = "error") {
  state.message = { ...message, tone };
  renderMessage();
}

function clearMessage() {
  state.message = null;
  renderMessage();
}

function renderMessage() {
  const box = $("message");
  const m = state.message;
  box.hidden = !m;
  if (!m) return;
  box.textContent = say(m);
  box.dataset.tone = m.tone;
}

// A message as the player reads it now, in the page's language: a catalogue key's words; a
// server's error in the sentence the server gave for this language (error.messages), else the
// text it answered with, which is never left empty or broken.
function say(m) {
  if (m.key) return t(m.key, m.params);
  const text = m.texts && m.texts[state.lang];
  return typeof text === "string" && text ? text : m.text;
}

function errorMessage(err) {
  if (!(err instanceof ApiError)) return { key: "err.generic", params: { message: String(err) } };
  if (err.kind === "offline") return { key: "err.offline" };
  if (err.kind === "server") return { key: "err.server", params: { status: err.status } };
  if (err.kind === "auth") return { key: "err.auth" };
  // The server's message is in the request's language and names the allowed range; it comes
  // with the same sentence in every language, for a later language switch (see say).
  return err.message
    ? { text: err.message, texts: err.messages, code: err.code }
    : { key: "err.generic", params: { message: err.code } };
}

// ---------------------------------------------------------------- rendering

function applyStaticText() {
  document.documentElement.lang = state.lang;
  document.title = t("app.title");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const id of ["lang", "lang-welcome", "lang-fair"]) {
    $(id).textContent = state.lang === "en" ? "ES" : "EN";
    $(id).setAttribute("aria-label", `${t("lang.label")}: ${t("lang.switch")}`);
    $(id).title = t("lang.switch");
  }
  $("explain-toggle").checked = state.explain;
}

// An exact ratio as the server writes it ("19/20", "8") in the player's language:
// a decimal when it has a finite one ("0,95"), else the fraction itself. Integer
// arithmetic only, so a payout is never shown rounded by floating point.
function exactText(ratio) {
  const [n, d = "1"] = String(ratio).split("/");
  let numerator = BigInt(n);
  const denominator = BigInt(d);
  let rest = denominator;
  while (rest % 2n === 0n) rest /= 2n;
  while (rest % 5n === 0n) rest /= 5n;
  if (rest !== 1n) return `${n}/${d}`;
  const sign = numerator < 0n ? "-" : "";
  if (numerator < 0n) numerator = -numerator;
  let remainder = numerator % denominator;
  let digits = "";
  while (remainder !== 0n) {
    remainder *= 10n;
    digits += String(remainder / denominator);
    remainder %= denominator;
  }
  const text = `${sign}${numerator / denominator}${digits ? `.${digits}` : ""}`;
  return state.lang === "es" ? text.replace(".", ",") : text;
}

function ratioText(ratio) {
  // "19/20" -> "0.95:1"; "8" -> "8:1"
  if (ratio === null || ratio === undefined) return "";
  return `${exactText(ratio)}:1`;
}

// A bet's winning legs, from the rules' paytable (most particular first, so the
// last one is the bet's ordinary win).
function winningLegs(bet) {
  const rules = state.table && state.table.rules;
  const legs = (rules && rules.bets && rules.bets[bet]) || [];
  return legs.filter((leg) => leg.resolution === "win");
}

function payoutOf(bet) {
  const legs = winningLegs(bet);
  return legs.length ? ratioText(legs[legs.length - 1].pays) : "";
}

// The legs that pay differently from the ordinary win on some totals (a winning
// Banker 6 under Super 6), as [total, pays] pairs.
function specialPayouts(bet) {
  const legs = winningLegs(bet).slice(0, -1);
  return legs
    .filter((leg) => leg.when.winning_total !== undefined)
    .map((leg) => [leg.when.winning_total, leg.pays]);
}

// The commission of a bet's ordinary win as a percentage ("1/20" -> "5").
function commissionPercent(bet) {
  const legs = winningLegs(bet);
  const commission = legs.length ? legs[legs.length - 1].commission : "0";
  if (commission === "0") return null;
  const [n, d = "1"] = commission.split("/");
  return exactText(`${BigInt(n) * 100n}/${d}`);
}

function limitsOf(bet) {
  const limits = state.table.limits;
  return { min: limits.minimum_minor, max: (limits.maxima_minor || {})[bet] ?? limits.maximum_minor };
}

// The spots other than Player, Banker and Tie: the pairs (printed beside Tie) and the side
// other side bets, which the table's rules name (the page has no list of them).
const MAIN_SPOTS = ["player", "banker", "tie"];
const PAIR_SPOTS = ["player_pair", "banker_pair"];
const isSide = (bet) => !MAIN_SPOTS.includes(bet);

// The side-bet spots of the table's rules, in the rules' order, made once per set of rules.
function buildSideSpots(offered) {
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

// A side bet's payouts, highest first, each once ("30/10/6/4/2/1:1"): exact, from the legs.
function sidePays(bet) {
  const seen = [];
  for (const leg of winningLegs(bet)) if (!seen.includes(leg.pays)) seen.push(leg.pays);
  const value = (r) => { const [n, d = "1"] = r.split("/"); return [BigInt(n), BigInt(d)]; };
  seen.sort((a, b) => {
    const [an, ad] = value(a);
    const [bn, bd] = value(b);
    const diff = bn * ad - an * bd;
    return diff > 0n ? 1 : diff < 0n ? -1 : 0;
  });
  return seen.length ? `${seen.map(exactText).join("/")}:1` : "";
}

// One leg of a side bet's paytable in words ("Player wins, not a natural, by 9 points: 30:1").
function legText(leg) {
  const when = leg.when;
  const parts = [];
  if (when.outcome) parts.push(t(`leg.outcome.${when.outcome}`));
  if (when.natural === true) parts.push(t("leg.natural"));
  if (when.natural === false) parts.push(t("leg.not_natural"));
  if (when.margin !== undefined) parts.push(t("leg.margin", { n: when.margin }));
  if (when.winning_total !== undefined) {
    parts.push(t(when.outcome === "tie" ? "leg.tie_total" : "leg.winning_total", { total: when.winning_total }));
  }
  if (when.winning_cards !== undefined) parts.push(t("leg.winning_cards", { n: when.winning_cards }));
  if (when.same_rank) parts.push(t("leg.same_rank"));
  else if (when.pairs !== undefined) parts.push(t(`leg.pairs.${when.pairs}`));
  if (when.suited_pairs !== undefined) parts.push(t(`leg.suited_pairs.${when.suited_pairs}`));
  if (when.cards_dealt !== undefined) parts.push(t("leg.cards_dealt", { n: when.cards_dealt }));
  if (when.player_pair) parts.push(t("leg.player_pair"));
  if (when.banker_pair) parts.push(t("leg.banker_pair"));
  const text = parts.join(", ");
  const whenText = text.charAt(0).toUpperCase() + text.slice(1);
  return leg.resolution === "push"
    ? t("leg.push", { when: whenText })
    : t("leg.pays", { when: whenText, pays: ratioText(leg.pays) });
}

function renderSpots() {
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
    name.textContent = t(`bet.${bet}`);
    const pays = document.createElement("span");
    pays.className = "spot-pays";
    if (isSide(bet)) {
      pays.textContent = sidePays(bet);
    } else {
      pays.textContent = payoutOf(bet);
      for (const [total, ratio] of specialPayouts(bet)) pays.textContent += ` · ${total} → ${ratioText(ratio)}`;
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
      name: t(`bet.${bet}`), pays: pays.textContent, amount: shown ? money(shown) : t("spot.empty"),
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

function resultText(settled) {
  return settled.resolution === "win"
    ? t("res.win", { amount: money(settled.winnings_minor) })
    : t(`res.${settled.resolution}`);
}

// The side bets (the pairs) open in a tray over the felt on a phone; its button says what
// is on them.
function renderTray() {
  const offered = (state.table && state.table.rules.offered_bets) || [];
  const sides = offered.filter(isSide);
  const toggle = $("tray-toggle");
  toggle.hidden = !sides.length;
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
      : settled.length ? t("tray.result", { net: netText }) : t("tray.open");
  toggle.classList.toggle("win", !open && !onSides && settled.length > 0 && net > 0);
}

function renderChips() {
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

function renderStatus() {
  const total = totalOnTable();
  $("status").textContent = state.dealing ? t("status.dealing")
    : total ? t("status.placed", { amount: money(total) }) : t("status.place");
  $("deal").textContent = state.dealing ? t("action.dealing") : t("action.deal");
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
function renderBalance() {
  const bet = totalOnTable();
  $("balance").textContent = state.user ? money(state.user.balance_minor - bet) : "—";
  $("bet-total").textContent = state.user ? money(totalOnTable()) : "—";
  $("username").textContent = state.user ? (state.user.guest ? t("account.guest") : state.user.username) : "";
  const seated = Boolean(state.user);
  $("logout").hidden = !seated;
  $("topup").hidden = !seated;
  $("keep").hidden = !(seated && state.user.guest);
}

function renderTableRules() {
  if (!state.table) return;
  const { rules, limits } = state.table;
  const mode = rules.shoe_mode === "reshuffle" ? t("rules.mode.reshuffle") : t("rules.mode.cut-card", { n: rules.cut_card });
  // The felt's line is short (it is printed on the cloth); the rules dialog says it in full.
  const felt = rules.shoe_mode === "reshuffle" ? t("rules.felt.reshuffle") : t("rules.felt.cut-card");
  $("table-rules").textContent = `${t("rules.decks", { n: rules.decks })} · ${felt} · ${t("rules.felt.min")} ${money(limits.minimum_minor)} · ${t("rules.felt.max")} ${money(limits.maximum_minor)}`;
  const body = $("rules-body");
  body.replaceChildren();
  // The table's name is in the choice of table above; the sentence says the shoe once.
  const intro = document.createElement("p");
  const shoeText = `${t("rules.decks", { n: rules.decks })}, ${mode}.`;
  intro.textContent = shoeText.charAt(0).toUpperCase() + shoeText.slice(1);
  const table = document.createElement("table");
  table.className = "limits";
  table.innerHTML = `<thead><tr><th scope="col"></th><th scope="col">${t("rules.pays")}</th><th scope="col">${t("rules.min")}</th><th scope="col">${t("rules.max")}</th></tr></thead>`;
  const tbody = document.createElement("tbody");
  for (const bet of rules.offered_bets) {
    const { min, max } = limitsOf(bet);
    const row = document.createElement("tr");
    let pays = payoutOf(bet);
    // A side bet's whole paytable, one leg a line, as the server's rules state it.
    const legs = isSide(bet) ? ((rules.bets && rules.bets[bet]) || []).map(legText) : null;
    if (legs) {
      pays = legs.join(" · ");
    } else {
      const pct = commissionPercent(bet);
      if (pct !== null) pays += ` (${t("rules.commission", { pct: `${pct}%` })})`;
      for (const [total, ratio] of specialPayouts(bet)) {
        pays += ` · ${t(`rules.total.${bet}`, { total, pays: ratioText(ratio) })}`;
      }
    }
    row.innerHTML = `<th scope="row"></th><td></td><td></td><td></td>`;
    row.children[0].textContent = t(`bet.${bet}`);
    if (legs && legs.length > 1) {
      row.children[1].replaceChildren(...legs.flatMap((leg, i) => (i ? [document.createElement("br"), leg] : [leg])));
    } else {
      row.children[1].textContent = pays;
    }
    row.children[2].textContent = money(min);
    row.children[3].textContent = money(max);
    tbody.append(row);
  }
  table.append(tbody);
  const push = document.createElement("p");
  push.textContent = t("rules.tie_push");
  body.append(intro, table, push);
  if (rules.offered_bets.some((bet) => isSide(bet) && !PAIR_SPOTS.includes(bet))) {
    const sideNote = document.createElement("p");
    sideNote.textContent = t("rules.side_lose");
    body.append(sideNote);
  }
  renderPresets();
}

const presetName = (name) => (hasText(`preset.${name}`) ? t(`preset.${name}`) : name);

function renderPresets() {
  // The server may let a player choose among the operator's tables (PUT /api/table). Rules
  // the operator withdrew stay in the list, chosen and disabled, above a prompt to choose
  // another: the next round at them is refused (409 preset_withdrawn).
  const presets = state.table.presets || [];
  const withdrawn = Boolean(state.table.withdrawn);
  $("preset-box").hidden = $("preset-note").hidden = presets.length < 2 && !withdrawn;
  $("preset-prompt").hidden = !withdrawn;
  $("preset-prompt").textContent = withdrawn ? t("rules.withdrawn") : "";
  const select = $("preset-select");
  select.replaceChildren();
  if (withdrawn) {
    const option = document.createElement("option");
    option.value = state.table.rules.name;
    option.textContent = t("rules.withdrawn.option", { name: presetName(state.table.rules.name) });
    option.disabled = option.selected = true;
    select.append(option);
  }
  for (const name of presets) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = presetName(name);
    option.selected = name === state.table.rules.name;
    select.append(option);
  }
}

async function choosePreset(name) {
  if (state.dealing || !state.table || name === state.table.rules.name) return;
  try {
    state.table = await api.request("PUT", "/api/table", { body: { preset: name } });
    const offered = state.table.rules.offered_bets;
    state.stack = state.stack.filter(({ bet }) => offered.includes(bet));
    // Other bets (or another table): a new request, never the old key (the server would
    // answer 409 for a key reused with different bets). A lost answer stays in state.uncertain.
    state.pendingKey = null;
    if (state.lastBets) {
      state.lastBets = Object.fromEntries(Object.entries(state.lastBets).filter(([bet]) => offered.includes(bet)));
      if (!Object.keys(state.lastBets).length) state.lastBets = null;
    }
    state.lastRound = null;
    state.settled = null;
    resetHands();
    state.shoe = await api.shoe();
  } catch (err) {
    showMessage(errorMessage(err));
  }
  renderAll();
}

const EMPTY_ROADS = { rows: 6, bead_plate: [], big_road: [], big_eye_boy: [], small_road: [], cockroach_pig: [], ask: {} };

// What the page says about the shoe (GET /api/shoe: every field is one shoe's), on the felt:
// the cut card is out (the next hand is the shoe's last); the shoe is over and a new one is
// being shuffled (its first hand shows the burn on the felt); or a new shoe, not dealt from
// yet (a new table, or after a table switch or a new seed). Nothing on reshuffle tables.
function shoeNewsKey(shoe) {
  if (!shoe || shoe.shoe_mode !== "cut-card") return null;
  if (shoe.finished) return "shoe.finished";
  if (!shoe.rounds.length) return "shoe.new";
  if (shoe.cut_card_out) return "shoe.cut";
  return null;
}

function renderShoeNews() {
  const box = $("shoe-news");
  const key = shoeNewsKey(state.shoe);
  box.hidden = !key;
  box.textContent = key ? t(key) : "";
  box.dataset.news = key || "";
}

function renderShoe() {
  const shoe = state.shoe;
  renderShoeNews();
  if (!shoe) {
    renderRoads(EMPTY_ROADS, state.t); // an empty scoreboard, as before the first coup of a shoe
    return;
  }
  renderRoads(shoe.roads, state.t);
  const s = shoe.stats;
  const rows = [
    ["stats.rounds", shoe.rounds.length], ["stats.banker", s.banker], ["stats.player", s.player],
    ["stats.tie", s.tie], ["stats.naturals", s.naturals], ["stats.player_pairs", s.player_pairs],
    ["stats.banker_pairs", s.banker_pairs],
  ];
  // A reshuffle-every-round table deals each hand from a full shoe: no count to show.
  if (shoe.shoe_mode !== "reshuffle") rows.push(["stats.cards", shoe.cards_remaining]);
  const stats = $("stats");
  stats.dataset.shoe = String(shoe.id);
  stats.dataset.finished = String(shoe.finished);
  stats.replaceChildren();
  // Each count with its share of the shoe's rounds, to one decimal (display only).
  const played = shoe.rounds.length;
  const share = (n) => {
    const text = (100 * n / played).toFixed(1);
    return `${state.lang === "es" ? text.replace(".", ",") : text} %`;
  };
  for (const [key, value] of rows) {
    const item = document.createElement("div");
    item.className = `stat stat-${key.split(".")[1]}`;
    item.innerHTML = "<dt></dt><dd></dd>";
    item.firstChild.textContent = t(key);
    item.lastChild.textContent = value;
    if (played && !["stats.rounds", "stats.cards"].includes(key)) {
      const pct = document.createElement("span");
      pct.className = "pct";
      pct.textContent = share(value);
      item.lastChild.append(pct);
    }
    stats.append(item);
  }
  const panel = $("edge-panel");
  panel.hidden = !shoe.edges;
  if (shoe.edges) {
    const table = $("edge-table");
    table.innerHTML = `<thead><tr><th scope="col">${t("edge.bet")}</th><th scope="col">${t("edge.edge")}</th><th scope="col">${t("edge.exact")}</th></tr></thead>`;
    const tbody = document.createElement("tbody");
    for (const [bet, edge] of Object.entries(shoe.edges)) {
      const row = document.createElement("tr");
      row.dataset.bet = bet;
      row.innerHTML = "<th scope='row'></th><td></td><td><code></code></td>";
      row.children[0].textContent = t(`bet.${bet}`);
      const pct = (100 * edge.house_edge).toFixed(4);
      row.children[1].textContent = `${state.lang === "es" ? pct.replace(".", ",") : pct} %`;
      row.children[2].firstChild.textContent = edge.exact;
      tbody.append(row);
    }
    table.append(tbody);
  }
}

function resetHands() {
  for (const side of ["player", "banker"]) {
    $(`cards-${side}`).replaceChildren();
    $(`total-${side}`).textContent = "";
    $(`hand-${side}`).classList.remove("winner");
  }
  $("call").textContent = "";
  $("call").className = "call";
}

function callText(round) {
  const p = round.player_total;
  const b = round.banker_total;
  return t(`call.${round.outcome}`, { p, b });
}

function renderEvents() {
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
function renderBurn() {
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

function renderAuthMessage() {
  const box = $("auth-message");
  const m = state.authMessage;
  box.hidden = !m;
  if (m) box.textContent = say(m);
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

function showFinalRound(round) {
  $("call").textContent = callText(round) + (round.natural ? ` · ${t("call.natural")}` : "");
  $("call").className = `call call-${round.outcome} shown`;
  const net = round.net_minor;
  const key = net > 0 ? "result.net.win" : net < 0 ? "result.net.lose" : "result.net.even";
  $("call").dataset.net = t(key, { amount: money(Math.abs(net)) });
  // The call is the live region that says the result: with the net and each spot's result.
  const results = (round.settlement || []).map((s) => `${t(`bet.${s.bet}`)} ${resultText(s)}`).join(", ");
  const words = document.createElement("span");
  words.className = "sr-only";
  words.textContent = `. ${$("call").dataset.net}.${results ? ` ${t("deal.results", { results })}` : ""}`;
  $("call").append(words);
}

// ---------------------------------------------------------------- the round

async function deal() {
  if (state.dealing) return;
  const bets = betsOnTable();
  if (!Object.keys(bets).length) {
    showMessage({ key: "err.no_bets" });
    return settledDeal();
  }
  state.dealing = true;
  state.settled = null;
  clearMessage();
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
  state.dealing = false;
  renderBalance();
  renderSpots();
  renderStatus();
  await refreshShoe();
  settledDeal();
}

async function dealFailed(err) {
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

// The operator withdrew the table's rules: read the table again (the rules offered now) and
// open the rules dialog on the choice of table, with a prompt to choose one.
async function askForPreset() {
  try {
    state.table = await api.table();
  } catch {
    return; // the message already says what to do
  }
  renderTableRules();
  if (!$("rules").open) $("rules").showModal();
  $("preset-select").focus();
}

function isPending(round) {
  return Boolean(round) && round.status === "dealt";
}

// The round was dealt and its stakes taken, but the server could not settle it yet: it will,
// by itself. The key stays, so that dealing the same bets again returns that round (charging
// nothing); if the bets change, the next Deal shows that round first (see showLostRound).
async function dealPending(pending) {
  state.dealing = false;
  const afterId = state.uncertain ? state.uncertain.afterId : state.knownRoundId;
  state.uncertain = { key: state.pendingKey, afterId };
  showMessage({ text: pending.message, texts: pending.messages, code: "round_pending" }, "info");
  renderSpots();
  renderStatus();
  await refreshBalance();
  return settledDeal();
}

function noteRound(round) {
  const id = Number(round.id);
  if (state.knownRoundId === null || id > state.knownRoundId) state.knownRoundId = id;
}

// Asks the server whether a Deal whose answer was lost was dealt after all: any round newer
// than the newest the page knew of when it was sent. If so, plays it out, re-reads the balance
// and says so; returns whether it did. Throws the API's error when the server cannot answer.
async function showLostRound() {
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
async function onReconnect() {
  if (!state.uncertain || state.dealing || !state.user) return;
  try {
    await showLostRound();
  } catch {
    // Still unreachable: the next Deal asks again.
  }
}

// Counts finished Deal presses (dealt or refused) on <body data-deals>: tests wait on it.
function settledDeal() {
  document.body.dataset.deals = String(Number(document.body.dataset.deals || 0) + 1);
}

async function playOut(round) {
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
      $("deal-live").textContent = t("deal.card", { side: t(`side.${event.side}`), card: cardName(event.card, t), total: event.total });
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

async function refreshBalance() {
  try {
    state.user = await api.me();
  } catch {
    // Offline too: the last known balance stays; the message already says why.
  }
  renderBalance();
}

async function refreshShoe() {
  try {
    state.shoe = await api.shoe();
    renderShoe();
  } catch (err) {
    showMessage(errorMessage(err));
  }
}

// ---------------------------------------------------------------- accounts

function openWelcome() {
  const dialog = $("welcome");
  if (!dialog.open) dialog.showModal();
}

async function enter(action) {
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

async function startTable() {
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
  renderAll();
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

// ---------------------------------------------------------------- dialogs

const { openHistory, openFairness, fairAction, rerender: rerenderDialogs } = createDialogs({
  api, t, money, callText, errorMessage, say,
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

// ---------------------------------------------------------------- wiring

function switchLanguage() {
  state.lang = state.lang === "en" ? "es" : "en";
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

async function leave() {
  try { await api.logout(); } catch { /* leaving anyway */ }
  delete document.body.dataset.table;
  state.user = null;
  state.stack = [];
  state.lastBets = null;
  state.lastRound = null;
  state.settled = null;
  resetHands();
  renderAll();
  openWelcome();
}

async function main() {
  wire();
  // Boards fill their width with empty cells: draw them again when the width changes.
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderShoe, 150);
  });
  window.addEventListener("online", onReconnect);
  renderAll();
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
