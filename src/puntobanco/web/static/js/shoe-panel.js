// The shoe beside the felt: its scoreboards (roads.js), its statistics, the exact house edge
// for the cards not yet seen, and what the felt says of the shoe (cut card out, new shoe).

import { renderRoads } from "./roads.js";
import { errorMessage, showMessage } from "./messages.js";
import { $, api, state, t } from "./state.js";

export const EMPTY_ROADS = { rows: 6, bead_plate: [], big_road: [], big_eye_boy: [], small_road: [], cockroach_pig: [], ask: {} };

// What the page says about the shoe (GET /api/shoe: every field is one shoe's), on the felt:
// the cut card is out (the next hand is the shoe's last); the shoe is over and a new one is
// being shuffled (its first hand shows the burn on the felt); or a new shoe, not dealt from
// yet (a new table, or after a table switch or a new seed). Nothing on reshuffle tables.
export function shoeNewsKey(shoe) {
  if (!shoe || shoe.shoe_mode !== "cut-card") return null;
  if (shoe.finished) return "shoe.finished";
  if (!shoe.rounds.length) return "shoe.new";
  if (shoe.cut_card_out) return "shoe.cut";
  return null;
}

export function renderShoeNews() {
  const box = $("shoe-news");
  const key = shoeNewsKey(state.shoe);
  box.hidden = !key;
  box.textContent = key ? t(key) : "";
  box.dataset.news = key || "";
}

export function renderShoe() {
  const shoe = state.shoe;
  renderShoeNews();
  if (!shoe) {
    renderRoads(EMPTY_ROADS, state.t); // an empty scoreboard, as before the first coup of a shoe
    return;
  }
  renderRoads(shoe.roads, state.t);
  const s = shoe.stats;
  const rows = [
    ["stats.rounds", shoe.rounds.length], ["game.side.banker", s.banker], ["game.side.player", s.player],
    ["game.side.tie", s.tie], ["stats.naturals", s.naturals], ["stats.player_pairs", s.player_pairs],
    ["stats.banker_pairs", s.banker_pairs],
  ];
  // A reshuffle-every-round table deals each hand from a full shoe: no count to show.
  if (shoe.shoe_mode !== "reshuffle") rows.push(["stats.cards", shoe.cards_remaining]);
  // The counts are this shoe's: they start again at each new shoe.
  $("stats-title").textContent = t("stats.title");
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
    item.className = `stat stat-${key.split(".").pop()}`;
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
    table.innerHTML = `<thead><tr><th scope="col">${t("odds.bet")}</th><th scope="col">${t("edge.edge")}</th></tr></thead>`;
    const tbody = document.createElement("tbody");
    for (const [bet, edge] of Object.entries(shoe.edges)) {
      const row = document.createElement("tr");
      row.dataset.bet = bet;
      // The exact fraction (14 digits over 14, wrapped over two lines) is noise beside the
      // percentage for a player: it stays on the row, shown on hover (title).
      row.dataset.exact = edge.exact;
      row.innerHTML = "<th scope='row'></th><td></td>";
      row.children[0].textContent = t(`game.bet.${bet}`);
      const pct = (100 * edge.house_edge).toFixed(4);
      row.children[1].textContent = `${state.lang === "es" ? pct.replace(".", ",") : pct} %`;
      row.children[1].title = `${t("edge.exact")}: ${edge.exact}`;
      tbody.append(row);
    }
    table.append(tbody);
  }
}

export async function refreshShoe() {
  try {
    state.shoe = await api.shoe();
    renderShoe();
  } catch (err) {
    showMessage(errorMessage(err));
  }
}
