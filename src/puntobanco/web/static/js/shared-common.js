// What the lobby and the shared table page both use: the server's clock, a table's spots and
// rules in words, a card from its code, and the small Big Road and Bead Plate of a tile.

import { hasText } from "./i18n.js";
import { roadsFromOutcomes } from "./shared-roads.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, className = "", text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  return node;
}

// The server's clock: each answer's "now" (or a snapshot's) sets how far the browser's clock
// is from it, so that a countdown ends when the server closes the betting, whatever the
// browser's clock says.
const clock = { offset: 0 };
export function syncClock(serverNow) {
  const at = Date.parse(serverNow);
  if (!Number.isNaN(at)) clock.offset = at - Date.now();
}
export function serverTime() {
  return Date.now() + clock.offset;
}

// Whole seconds left until an ISO time (rounded up: "1 second" until it is over), or 0.
export function secondsLeft(iso) {
  const end = Date.parse(iso || "");
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - serverTime()) / 1000));
}

// The preset in words: the catalogue's description of it, else its name.
export function presetLabel(lang, t, preset) {
  return hasText(lang, `preset.${preset}`) ? t(`preset.${preset}`) : preset;
}

// The table's spots: the bets its rules offer (the tile carries the preset's rules, as GET
// /api/table gives a private table's), in the rules' order. A tile without them (a server
// before d3d77e1) still has the three main bets and the side bets its limits name.
export function spotsOf(tile) {
  const offered = tile.rules && tile.rules.offered_bets;
  if (Array.isArray(offered) && offered.length) return [...offered];
  const sides = Object.keys((tile.limits && tile.limits.maxima_minor) || {}).filter((bet) => bet !== "tie");
  return ["player", "banker", "tie", ...sides];
}

// The most a spot takes: its own maximum, else the table's.
export function spotMaximum(tile, spot) {
  const maxima = tile.limits.maxima_minor || {};
  return spot in maxima ? maxima[spot] : tile.limits.maximum_minor;
}

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// "Kd" or "10h" as pieces.js's card: {code, rank, suit, text}.
export function cardFromCode(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return { code, rank, suit, text: `${rank}${SUITS[suit] || suit}` };
}

// A small scoreboard in a tile: `columns` of 6 cells, at least `least` columns wide.
function miniGrid(columns, least, drawCell) {
  const grid = el("div", "grid sh-mini");
  const width = Math.max(columns.length + 1, least);
  grid.style.setProperty("--cols", width);
  grid.style.setProperty("--rows", 6);
  for (let c = 0; c < width; c += 1) {
    for (let r = 0; r < 6; r += 1) {
      const cell = el("div", "cell");
      const value = columns[c] ? columns[c][r] : null;
      if (value) drawCell(cell, value);
      grid.append(cell);
    }
  }
  // The newest marks in view, as on a casino board.
  requestAnimationFrame(() => { grid.scrollLeft = grid.scrollWidth; });
  return grid;
}

// The tile's Big Road and Bead Plate (drawn; said in words beside them for a screen reader).
export function miniRoads(outcomes, t) {
  const roads = roadsFromOutcomes(outcomes);
  const box = el("div", "sh-roads");
  const big = el("figure", "road");
  big.append(el("figcaption", "", t("roads.big")));
  const bigGrid = miniGrid(roads.big_road, 10, (cell, v) => {
    if (v.outcome) {
      cell.append(el("span", `ring ring-${v.outcome}`));
      cell.dataset.outcome = v.outcome;
    }
    if (v.ties > 0) {
      cell.append(el("span", "tie-slash"));
      cell.dataset.ties = v.ties;
    }
  });
  bigGrid.setAttribute("aria-hidden", "true");
  bigGrid.dataset.road = "big";
  big.append(bigGrid);
  const bead = el("figure", "road");
  bead.append(el("figcaption", "", t("roads.bead")));
  const beadGrid = miniGrid(roads.bead_plate, 6, (cell, v) => {
    cell.append(el("span", `bead bead-${v.outcome}`, t(`play.bead.${v.outcome}`)));
    cell.dataset.outcome = v.outcome;
  });
  beadGrid.setAttribute("aria-hidden", "true");
  beadGrid.dataset.road = "bead";
  bead.append(beadGrid);
  const words = el("p", "sr-only");
  words.textContent = outcomes.length
    ? `${t("roads.aria", { road: t("roads.bead"), n: outcomes.length })}. ${t("roads.text.bead", { results: outcomes.map((o) => t(`game.side.${o}`)).join(", ") })}`
    : `${t("roads.bead")}: ${t("rounds.none")}`;
  box.append(big, bead, words);
  return box;
}
