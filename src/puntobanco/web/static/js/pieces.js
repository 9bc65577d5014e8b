// The table's pieces as DOM elements: chips (in minor units) and playing cards.

import { formatChip } from "./i18n.js";

export const CHIPS = [100, 500, 2500, 10000, 50000]; // minor units: 1, 5, 25, 100, 500

export function chipStack(amount, most = 5) {
  // Breaks an amount into the table's chips, largest first, for the picture on the spot
  // (at most a few: the amount itself is written under the stack).
  const chips = [];
  let rest = amount;
  for (const value of [...CHIPS].reverse()) {
    while (rest >= value && chips.length < most) { chips.push(value); rest -= value; }
  }
  if (rest > 0 && chips.length < most) chips.push(CHIPS[0]);
  return chips.reverse();
}

export function chipElement(value, tag = "span") {
  const chip = document.createElement(tag);
  chip.className = `chip chip-${value}`;
  chip.innerHTML = `<span class="chip-face">${formatChip(value)}</span>`;
  return chip;
}

export function cardElement(card, { third = false } = {}) {
  const red = card.suit === "h" || card.suit === "d";
  const node = document.createElement("div");
  node.className = `card ${red ? "red" : "black"}${third ? " third" : ""}`;
  node.setAttribute("role", "listitem");
  node.setAttribute("aria-label", card.text);
  node.dataset.code = card.code;
  const suit = card.text.slice(-1);
  node.innerHTML = `<div class="card-inner"><div class="card-face">
      <span class="corner tl"><b></b><i></i></span><span class="pip"></span><span class="corner br"><b></b><i></i></span>
    </div><div class="card-back"></div></div>`;
  for (const b of node.querySelectorAll("b")) b.textContent = card.rank;
  for (const i of node.querySelectorAll("i")) i.textContent = suit;
  const face = ["J", "Q", "K"].includes(card.rank);
  node.querySelector(".pip").textContent = face ? card.rank + suit : suit;
  node.querySelector(".pip").classList.toggle("face", face);
  return node;
}
