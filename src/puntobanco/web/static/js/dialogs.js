// The recall and fairness dialogs: game history with every card, bet and fairness datum,
// and the provably fair controls (client seed, rotate and reveal, verify).

const $ = (id) => document.getElementById(id);

// SHA-256 of a hex seed's bytes, in lower-case hex, computed here in the browser (Web Crypto).
// null when the text is not 32 bytes of hex; throws when the browser has no Web Crypto here
// (it needs a secure context: HTTPS or localhost).
export async function seedCommitment(hex) {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  if (!(globalThis.crypto && crypto.subtle)) throw new Error("no crypto.subtle");
  const bytes = new Uint8Array(hex.match(/../g).map((pair) => parseInt(pair, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function createDialogs({ api, t, money, callText, errorMessage, say, presetName, setTable, getLang, shoeChanged }) {
  // The commitments this page showed before play, by the seed later revealed:
  // {seed hex: hash shown}. The player's check does not take the server's word for them.
  const shownBefore = new Map();
  // What #fair-message and #fair-check say, as catalogue keys and parameters (a server's
  // error as its sentences in every language): drawn again in the new language when the
  // player switches (say() picks the words).
  let fairSaid = null; // {key, params} | {text, texts}, and tone
  let checkSaid = null; // {key, params, match, tone}
  async function openHistory(before) {
    const dialog = $("history");
    const list = $("history-list");
    if (!before) list.replaceChildren();
    if (!dialog.open) dialog.showModal();
    try {
      const page = await api.rounds(before);
      if (!before && !page.rounds.length) {
        const p = document.createElement("p");
        p.textContent = t("rounds.none");
        list.append(p);
      }
      for (const round of page.rounds) list.append(historyItem(round));
      const more = $("history-more");
      more.hidden = !page.next_before;
      more.onclick = () => openHistory(page.next_before);
    } catch (err) {
      const m = errorMessage(err);
      const p = document.createElement("p");
      p.className = "message inline";
      p.textContent = say(m);
      list.append(p);
    }
  }

  function historyItem(round) {
    const item = document.createElement("article");
    item.className = `recall recall-${round.outcome}`;
    const when = new Date(round.created_at);
    const head = document.createElement("h3");
    head.textContent = `${t("history.round", { id: round.id })} · ${isNaN(when) ? "" : when.toLocaleString(getLang())}`;
    const hands = document.createElement("div");
    hands.className = "recall-hands";
    for (const side of ["player", "banker"]) {
      const hand = document.createElement("div");
      hand.className = `mini-hand mini-${side}`;
      const label = document.createElement("span");
      label.textContent = `${t(`game.side.${side}`)} ${round[`${side}_total`]}`;
      hand.append(label);
      for (const card of round[`${side}_cards`]) {
        const c = document.createElement("span");
        c.className = `mini-card ${card.suit === "h" || card.suit === "d" ? "red" : "black"}`;
        c.textContent = card.text;
        hand.append(c);
      }
      hands.append(hand);
    }
    const call = document.createElement("p");
    call.className = `recall-call call-${round.outcome}`;
    call.textContent = callText(round);
    const bets = document.createElement("p");
    bets.textContent = `${t("history.bets")}: ` + round.settlement.map((s) => {
      const result = s.resolution === "win" ? t("res.win", { amount: money(s.winnings_minor) }) : t(`res.${s.resolution}`);
      return `${t(`game.bet.${s.bet}`)} ${money(s.stake_minor)} (${result})`;
    }).join(", ") + ` · ${t("play.col.net")}: ${round.net_minor > 0 ? "+" : ""}${money(round.net_minor)}`;
    const fair = document.createElement("dl");
    fair.className = "kv small";
    const f = round.fairness || {};
    // The table's name, the shoe counted from 1 as a player counts it (the data's index is
    // from 0), and the burn of the shoe's first round.
    const shoe = round.shoe;
    const shoeLine = [
      round.preset ? presetName(round.preset) : "",
      shoe ? t("history.shoe", { index: shoe.index + 1, n: shoe.round_in_shoe }) : "",
      shoe && shoe.burn ? t("history.burn", { card: shoe.burn.shown.text, n: shoe.burn.face_down }) : "",
    ].filter(Boolean).join(" · ");
    for (const [key, value] of [["fair.hash", f.server_seed_hash], ["fair.client", f.client_seed], ["fair.nonce.round", f.nonce]]) {
      const dt = document.createElement("dt");
      dt.textContent = t(key);
      const dd = document.createElement("dd");
      dd.innerHTML = "<code></code>";
      dd.firstChild.textContent = value ?? "";
      fair.append(dt, dd);
    }
    const shoeP = document.createElement("p");
    shoeP.className = "note";
    shoeP.textContent = shoeLine;
    item.append(head, hands, call, bets, shoeP, fair);
    return item;
  }

  async function openFairness() {
    const dialog = $("fairness");
    if (!dialog.open) dialog.showModal();
    try {
      const table = await api.table();
      setTable(table);
      renderFairness(table.fairness);
    } catch (err) {
      fairMessage(errorMessage(err));
    }
  }

  function renderFairness(fair) {
    $("fair-hash").textContent = fair.server_seed_hash;
    $("fair-nonce").textContent = fair.nonce;
    $("fair-client").value = fair.client_seed;
  }

  function fairMessage(m, tone = "error") {
    fairSaid = m && { ...m, tone };
    renderFairMessage();
  }

  function renderFairMessage() {
    const box = $("fair-message");
    box.hidden = !fairSaid;
    if (!fairSaid) return;
    box.dataset.tone = fairSaid.tone;
    box.textContent = say(fairSaid);
  }

  function setCheck(said) {
    checkSaid = said;
    renderCheck();
  }

  function renderCheck() {
    const box = $("fair-check");
    box.hidden = !checkSaid;
    if (!checkSaid) return;
    box.dataset.match = checkSaid.match;
    box.dataset.tone = checkSaid.tone;
    box.textContent = t(checkSaid.key, checkSaid.params);
  }

  // The page's language changed: say the dialog's messages again in it.
  function rerender() {
    renderFairMessage();
    renderCheck();
  }

  async function fairAction(action) {
    try {
      if (action === "set") {
        renderFairness(await api.setClientSeed($("fair-client").value));
        setCheck(null);
        fairMessage({ key: "fair.set.done" }, "info");
        await shoeChanged(); // a new client seed sets the shoe aside: the next one is new
      } else if (action === "rotate") {
        const shown = $("fair-hash").textContent.trim(); // the commitment shown before play
        const result = await api.rotate();
        const seed = result.revealed_server_seed.toLowerCase();
        if (shown) shownBefore.set(seed, shown);
        $("fair-revealed-box").hidden = false;
        $("fair-revealed").textContent = result.revealed_server_seed;
        $("fair-seed").value = result.revealed_server_seed;
        renderFairness(result.next);
        fairMessage(null);
        await shoeChanged(); // so does a new server seed
        await checkInBrowser(seed);
      } else {
        // One verdict at a time: a seed whose hash does not match what was shown is the
        // verdict (the server is not asked); else the server's replay of the rounds is.
        const seed = $("fair-seed").value.trim().toLowerCase();
        fairMessage(null);
        if (!(await checkInBrowser(seed))) return;
        if (checkSaid && checkSaid.match === "false") return;
        const result = await api.verify(seed);
        const bad = result.mismatches.length;
        setCheck(null);
        fairMessage({ key: bad ? "fair.verify.bad" : "fair.verify.ok", params: { n: result.rounds_checked, m: bad } }, bad ? "error" : "info");
      }
    } catch (err) {
      setCheck(null);
      fairMessage(errorMessage(err));
    }
  }

  // The player's own check: SHA-256(seed) here, against the hash this page showed before the
  // seed was revealed. Says in #fair-check whether it matches; returns false for a malformed seed.
  async function checkInBrowser(seed) {
    let hash;
    try {
      hash = await seedCommitment(seed);
    } catch {
      setCheck({ key: "fair.check.unavailable", match: "unknown", tone: "error" });
      return true;
    }
    if (hash === null) {
      setCheck({ key: "fair.check.invalid", match: "invalid", tone: "error" });
      return false;
    }
    const shown = shownBefore.get(seed);
    const match = shown === undefined ? "unknown" : String(shown === hash);
    const key = shown === undefined ? "fair.check.unknown" : shown === hash ? "fair.check.ok" : "fair.check.bad";
    setCheck({ key, params: { hash, shown }, match, tone: match === "false" ? "error" : "info" });
    return true;
  }

  return { openHistory, openFairness, fairAction, rerender };
}
