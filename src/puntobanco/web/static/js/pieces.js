// The table's pieces as DOM elements: chips (in minor units) and playing cards.

import { formatChip } from "./i18n.js";

export const CHIPS = [100, 500, 2500, 10000, 50000]; // minor units: 1, 5, 25, 100, 500

// Breaks an amount into the table's chips, largest first, for the picture on the spot: the
// stack adds up to the amount (a win of 4.75 is four 1 chips and a 0.75 chip, never five 1
// chips). At most `most` chips are drawn; the amount itself is written under the stack.
export function chipStack(amount, most = 8) {
  const chips = [];
  let rest = amount;
  for (const value of [...CHIPS].reverse()) {
    while (rest >= value && chips.length < most) { chips.push(value); rest -= value; }
  }
  if (rest > 0 && rest < CHIPS[0] && chips.length < most) chips.push(rest);
  return chips.reverse();
}

export function chipElement(value, tag = "span") {
  const chip = document.createElement(tag);
  chip.className = CHIPS.includes(value) ? `chip chip-${value}` : "chip chip-odd";
  chip.dataset.value = String(value);
  chip.innerHTML = `<span class="chip-face">${formatChip(value)}</span>`;
  return chip;
}

// A card as a screen reader says it: "queen of spades", "reina de picas".
export function cardName(card, t) {
  return t("card.name", { rank: t(`card.rank.${card.rank}`), suit: t(`card.suit.${card.suit}`) });
}

export function cardElement(card, { third = false, name = card.text } = {}) {
  const red = card.suit === "h" || card.suit === "d";
  const node = document.createElement("div");
  node.className = `card ${red ? "red" : "black"}${third ? " third" : ""}`;
  node.setAttribute("role", "listitem");
  node.setAttribute("aria-label", name);
  node.dataset.code = card.code;
  const suit = card.text.slice(-1);
  node.innerHTML = `<div class="card-inner" aria-hidden="true"><div class="card-face">
      <span class="corner tl"><b></b><i></i></span><span class="pip"></span><span class="corner br"><b></b><i></i></span>
    </div><div class="card-back"></div></div>`;
  for (const b of node.querySelectorAll("b")) b.textContent = card.rank;
  for (const i of node.querySelectorAll("i")) i.textContent = suit;
  const face = ["J", "Q", "K"].includes(card.rank);
  node.querySelector(".pip").textContent = face ? card.rank + suit : suit;
  node.querySelector(".pip").classList.toggle("face", face);
  return node;
}
