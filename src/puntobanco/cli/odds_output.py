"""What ``puntobanco odds`` prints: its tables, CSV or Markdown, and its JSON document.

Split from :mod:`puntobanco.cli.odds` (the options and the analysis) so that each
stays small. The words are the catalogue's ``odds.`` section.
Tables are written in the reader's language (:func:`~puntobanco.cli.numbers.localize`)
and never cut a number: one too wide for the terminal is stacked (:func:`show`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from puntobanco.cli.layout import fit_table
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import OutputFormat
from puntobanco.cli.tabular import write_rows
from puntobanco.core import i18n
from puntobanco.core.explain import Lang
from puntobanco.core.paytable import Leg, Resolution


def _share(value: Fraction | float, exact: bool) -> str:
    if exact and isinstance(value, Fraction):
        return str(value)
    return f"{float(value):.6f}"


def _percent(value: Fraction | float, exact: bool) -> str:
    if exact and isinstance(value, Fraction):
        return str(value)
    return f"{float(value) * 100:.4f}%"


def _decimal(value: Fraction | None) -> str:
    """A payout as people write it: 0.95 rather than 19/20 when it is a short decimal."""
    if value is None:
        return "-"
    for digits in range(5):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            return f"{float(value):.{digits}f}"
    return str(value)


def _pays_text(legs: Sequence[Leg], lang: Lang = "en") -> str:
    """What a bet pays, from its compiled payout legs: ``0.95:1``, ``1:1 (6 pays 0.5)``.

    The first leg that matches decides, so the general win comes last; each
    win leg before it is shown as a note, and so is a push other than a tie's
    (EZ Baccarat's Banker three-card 7).
    """
    from puntobanco.cli.spots import describe_condition
    from puntobanco.core.coup import Outcome

    wins = [leg for leg in legs if leg.resolution is Resolution.WIN]
    if not wins:
        return "-"
    text = f"{_decimal(wins[-1].pays)}:1"
    for leg in wins[:-1]:
        total = leg.when.winning_total
        if total is not None and leg.when.to_json().keys() <= {"outcome", "winning_total"}:
            text += i18n.text(lang, "odds.total_note", total=total, pays=_decimal(leg.pays))
        else:
            text += f" ({describe_condition(leg.when, lang)}: {_decimal(leg.pays)})"
    for leg in legs:
        if leg.resolution is Resolution.PUSH and leg.when.outcome is not Outcome.TIE:
            text += i18n.text(lang, "odds.push_note", when=describe_condition(leg.when, lang))
    return text


def _side_pays_text(pays: Sequence[Fraction]) -> str:
    """A side bet's payouts in its paytable's order (as ``--side-bets`` takes them)."""
    return ", ".join(f"{_decimal(x)}:1" for x in pays)


def json_report(report: dict[str, Any]) -> dict[str, Any]:
    """The ``--json`` document: DESIGN's stable interface, written by the analysis layer."""
    from puntobanco.analysis.export import analysis_json, effects_json

    out = analysis_json(report["analysis"])
    if "effects" in report:
        out["effects"] = effects_json(report["effects"], report["through"])
    return out


#: The columns of ``--format csv|markdown``: one row per offered bet, by its JSON name.
FLAT_COLUMNS = (
    "bet",
    "house_edge",
    "exact_house_edge",
    "house_edge_per_resolved",
    "rtp",
    "win",
    "push",
    "lose",
    "expected_value",
    "std_dev",
)


def flat(report: dict[str, Any], output: OutputFormat) -> str:
    """The bets as CSV or Markdown, from the JSON document (so the two always agree)."""
    bets = json_report(report)["bets"]
    rows = [[name, *(bet.get(key) for key in FLAT_COLUMNS[1:])] for name, bet in bets.items()]
    return write_rows(FLAT_COLUMNS, rows, output.value)


def show(
    console: Any, title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], lang: Lang
) -> None:
    """One table, its figures as ``lang`` writes them, fitted or stacked by :func:`fit_table`."""
    fit_table(console, title, headers, [[localize(cell, lang) for cell in row] for row in rows])


def print_tables(report: dict[str, Any], lang: Lang, exact: bool) -> None:
    """The outcomes, every bet, the coup's events and (``--effects``) the studies, as tables."""
    from rich.console import Console

    from puntobanco.core.coup import Outcome
    from puntobanco.core.explain import BET_NAMES, SIDE_NAMES

    console = Console()
    rules = report["rules"]
    shoe = report["shoe"]
    result = report["analysis"]
    dist = result.distribution
    where = (
        i18n.text(lang, "odds.full", decks=rules.decks)
        if report["full"]
        else i18n.text(lang, "odds.counts")
    )
    title = i18n.text(lang, "odds.title", cards=shoe.cards, where=where)
    console.print(f"[bold]{localize(title, lang)}[/bold]")

    show(
        console,
        i18n.text(lang, "odds.outcomes"),
        [i18n.text(lang, "odds.outcome"), i18n.text(lang, "odds.probability")],
        [
            [SIDE_NAMES[lang][outcome.value], _share(result.probability[outcome], exact)]
            for outcome in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
        ],
        lang,
    )
    columns = ("bet", "pays", "house_edge", "per_resolved", "rtp", "ev", "std_dev")
    rows = [
        [
            BET_NAMES[lang][kind],
            _side_pays_text(side)
            if (side := rules.side_bet_pays(kind)) is not None
            else _pays_text(rules.tables.bets[kind].legs, lang),
            _percent(bet.house_edge, exact),
            _percent(bet.house_edge_per_resolved, exact),
            _percent(bet.rtp, exact),
            _share(bet.expected_value, exact),
            f"{bet.std_dev:.4f}",
        ]
        for kind, bet in result.bets.items()
    ]
    show(
        console,
        i18n.text(lang, "odds.bets"),
        [i18n.text(lang, f"odds.{name}") for name in columns],
        rows,
        lang,
    )
    print_paytables(console, rules, lang)

    more = [
        [i18n.text(lang, "odds.dealt", n=k), _share(value, exact)]
        for k, value in result.cards_dealt.items()
    ]
    either = dist.player_natural + dist.banker_natural - dist.both_natural
    more += [
        [i18n.text(lang, "odds.player_natural"), _share(dist.player_natural, exact)],
        [i18n.text(lang, "odds.banker_natural"), _share(dist.banker_natural, exact)],
        [i18n.text(lang, "odds.any_natural"), _share(either, exact)],
        [i18n.text(lang, "odds.banker_six"), _share(dist.banker_six, exact)],
    ]
    if result.pairs is not None:
        more.append([i18n.text(lang, "odds.player_pair"), _share(result.pairs.player, exact)])
        more.append([i18n.text(lang, "odds.banker_pair"), _share(result.pairs.banker, exact)])
    show(
        console,
        i18n.text(lang, "odds.more"),
        [i18n.text(lang, "odds.what"), i18n.text(lang, "odds.probability")],
        more,
        lang,
    )
    if "effects" in report:
        print_effects(console, report["effects"], report["through"], lang)


def print_paytables(console: Any, rules: Any, lang: Lang) -> None:
    """Which outcome pays what, for each side bet with more than one payout.

    The table's "Pays" column lists those payouts in the paytable's order, as
    ``--side-bets`` takes them; here each says when it is paid, as ``play``'s
    paytables do.
    """
    from puntobanco.cli.spots import lose_line, paytable_lines
    from puntobanco.core.explain import BET_NAMES

    several = [kind for kind, _ in rules.side_bets if len(set(rules.side_bet_pays(kind) or ())) > 1]
    if not several:
        return
    console.print(f"[bold]{i18n.text(lang, 'odds.paytables')}[/bold]")
    for kind in several:
        legs = "; ".join([*paytable_lines(rules, kind, lang), lose_line(lang)])
        console.print(localize(f"{BET_NAMES[lang][kind]}: {legs}", lang), markup=False)


def print_effects(console: Any, effects: Any, through: Any, lang: Lang) -> None:
    """The effects of removal per card, and the through-the-shoe study per bet."""
    from puntobanco.analysis.export import key_name
    from puntobanco.core.explain import BET_NAMES

    kinds = list(effects.effects)
    rows: list[list[str]] = []
    for index, key in enumerate(effects.keys):
        cells = []
        for kind in kinds:
            value = effects.effects[kind][index]
            weight = effects.weights[kind].weights[index]
            cells.append("-" if value is None else f"{float(value) * 100:+.5f} [{weight:+d}]")
        rows.append([key_name(key), *cells])
    headers = [i18n.text(lang, "odds.card"), *(BET_NAMES[lang][kind] for kind in kinds)]
    show(console, i18n.text(lang, "odds.effects"), headers, rows, lang)
    # The counts' quality under the table, not as its last row: its long cells would
    # make the table too wide for 80 columns and stack every card.
    weights = [
        f"{BET_NAMES[lang][kind]}: "
        + i18n.text(
            lang,
            "odds.weights",
            level=effects.weights[kind].level,
            corr=f"{effects.weights[kind].correlation:.3f}",
        )
        for kind in kinds
    ]
    console.print(
        localize(f"{i18n.text(lang, 'odds.weights_row')}: " + "; ".join(weights), lang),
        markup=False,
    )

    title = localize(
        i18n.text(
            lang,
            "odds.through",
            shoes=f"{through.shoes:,}",
            seed=through.seed,
            rounds=f"{through.rounds:,}",
        ),
        lang,
    )
    study = [
        [
            BET_NAMES[lang][kind],
            str(b.positive),
            f"{b.frequency:.4%}",
            f"{b.mean_expected_gain:+.4%}",
            f"{b.mean_actual_gain:+.4%}",
        ]
        for kind, b in through.bets.items()
    ]
    names = ("bet", "positive", "share", "mean_ev", "mean_actual")
    show(console, title, [i18n.text(lang, f"odds.{name}") for name in names], study, lang)
