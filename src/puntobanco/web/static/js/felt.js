// The hands on the felt: a round dealt card by card, the burn, the call and the result, and
// the deal's steps explained; and the show around them, as at a live table: chips slide onto
// the spots, the dealer collects the lost ones and pays the wins beside their stakes, and the
// result may sound (off unless the player turns it on).

import { cardElement, cardName } from "./pieces.js";
import { renderSpots, resultText } from "./betting.js";
import { $, CARD_DELAY_MS, money, sleep, state, t } from "./state.js";

export function resetHands() {
  for (const side of ["player", "banker"]) {
    $(`cards-${side}`).replaceChildren();
    $(`total-${side}`).textContent = "";
    $(`hand-${side}`).classList.remove("winner");
  }
  $("call").textContent = "";
  $("call").className = "call";
}

export function callText(round) {
  const p = round.player_total;
  const b = round.banker_total;
  return t(`call.${round.outcome}`, { p, b });
}

export function renderEvents() {
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
export function renderBurn() {
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

export function showFinalRound(round) {
  $("call").textContent = callText(round) + (round.natural ? ` · ${t("call.natural")}` : "");
  $("call").className = `call call-${round.outcome} shown`;
  const net = round.net_minor;
  const key = net > 0 ? "result.net.win" : net < 0 ? "result.net.lose" : "result.net.even";
  $("call").dataset.net = t(key, { amount: money(Math.abs(net)) });
  // The call is the live region that says the result: with the net and each spot's result.
  const results = (round.settlement || []).map((s) => `${t(`game.bet.${s.bet}`)} ${resultText(s)}`).join(", ");
  const words = document.createElement("span");
  words.className = "sr-only";
  words.textContent = `. ${$("call").dataset.net}.${results ? ` ${t("deal.results", { results })}` : ""}`;
  $("call").append(words);
}

export async function playOut(round) {
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
      $("deal-live").textContent = t("deal.card", { side: t(`game.side.${event.side}`), card: cardName(event.card, t), total: event.total });
      await sleep(CARD_DELAY_MS);
    }
    state.eventsShown += 1;
    renderEvents();
  }
  state.eventsShown = undefined;
  renderEvents();
  if (round.outcome !== "tie") $(`hand-${round.outcome}`).classList.add("winner");
  showFinalRound(round);
  // Here and not in showFinalRound, which a language switch calls again: one tone a round.
  chime(round.net_minor);
}

// ------------------------------------------------------------ the chips' movement
// The spots are always drawn in their end state at once (betting.js); the movement is played
// over that state with the Web Animations API. So a redraw half-way (a language switch) or no
// movement at all (prefers-reduced-motion, ?speed=0) leaves the table exactly the same.

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");

// Whether the table shows states without movement: the player asked the system for less
// motion, or the page for no pace (?speed=0, the tests' default).
export function stillTable() {
  return CARD_DELAY_MS === 0 || REDUCED.matches;
}

// The show keeps the deal's pace: at the normal 600 ms a card it takes its full time.
function pace(ms) {
  return Math.round(ms * Math.min(1, CARD_DELAY_MS / 600));
}

function centre(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// Where the dealer takes chips from and pays them out: the shoe between the hands (hidden on
// a phone, where the hands' middle stands for it).
function dealerPoint() {
  const shoe = document.querySelector(".felt .shoe-box");
  if (shoe && shoe.getClientRects().length) return centre(shoe);
  const hands = document.querySelector(".felt .hands");
  return hands ? centre(hands) : { x: window.innerWidth / 2, y: 0 };
}

function drawn(node) {
  return node.getClientRects().length > 0;
}

// The chips of a stake (not its pay) as drawn on a spot: a spot in a closed tray has none.
function stakeChips(spot) {
  const stack = spot.querySelector(":scope > .stack:not(.paid)");
  return stack ? [...stack.children].filter((c) => c.classList.contains("chip") && drawn(c)) : [];
}

// Where each spot's bets stood at the last redraw, to see which ones rose (a chip placed,
// Rebet, Double): the chips of those slide in from the rack, the others stay still.
let lastTotals = {};

function stackTotals() {
  const totals = {};
  for (const { bet, amount } of state.stack) totals[bet] = (totals[bet] || 0) + amount;
  return totals;
}

function slideNewChips() {
  const totals = stackTotals();
  const rose = Object.keys(totals).filter((bet) => totals[bet] > (lastTotals[bet] || 0));
  lastTotals = totals;
  if (stillTable() || !rose.length) return;
  const rack = document.querySelector('#chips .chip[aria-checked="true"]') || $("chips");
  const from = centre(rack);
  for (const bet of rose) {
    const spot = document.querySelector(`#bets .spot[data-bet="${bet}"]`);
    const chips = spot ? stakeChips(spot) : [];
    if (!chips.length) continue;
    const top = chips[chips.length - 1];
    const to = centre(top);
    top.animate(
      [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(1.1)`, opacity: 0.7 }, { transform: "none", opacity: 1 }],
      { duration: pace(260), easing: "cubic-bezier(.2, .7, .3, 1)" },
    );
  }
}

// Each redraw of the spots (betting.js replaces their content) is seen here, in the same
// frame: a chip placed slides in before it is ever painted at rest.
if ($("bets") && $("chips")) {
  new MutationObserver(slideNewChips).observe($("bets"), { childList: true, subtree: true });
}

// Copies of the chips a lost bet leaves, fixed where they lie, for the dealer to take away
// once the spot itself is drawn bare.
function ghostsOf(spot) {
  return stakeChips(spot).map((chip) => {
    const box = chip.getBoundingClientRect();
    const ghost = chip.cloneNode(true);
    ghost.classList.add("chip-ghost");
    ghost.setAttribute("aria-hidden", "true");
    for (const [name, value] of Object.entries({
      left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`,
      fontSize: getComputedStyle(chip).fontSize,
    })) ghost.style[name] = value;
    return ghost;
  });
}

// The settlement on the spots, as the dealer makes it: the spots are drawn settled (a lost
// spot bare, a won one with its pay beside the stake), then the lost chips slide off to the
// dealer and disappear, and after them each pay slides from the dealer to its stake. Resolves
// once the last chip is still (at once without movement).
export async function settleSpots() {
  const settled = state.settled || {};
  const lost = stillTable() ? [] : [...document.querySelectorAll("#bets .spot[data-bet]")]
    .filter((spot) => settled[spot.dataset.bet] && settled[spot.dataset.bet].resolution === "lose");
  const ghosts = lost.flatMap(ghostsOf);
  renderSpots();
  if (stillTable()) return;
  const dealer = dealerPoint();
  const collect = pace(480);
  const moves = ghosts.map((ghost, i) => {
    document.body.append(ghost);
    const from = centre(ghost);
    const move = ghost.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dealer.x - from.x}px, ${dealer.y - from.y}px) scale(.55)`, opacity: 0 }],
      { duration: collect, delay: pace(30) * i, easing: "cubic-bezier(.5, 0, .75, .4)", fill: "forwards" },
    );
    return settledMove(move, collect + pace(30) * i).then(() => ghost.remove());
  });
  const start = ghosts.length ? Math.round(collect * 0.8) : 0;
  for (const paid of document.querySelectorAll("#bets .spot.win .stack.paid")) {
    if (!drawn(paid)) continue;
    const to = centre(paid);
    const move = paid.animate(
      [{ transform: `translate(${dealer.x - to.x}px, ${dealer.y - to.y}px) scale(.55)`, opacity: 0 }, { transform: "none", opacity: 1 }],
      { duration: pace(420), delay: start, easing: "cubic-bezier(.25, .6, .3, 1)", fill: "backwards" },
    );
    moves.push(settledMove(move, start + pace(420)));
  }
  await Promise.all(moves);
}

// An animation's end, or its time and a little more if the page is in the background (where a
// browser may hold animations): the table never waits on a tab nobody looks at.
function settledMove(animation, ms) {
  return Promise.race([animation.finished.catch(() => {}), sleep(ms + 250)]);
}

// ------------------------------------------------------------ the result's sound
// A short tone made on the spot (WebAudio, no file), off by default: a rising pair of notes for
// a win, one low note for a loss, one middle note when even. The choice is remembered.

const SOUND_KEY = "pb_sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

export function chime(net) {
  if (!soundOn()) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const notes = net > 0 ? [660, 880] : net < 0 ? [330] : [440];
  notes.forEach((frequency, i) => {
    const start = audio.currentTime + 0.02 + i * 0.12;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.24);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.25);
  });
}

// The switch, a note struck through while off: beside the language button, or on a phone (whose
// header has no room left) at the end of the bar of views. Turning it on plays the win's tone
// once, so the player hears what it does (and the browser lets the page sound from then on).
function renderSoundToggle() {
  const on = soundOn();
  const toggle = $("sound-toggle");
  toggle.setAttribute("aria-checked", String(on));
  toggle.classList.toggle("on", on);
  // Its name, in the page's language (the note alone says nothing to a screen reader).
  const name = t("sound.label");
  toggle.setAttribute("aria-label", name);
  toggle.title = name;
}

const PHONE = window.matchMedia("(max-width: 640px)");

function placeSoundToggle() {
  const toggle = $("sound-toggle");
  const views = document.querySelector(".views");
  if (PHONE.matches && views) views.append(toggle);
  else $("lang").before(toggle);
}

function addSoundToggle() {
  if (!$("lang") || $("sound-toggle")) return;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.id = "sound-toggle";
  toggle.className = "sound-toggle";
  toggle.setAttribute("role", "switch");
  toggle.textContent = "♪";
  toggle.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "0" : "1");
    renderSoundToggle();
    chime(1);
  });
  $("lang").before(toggle);
  placeSoundToggle();
  PHONE.addEventListener("change", placeSoundToggle);
  // The page switches language by setting <html lang>: name the switch again then.
  new MutationObserver(renderSoundToggle).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["lang"],
  });
  renderSoundToggle();
}

addSoundToggle();
