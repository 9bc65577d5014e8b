// The rules and limits dialog, the felt's rules line, and the choice among the operator's
// tables (PUT /api/table).

import { hasText } from "./i18n.js";
import { resetHands } from "./felt.js";
import { errorMessage, showMessage } from "./messages.js";
import { commissionPercent, isSide, legText, limitsOf, PAIR_SPOTS, payoutOf, pushLegs, ratioText, specialPayouts } from "./payouts.js";
import { $, api, money, page, state, t } from "./state.js";

export function renderTableRules() {
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
  table.innerHTML = `<thead><tr><td></td><th scope="col">${t("odds.pays")}</th><th scope="col">${t("rules.min")}</th><th scope="col">${t("rules.max")}</th></tr></thead>`;
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
      for (const leg of pushLegs(bet)) pays += ` · ${legText(leg)}`;
    }
    row.innerHTML = `<th scope="row"></th><td></td><td></td><td></td>`;
    row.children[0].textContent = t(`game.bet.${bet}`);
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

export const presetName = (name) => (hasText(state.lang, `preset.${name}`) ? t(`preset.${name}`) : name);

export function renderPresets() {
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

export async function choosePreset(name) {
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
  page.renderAll();
}

// The operator withdrew the table's rules: read the table again (the rules offered now) and
// open the rules dialog on the choice of table, with a prompt to choose one.
export async function askForPreset() {
  try {
    state.table = await api.table();
  } catch {
    return; // the message already says what to do
  }
  renderTableRules();
  if (!$("rules").open) $("rules").showModal();
  $("preset-select").focus();
}
