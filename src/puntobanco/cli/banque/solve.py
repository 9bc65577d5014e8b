"""``puntobanco solve --variant banque``: the Banker's best reply to two tableaux, exactly.

With replacement by default (:mod:`puntobanco.analysis.banque.solver`); with
``--decks``, ``--points`` or ``--ranks``, from that shoe without replacement
(:mod:`puntobanco.analysis.banque.shoe`).

:mod:`puntobanco.cli.solve` checks the options and calls :func:`compute`; the
report is :func:`json_report` or :func:`text_report`. Every word comes from the
catalogue's ``banque.*`` section.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from puntobanco.analysis.banque.shoe import banque_points, shoe_chemin_draw, solve_banque_tally
from puntobanco.analysis.banque.solver import BanqueSolution, TableauFigures, solve_banque
from puntobanco.analysis.banque.walk import banque_tally
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.cli.lang import rule_name
from puntobanco.core.banque.coup import (
    BANQUE_FREE,
    BANQUE_RULE_CARD,
    BANQUE_RULES,
    COLUMNS,
    NATURAL,
    cell_name,
)
from puntobanco.core.errors import InvalidRules
from puntobanco.core.explain import Lang
from puntobanco.core.i18n import text
from puntobanco.core.rules import BANKER_CHOICE_TOTALS, to_fraction
from puntobanco.core.tableau import PLAYER_STOOD


def parse_draw(value: str) -> Fraction | None:
    """``--tableau-draw``: an exact probability 0-1 (``9/11``, ``0.5``, ``1``), else ``None``."""
    try:
        probability = to_fraction(value.strip(), "--tableau-draw")
    except InvalidRules:
        return None
    return probability if 0 <= probability <= 1 else None


def compute(
    banker: str,
    commission: Fraction,
    tableau_draw: Fraction | None = None,
    *,
    shoe: ShoeCounts | None = None,
    decks: int | None = None,
) -> dict[str, Any]:
    """Solve for the named Banque rule, and the other rule's expectation beside it.

    ``tableau_draw`` is both tableaux' probability of drawing on 5 (default:
    the Chemin de fer equilibrium for the same deck). Without ``shoe`` cards
    are drawn with replacement; with one, without (``decks`` says it is full).
    """
    rule = BANQUE_RULES[banker]
    other = BANQUE_FREE if rule is BANQUE_RULE_CARD else BANQUE_RULE_CARD
    if shoe is None:
        solution = solve_banque(
            rule, right_draw=tableau_draw, left_draw=tableau_draw, commission=commission
        )
        other_solution = solve_banque(
            other,
            right_draw=solution.right_draw,
            left_draw=solution.left_draw,
            commission=commission,
        )
    else:
        # One walk serves both rules: only the Banker's play in the free cells differs.
        weights = banque_tally(banque_points(shoe))
        draw = tableau_draw if tableau_draw is not None else shoe_chemin_draw(shoe)
        solution = solve_banque_tally(weights, rule, draw, draw, commission=commission)
        other_solution = solve_banque_tally(weights, other, draw, draw, commission=commission)
    return {
        "variant": "banque",
        "solution": solution,
        "other": other_solution,
        "given": tableau_draw is not None,
        "cards": None if shoe is None else shoe.cards,
        "full_decks": decks if shoe is not None else None,
    }


def _number(value: Fraction) -> dict[str, Any]:
    return {"value": float(value), "exact": str(value)}


def _figures(f: TableauFigures, commission: Fraction) -> dict[str, Any]:
    return {
        "value": _number(f.value),
        "after_commission": _number(f.after(commission)),
        "outcomes": {"banker": _number(f.win), "tableau": _number(f.lose), "tie": _number(f.tie)},
    }


def _summary(s: BanqueSolution) -> dict[str, Any]:
    return {"value": _number(s.value), "banker_after_commission": _number(s.after_commission)}


def json_report(report: dict[str, Any]) -> dict[str, Any]:
    """One JSON object: figures as floats with ``str(Fraction)`` beside them."""
    s: BanqueSolution = report["solution"]
    other: BanqueSolution = report["other"]
    return {
        "variant": "banque",
        "model": "infinite" if report.get("cards") is None else "shoe",
        "cards": report.get("cards"),
        "decks": report.get("full_decks"),
        "solution": "banker_best_reply",
        "zero_sum": False,
        "banker_rule": s.rule.name,
        "natural": "waits" if s.natural_waits else "settles_at_once",
        # Who knows what: a tableau its total; the Banker his total and, of each tableau,
        # its third card, that it stood, or its natural (never the cards making a total).
        "information": {"tableau": ["total"], "banker": ["total", "left", "right"]},
        "tableaux": {
            "strategy": "given" if report.get("given") else "chemin_de_fer_equilibrium",
            "right": {"draw_on_5": _number(s.right_draw)},
            "left": {"draw_on_5": _number(s.left_draw)},
        },
        "banker": {
            cell_name(c.cell): {
                "decision": "indifferent" if c.indifferent else "draw" if c.draws else "stand",
                "draw_minus_stand": _number(c.draw_minus_stand),
                "draw_minus_stand_per_decision": _number(c.per_decision),
                "reach": _number(c.reach),
            }
            for c in s.cells
        },
        "right": _figures(s.right, s.commission),
        "left": _figures(s.left, s.commission),
        "value": _number(s.value),
        "commission": str(s.commission),
        "banker_after_commission": _number(s.after_commission),
        "rules": {s.rule.name: _summary(s), other.rule.name: _summary(other)},
    }


def _mark(column: int) -> str:
    return "n" if column == NATURAL else "s" if column == PLAYER_STOOD else str(column)


def _grid(s: BanqueSolution, lang: Lang) -> list[str]:
    replies = {c.cell: c for c in s.cells}
    lines = [text(lang, "banque.solve.grid_title")]
    header = "      " + " ".join(_mark(c) for c in COLUMNS)
    for total in BANKER_CHOICE_TOTALS:
        if not any((total, x, y) in replies for x in COLUMNS for y in COLUMNS):
            continue
        lines += [text(lang, "banque.solve.grid_total", total=total), header]
        for left in COLUMNS:
            marks = []
            for right in COLUMNS:
                c = replies.get((total, left, right))
                marks.append(" " if c is None else "=" if c.indifferent else "DS"[not c.draws])
            lines.append(f"    {_mark(left):>1} " + " ".join(marks).rstrip())
    return lines


def _percent(value: Fraction) -> str:
    return f"{float(value):.0%}" if value * 100 == int(value * 100) else str(value)


def text_report(report: dict[str, Any], lang: Lang) -> str:
    """The report as lines of text in ``lang`` (numbers in English form; the caller localizes)."""
    s: BanqueSolution = report["solution"]
    other: BanqueSolution = report["other"]
    rule_line = "banque.solve.rule_card" if s.rule is BANQUE_RULE_CARD else "banque.solve.rule_free"
    if report.get("cards") is None:
        where = text(lang, "chemin.solve.infinite")
    elif report.get("full_decks") is not None:
        where = text(lang, "chemin.solve.full", decks=report["full_decks"], cards=report["cards"])
    else:
        where = text(lang, "chemin.solve.counts_given", cards=report["cards"])
    lines = [
        text(lang, "banque.solve.title", where=where, rule=rule_name(s.rule.name, lang)),
        text(lang, "banque.solve.which"),
        text(lang, rule_line),
        text(lang, "banque.solve.naturals"),
    ]
    if report.get("cards") is not None:
        lines.append(text(lang, "banque.solve.shoe_model"))
    for key, p in (("right", s.right_draw), ("left", s.left_draw)):
        hand = text(lang, f"banque.solve.{key}")
        key = "banque.solve.tableau_given" if report.get("given") else "banque.solve.tableau"
        lines.append(text(lang, key, hand=hand, p=str(p), pf=f"{float(p):.6f}"))
    lines += _grid(s, lang)
    for key, f in (("right", s.right), ("left", s.left)):
        lines.append(
            text(
                lang,
                "banque.solve.against",
                hand=text(lang, f"banque.solve.{key}"),
                win=f"{float(f.win):.6f}",
                lose=f"{float(f.lose):.6f}",
                tie=f"{float(f.tie):.6f}",
                value=f"{float(f.value):+.6f}",
            )
        )
    lines.append(
        text(lang, "banque.solve.value", exact=str(s.value), value=f"{float(s.value):+.6f}")
    )
    lines.append(
        text(
            lang,
            "banque.solve.after",
            commission=_percent(s.commission),
            value=f"{float(s.after_commission):+.6f}",
        )
    )
    lines.append(
        text(
            lang,
            "banque.solve.other",
            rule=rule_name(other.rule.name, lang),
            value=f"{float(other.value):+.6f}",
            after=f"{float(other.after_commission):+.6f}",
        )
    )
    return "\n".join(lines)
