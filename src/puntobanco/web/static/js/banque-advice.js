// The explanation panel of the Baccarat Banque page. With "Explain" on (remembered as the main
// page's and the Chemin de fer page's explain setting is, pb_explain), a tableau's choice on 5
// shows the server's advice next to the Draw and Stand buttons (table.pending.advice: the
// optimal choice, what each choice is worth per coup against the Banker's reply, what the
// other one costs), and a settled round says whether each of the player's choices was the
// optimal one (decisions[].judged). The sentences are the server's, in both languages
// (messages), so a language switch redraws them without asking again.

const $ = (id) => document.getElementById(id);
let explain = localStorage.getItem("pb_explain") === "1";
let wired = false;

function said(body, lang) {
  return (body.messages && body.messages[lang]) || body.message;
}

// Draws the switch, the advice and the judgement; a change of the switch calls redraw().
export function renderAdvice(state, t, redraw) {
  const toggle = $("bq-explain-toggle");
  if (!wired) {
    wired = true;
    toggle.addEventListener("change", (event) => {
      explain = event.target.checked;
      localStorage.setItem("pb_explain", explain ? "1" : "0");
      redraw();
    });
  }
  $("bq-explain-label").textContent = t("chemin.explain_toggle");
  toggle.checked = explain;
  const table = state.table;
  const pending = table && table.turn === "decision" ? table.pending : null;
  const advice = explain && pending ? pending.advice : null;
  $("bq-advice").hidden = !advice;
  $("bq-advice").textContent = advice ? said(advice, state.lang) : "";
  const round = state.round;
  const judged = explain && round && round.status === "settled" ? round.decisions.filter((d) => !d.computer && d.judged) : [];
  $("bq-judged").hidden = !judged.length;
  $("bq-judged").textContent = judged.map((d) => said(d.judged, state.lang)).join(" ");
}
