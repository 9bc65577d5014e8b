// A hand as the Chemin de fer and Banque pages draw it: a line (its name and total, or that it
// lies face down) over its cards, drawn as the main table draws them. A card still face down
// is only a card's back: the page is never given the card itself before it is revealed.

import { cardElement, cardName } from "./pieces.js";

// name: the hand's key (data-hand); cards: those face up; faceDown: how many backs come
// first (dealt before any card shown); line: the words above the cards.
export function handNode(name, { cards, faceDown = 0, line, t }) {
  const node = document.createElement("div");
  node.className = "hand";
  node.dataset.hand = name;
  const title = document.createElement("p");
  title.className = "hand-line";
  title.textContent = line;
  const row = document.createElement("div");
  row.className = "hand-cards";
  row.setAttribute("role", "list");
  const backs = Array.from({ length: faceDown }, () => {
    const back = document.createElement("div");
    back.className = "card-down";
    back.setAttribute("aria-hidden", "true");
    return back;
  });
  // The third card lies sideways, as on the main table.
  row.append(...backs, ...cards.map((card, i) => cardElement(card, { third: faceDown + i === 2, name: cardName(card, t) })));
  node.append(title, row);
  return node;
}
