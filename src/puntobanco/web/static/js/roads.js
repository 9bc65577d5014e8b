// Draws the scoreboards of GET /api/shoe's "roads" (core.roads.roads_json): each grid is a
// list of columns of 6 cells. Nothing is computed here; the core is the one implementation.

const MIN_COLUMNS = { bead: 8, big: 12, derived: 10 };

function el(tag, className, attrs = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function fillGrid(container, columns, minColumns, drawCell, rows) {
  container.replaceChildren();
  // Fill the board's width with empty cells, as a printed scoreboard is.
  const size = parseFloat(getComputedStyle(container).getPropertyValue("--size")) || 16;
  const fit = Math.floor((container.clientWidth - 2) / size);
  // Two empty columns after the newest, so that the board can scroll past it (below).
  const width = Math.max(columns.length + 2, minColumns, fit);
  container.style.setProperty("--cols", width);
  container.style.setProperty("--rows", rows);
  let marks = 0;
  for (let c = 0; c < width; c += 1) {
    for (let r = 0; r < rows; r += 1) {
      const cell = el("div", "cell");
      const value = columns[c] ? columns[c][r] : null;
      if (value !== null && value !== undefined) {
        cell.dataset.col = c;
        cell.dataset.row = r;
        drawCell(cell, value);
        marks += 1;
      }
      container.append(cell);
    }
  }
  // Keep the newest marks in view (with a little empty board after them), as a casino board does.
  requestAnimationFrame(() => {
    const size = container.firstChild ? container.firstChild.getBoundingClientRect().width : 0;
    // Whole cells at the left edge (it cut the first column mid-cell): rounded down, the
    // two empty columns after the newest take the part cell at the right instead.
    const left = Math.max(0, (columns.length + 2) * size - container.clientWidth);
    container.scrollLeft = size ? Math.floor(left / size + 0.01) * size : left;
  });
  return marks;
}

function pairDots(cell, value, t) {
  const labels = [];
  if (value.banker_pair) { cell.append(el("i", "pair pair-banker")); labels.push(t("roads.pair.banker")); }
  if (value.player_pair) { cell.append(el("i", "pair pair-player")); labels.push(t("roads.pair.player")); }
  return labels;
}

// Each board also as words, for a screen reader: the bead plate in order, the other roads
// column by column (the drawn grids are hidden from it).
function sayRoad(id, columns, sayMark, t) {
  const box = document.getElementById(id);
  const list = el("ol");
  columns.forEach((column, c) => {
    const marks = column.filter((v) => v !== null && v !== undefined).map(sayMark).filter(Boolean);
    if (!marks.length) return;
    const item = el("li");
    item.textContent = t("roads.text.column", { col: c + 1, marks: marks.join(", ") });
    list.append(item);
  });
  if (!list.children.length) {
    const empty = el("p");
    empty.textContent = t("rounds.none");
    box.replaceChildren(empty);
  } else {
    box.replaceChildren(list);
  }
}

export function renderRoads(roads, t) {
  const rows = roads.rows || 6;
  const letter = (outcome) => t(`play.bead.${outcome}`);
  const side = (outcome) => t(`game.side.${outcome}`);

  const bead = document.getElementById("road-bead");
  const beadCount = fillGrid(bead, roads.bead_plate, MIN_COLUMNS.bead, (cell, v) => {
    const disc = el("span", `bead bead-${v.outcome}`);
    disc.textContent = letter(v.outcome);
    cell.dataset.outcome = v.outcome;
    cell.append(disc);
    const labels = [side(v.outcome), ...pairDots(cell, v, t)];
    cell.title = labels.join(", ");
  }, rows);
  const pairs = (v) => [v.banker_pair ? t("roads.pair.banker") : "", v.player_pair ? t("roads.pair.player") : ""].filter(Boolean);
  const beads = roads.bead_plate.flat().filter(Boolean).map((v) => [side(v.outcome), ...pairs(v)].join(" · "));
  document.getElementById("text-bead").textContent = beads.length
    ? `${t("roads.aria", { road: t("roads.bead"), n: beadCount })}. ${t("roads.text.bead", { results: beads.join(", ") })}`
    : `${t("roads.bead")}: ${t("rounds.none")}`;

  const big = document.getElementById("road-big");
  const bigCount = fillGrid(big, roads.big_road, MIN_COLUMNS.big, (cell, v) => {
    const labels = [];
    if (v.outcome) {
      cell.append(el("span", `ring ring-${v.outcome}`));
      cell.dataset.outcome = v.outcome;
      labels.push(side(v.outcome));
    }
    if (v.ties > 0) {
      cell.append(el("span", "tie-slash"));
      cell.dataset.ties = v.ties;
      if (v.ties > 1) {
        const count = el("span", "tie-count");
        count.textContent = v.ties;
        cell.append(count);
      }
      labels.push(t("roads.cell.ties", { n: v.ties }));
    }
    labels.push(...pairDots(cell, v, t));
    cell.title = labels.join(", ");
  }, rows);
  sayRoad("text-big", roads.big_road, (v) => [
    v.outcome ? side(v.outcome) : "", v.ties > 0 ? t("roads.cell.ties", { n: v.ties }) : "", ...pairs(v),
  ].filter(Boolean).join(" · "), t);
  document.getElementById("text-big").prepend(el("p", "", {}));
  document.getElementById("text-big").firstChild.textContent = t("roads.aria", { road: t("roads.big"), n: bigCount });

  for (const key of ["big_eye_boy", "small_road", "cockroach_pig"]) {
    const grid = document.getElementById(`road-${key}`);
    const count = fillGrid(grid, roads[key], MIN_COLUMNS.derived, (cell, colour) => {
      cell.append(el("span", `mark mark-${key} mark-${colour}`));
      cell.dataset.colour = colour;
      cell.title = t(`roads.colour.${colour}`);
    }, rows);
    sayRoad(`text-${key}`, roads[key], (colour) => t(`roads.colour.${colour}`), t);
    const head = el("p");
    head.textContent = t("roads.aria", { road: t(`roads.${key}`), n: count });
    document.getElementById(`text-${key}`).prepend(head);
  }

  const ask = document.getElementById("ask");
  ask.replaceChildren();
  for (const outcome of ["banker", "player"]) {
    const box = el("div", `ask-box ask-${outcome}`, { role: "group" });
    box.setAttribute("aria-label", t(`roads.ask.${outcome}`));
    box.title = t(`roads.ask.${outcome}`);
    const head = el("span", `bead bead-${outcome}`);
    head.textContent = letter(outcome);
    box.append(head);
    const hints = (roads.ask && roads.ask[outcome]) || {};
    for (const key of ["big_eye_boy", "small_road", "cockroach_pig"]) {
      const colour = hints[key];
      const mark = el("span", colour ? `mark mark-${key} mark-${colour}` : "mark mark-none");
      mark.dataset.road = key;
      mark.dataset.colour = colour || "";
      const label = `${t(`roads.${key}`)}: ${colour ? t(`roads.colour.${colour}`) : t("roads.ask.none")}`;
      mark.title = label;
      mark.setAttribute("aria-label", label);
      mark.setAttribute("role", "img");
      box.append(mark);
    }
    ask.append(box);
  }
}
