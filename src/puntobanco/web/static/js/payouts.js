// What each bet pays and its limits, read from the table's rules (GET /api/table), written
// in the player's language: exact ratios, commissions, a side bet's paytable leg by leg.

import { state, t } from "./state.js";

// An exact ratio as the server writes it ("19/20", "8") in the player's language:
// a decimal when it has a finite one ("0,95"), else the fraction itself. Integer
// arithmetic only, so a payout is never shown rounded by floating point.
export function exactText(ratio) {
  const [n, d = "1"] = String(ratio).split("/");
  let numerator = BigInt(n);
  const denominator = BigInt(d);
  let rest = denominator;
  while (rest % 2n === 0n) rest /= 2n;
  while (rest % 5n === 0n) rest /= 5n;
  if (rest !== 1n) return `${n}/${d}`;
  const sign = numerator < 0n ? "-" : "";
  if (numerator < 0n) numerator = -numerator;
  let remainder = numerator % denominator;
  let digits = "";
  while (remainder !== 0n) {
    remainder *= 10n;
    digits += String(remainder / denominator);
    remainder %= denominator;
  }
  const text = `${sign}${numerator / denominator}${digits ? `.${digits}` : ""}`;
  return state.lang === "es" ? text.replace(".", ",") : text;
}

export function ratioText(ratio) {
  // "19/20" -> "0.95:1"; "8" -> "8:1"
  if (ratio === null || ratio === undefined) return "";
  return `${exactText(ratio)}:1`;
}

// A bet's winning legs, from the rules' paytable (most particular first, so the
// last one is the bet's ordinary win).
export function winningLegs(bet) {
  const rules = state.table && state.table.rules;
  const legs = (rules && rules.bets && rules.bets[bet]) || [];
  return legs.filter((leg) => leg.resolution === "win");
}

export function payoutOf(bet) {
  const legs = winningLegs(bet);
  return legs.length ? ratioText(legs[legs.length - 1].pays) : "";
}

// The legs that pay differently from the ordinary win on some totals (a winning
// Banker 6 under Super 6), as [total, pays] pairs.
export function specialPayouts(bet) {
  const legs = winningLegs(bet).slice(0, -1);
  return legs
    .filter((leg) => leg.when.winning_total !== undefined)
    .map((leg) => [leg.when.winning_total, leg.pays]);
}

// The legs on which a main bet that would have won is pushed instead (EZ Baccarat's Banker
// on a three-card 7): the rules' own legs, not the Tie push every main bet has.
export function pushLegs(bet) {
  const rules = state.table && state.table.rules;
  const legs = (rules && rules.bets && rules.bets[bet]) || [];
  return legs.filter((leg) => leg.resolution === "push" && leg.when.outcome !== "tie");
}

// A push leg as the spot says it, short: "3-card 7 pushes".
export function pushText(leg) {
  return t("spot.push", { total: leg.when.winning_total, cards: leg.when.winning_cards });
}

// The commission of a bet's ordinary win as a percentage ("1/20" -> "5").
export function commissionPercent(bet) {
  const legs = winningLegs(bet);
  const commission = legs.length ? legs[legs.length - 1].commission : "0";
  if (commission === "0") return null;
  const [n, d = "1"] = commission.split("/");
  return exactText(`${BigInt(n) * 100n}/${d}`);
}

export function limitsOf(bet) {
  const limits = state.table.limits;
  return { min: limits.minimum_minor, max: (limits.maxima_minor || {})[bet] ?? limits.maximum_minor };
}

// The spots other than Player, Banker and Tie: the pairs (printed beside Tie) and the side
// other side bets, which the table's rules name (the page has no list of them).
export const MAIN_SPOTS = ["player", "banker", "tie"];
export const PAIR_SPOTS = ["player_pair", "banker_pair"];
export const isSide = (bet) => !MAIN_SPOTS.includes(bet);

// A side bet's payouts, highest first, each once ("30/10/6/4/2/1:1"): exact, from the legs.
export function sidePays(bet) {
  const seen = [];
  for (const leg of winningLegs(bet)) if (!seen.includes(leg.pays)) seen.push(leg.pays);
  const value = (r) => { const [n, d = "1"] = r.split("/"); return [BigInt(n), BigInt(d)]; };
  seen.sort((a, b) => {
    const [an, ad] = value(a);
    const [bn, bd] = value(b);
    const diff = bn * ad - an * bd;
    return diff > 0n ? 1 : diff < 0n ? -1 : 0;
  });
  return seen.length ? `${seen.map(exactText).join("/")}:1` : "";
}

// One leg of a side bet's paytable in words ("Player wins, not a natural, by 9 points: 30:1").
export function legText(leg) {
  const when = leg.when;
  const parts = [];
  if (when.outcome) parts.push(t(`play.paytable.${when.outcome}`));
  if (when.natural === true) parts.push(t("leg.natural"));
  if (when.natural === false) parts.push(t("leg.not_natural"));
  if (when.margin !== undefined) parts.push(t("play.paytable.margin", { n: when.margin }));
  if (when.winning_total !== undefined) {
    parts.push(t(when.outcome === "tie" ? "leg.tie_total" : "leg.winning_total", { total: when.winning_total }));
  }
  if (when.winning_cards !== undefined) parts.push(t("leg.winning_cards", { n: when.winning_cards }));
  if (when.same_rank) parts.push(t("leg.same_rank"));
  else if (when.pairs !== undefined) parts.push(t(`leg.pairs.${when.pairs}`));
  if (when.suited_pairs !== undefined) parts.push(t(`leg.suited_pairs.${when.suited_pairs}`));
  if (when.cards_dealt !== undefined) parts.push(t("play.paytable.cards_dealt", { n: when.cards_dealt }));
  if (when.player_pair) parts.push(t("play.paytable.player_pair"));
  if (when.banker_pair) parts.push(t("play.paytable.banker_pair"));
  const text = parts.join(", ");
  const whenText = text.charAt(0).toUpperCase() + text.slice(1);
  return leg.resolution === "push"
    ? t("leg.push", { when: whenText })
    : t("leg.pays", { when: whenText, pays: ratioText(leg.pays) });
}
