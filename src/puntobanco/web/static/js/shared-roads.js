// A shared table's scoreboards from its shoe's outcomes. The lobby's tiles and the table's
// `settled` events carry the shoe's road as a list of outcomes only ("banker", "player",
// "tie"), not the grids GET /api/shoe gives a private table (core.roads.roads_json): so the
// grids are laid out here, by the same rules as core/roads.py (bead plate, Big Road with its
// dragon tail, the three derived roads and the ask hints), in the same JSON shape, which
// roads.js draws. No pair, natural or winning total is known from an outcome: they stay off.
// tests/web/test_web_shared_table.py holds this port equal to roads_json on random shoes.

export const ROWS = 6;
const DERIVED = { big_eye_boy: 1, small_road: 2, cockroach_pig: 3 };

function mark(outcome) {
  return { outcome, player_pair: false, banker_pair: false, natural: false, winning_total: null };
}

// Where each entry of each streak goes (core.roads.layout): down from the top of its start
// column, turning right (the dragon tail) at the bottom or at a taken cell.
export function layout(streaks, rows = ROWS) {
  const taken = new Set();
  const key = (c, r) => `${c},${r}`;
  const placed = [];
  let start = -1;
  for (const length of streaks) {
    start += 1;
    while (taken.has(key(start, 0))) start += 1;
    let column = start;
    let row = 0;
    const cells = [[column, row]];
    let turned = false;
    for (let i = 0; i < length - 1; i += 1) {
      if (!turned && row + 1 < rows && !taken.has(key(column, row + 1))) {
        row += 1;
      } else {
        turned = true;
        column += 1;
        while (taken.has(key(column, row))) column += 1;
      }
      cells.push([column, row]);
    }
    for (const [c, r] of cells) taken.add(key(c, r));
    placed.push(cells);
  }
  return placed;
}

function toGrid(entries, rows) {
  const width = entries.reduce((most, [[c]]) => Math.max(most, c + 1), 0);
  const grid = Array.from({ length: width }, () => Array(rows).fill(null));
  for (const [[c, r], value] of entries) grid[c][r] = value;
  return grid;
}

function streaks(values) {
  const groups = [];
  for (const value of values) {
    if (groups.length && groups[groups.length - 1][0] === value) groups[groups.length - 1].push(value);
    else groups.push([value]);
  }
  return groups;
}

function bigRoad(outcomes, rows) {
  const wins = [];
  const ties = [];
  let leading = 0;
  for (const outcome of outcomes) {
    if (outcome === "tie") {
      if (wins.length) ties[ties.length - 1] += 1;
      else leading += 1;
    } else {
      wins.push(outcome);
      ties.push(0);
    }
  }
  if (!wins.length) return leading ? toGrid([[[0, 0], { ...mark(null), ties: leading }]], rows) : [];
  ties[0] += leading;
  const positions = layout(streaks(wins).map((g) => g.length), rows).flat();
  return toGrid(positions.map((cell, i) => [cell, { ...mark(wins[i]), ties: ties[i] }]), rows);
}

// The mark of the entry at row m of column n (1-based) of a derived road of offset k;
// null before the road's start point (core.roads._entry_colour).
function entryColour(lengths, n, m, k) {
  if (m >= 2) {
    if (n - k < 1) return null;
    return m === lengths[n - k - 1] + 1 ? "blue" : "red";
  }
  if (n - 1 - k < 1) return null;
  return lengths[n - 2] === lengths[n - 2 - k] ? "red" : "blue";
}

function derivedRoad(lengths, k, rows) {
  const colours = [];
  lengths.forEach((length, i) => {
    for (let m = 1; m <= length; m += 1) {
      const colour = entryColour(lengths, i + 1, m, k);
      if (colour !== null) colours.push(colour);
    }
  });
  const groups = streaks(colours);
  const positions = layout(groups.map((g) => g.length), rows);
  return toGrid(groups.flatMap((group, i) => positions[i].map((cell) => [cell, group[0]])), rows);
}

function askHints(wins, lengths) {
  const ask = { banker: {}, player: {} };
  for (const [road, k] of Object.entries(DERIVED)) {
    for (const outcome of ["banker", "player"]) {
      let grown;
      if (wins.length && wins[wins.length - 1] === outcome) {
        grown = [...lengths.slice(0, -1), lengths[lengths.length - 1] + 1];
      } else {
        grown = [...lengths, 1];
      }
      const last = grown[grown.length - 1];
      ask[outcome][road] = entryColour(grown, grown.length, wins.length && wins[wins.length - 1] === outcome ? last : 1, k);
    }
  }
  return ask;
}

// roads_json's shape for a list of outcomes: {rows, bead_plate, big_road, big_eye_boy,
// small_road, cockroach_pig, ask}.
export function roadsFromOutcomes(outcomes, rows = ROWS) {
  const bead = [];
  for (let start = 0; start < outcomes.length; start += rows) {
    const column = outcomes.slice(start, start + rows).map(mark);
    while (column.length < rows) column.push(null);
    bead.push(column);
  }
  const wins = outcomes.filter((o) => o !== "tie");
  const lengths = streaks(wins).map((g) => g.length);
  const roads = { rows, bead_plate: bead, big_road: bigRoad(outcomes, rows) };
  for (const [road, k] of Object.entries(DERIVED)) roads[road] = derivedRoad(lengths, k, rows);
  roads.ask = askHints(wins, lengths);
  return roads;
}

// The shoe's counts for the statistics panel: rounds, and each outcome's wins.
export function outcomeCounts(outcomes) {
  const counts = { rounds: outcomes.length, banker: 0, player: 0, tie: 0 };
  for (const outcome of outcomes) if (outcome in counts) counts[outcome] += 1;
  return counts;
}
