"""``puntobanco solve``: Chemin de fer's equilibrium for a shoe, exactly, as a report or JSON.

Examples::

    puntobanco solve                                  # 8 decks, the classic rule card
    puntobanco solve --infinite --banker free --json  # Kemeny and Snell's game
    puntobanco solve --decks 6 --banker free --lang es
    puntobanco solve --ranks A=3,2=4,...,K=2          # the unseen cards of a shoe
    puntobanco solve --variant banque --decks 6       # Banque, without replacement

Bad input (an unknown variant or Banker rule, a shoe under 6 cards, two shoes
at once) prints one sentence naming the problem and what is allowed, in the
user's language, and exits with status 2; nothing is printed on stdout.
Every word comes from the catalogue's ``chemin.*`` section; ``--variant banque``
(the Banker's best reply to two tableaux) is :mod:`puntobanco.cli.banque.solve`'s,
with words from ``banque.*``.
"""

# No ``from __future__ import annotations``: Typer reads each option's annotation, and
# ``help=h(...)`` in it calls a function local to ``register``.

import json
import os
import sys
from fractions import Fraction
from typing import Annotated, Any

import typer

from puntobanco.cli.lang import checked_lang, help_lang, rule_name
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    complete_variant,
    format_option,
    lang_option,
    parse_decks,
    parse_rate,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.refusal import option_line, refuse, sentence
from puntobanco.cli.tabular import write_rows
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang
from puntobanco.core.i18n import text
from puntobanco.core.rules import BANK_COMMISSION, BANKER_RULES, FREE_BANKER, BankerRule, Variant
from puntobanco.core.tableau import PLAYER_STOOD

#: The variants ``solve`` takes, by name.
VARIANTS: tuple[str, ...] = (Variant.CHEMIN_DE_FER.value, Variant.BANQUE.value)


class _Refused(Exception):
    """An option ``solve`` cannot use: its catalogue key and parameters, and the option."""

    def __init__(self, flag: str | None, key: str, **params: Any) -> None:
        super().__init__(key)
        self.flag = flag
        self.key = key
        self.params = params

    def line(self, lang: Lang) -> str:
        detail = text(lang, self.key, **self.params)
        if self.flag is None:
            return sentence(detail)
        return option_line(lang, self.flag, detail)


class SolveCommand(TranslatedCommand):
    """Click's usage errors in the user's language, as in ``odds``."""

    command_name = "solve"
    option_example = "--decks 6"
    error_style = None


def register(app: typer.Typer) -> None:
    """Add the ``solve`` command to ``app`` (help in the language of ``--lang`` or the locale)."""
    help_language = help_lang(sys.argv, os.environ)

    def h(key: str) -> str:
        return text(help_language, f"chemin.solve.help_{key}")

    @app.command("solve", cls=SolveCommand, help=text(help_language, "chemin.solve.help"))
    def solve(
        variant: Annotated[
            str,
            typer.Option(
                metavar="chemin-de-fer|banque",
                help=h("variant"),
                show_default=False,
                autocompletion=complete_variant,
            ),
        ] = Variant.CHEMIN_DE_FER.value,
        decks: Annotated[
            int | None, typer.Option(metavar="N", parser=parse_decks, help=h("decks"))
        ] = None,
        points: Annotated[str | None, typer.Option(metavar="V=N,...", help=h("points"))] = None,
        ranks: Annotated[str | None, typer.Option(metavar="R=N,...", help=h("ranks"))] = None,
        infinite: Annotated[bool, typer.Option("--infinite", help=h("infinite"))] = False,
        banker: Annotated[
            str, typer.Option(metavar="rule-card|free", help=h("banker"), show_default=False)
        ] = "rule-card",
        commission: Annotated[
            Fraction | None,
            typer.Option(metavar="RATE", parser=parse_rate, help=h("commission")),
        ] = None,
        as_float: Annotated[bool, typer.Option("--float", help=h("float"))] = False,
        tableau_draw: Annotated[
            str | None,
            typer.Option(
                "--tableau-draw",
                metavar="P",
                help=text(help_language, "banque.solve.help_tableau_draw"),
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=h("json"))] = False,
        fmt: Annotated[OutputFormat | None, format_option(h("format"))] = None,
        lang: Annotated[str | None, lang_option(h("lang"))] = None,
    ) -> None:
        language = checked_lang(lang)
        try:
            output = chosen_format(fmt, as_json)
        except OptionValueError as error:
            refuse(language, "--format", error.detail(language))
        try:
            report = compute(
                variant=variant,
                decks=decks,
                points=points,
                ranks=ranks,
                infinite=infinite,
                banker=banker,
                commission=BANK_COMMISSION if commission is None else commission,
                as_float=as_float,
                tableau_draw=tableau_draw,
            )
        except _Refused as refused:
            typer.echo(refused.line(language), err=True)
            raise typer.Exit(2) from None
        except BaccaratError as error:
            # A shoe too small or miscounted is the fault of the option that gave it.
            shoe_option = next(
                (o for o, v in (("--points", points), ("--ranks", ranks)) if v is not None), None
            )
            if shoe_option is not None and _is_shoe_error(error):
                refuse(language, shoe_option, _error(error, language))
            typer.echo(sentence(_error(error, language)), err=True)
            raise typer.Exit(2) from None
        if output is OutputFormat.JSON:
            typer.echo(json.dumps(json_report(report)))
        elif output is not OutputFormat.TABLE:
            typer.echo(flat_report(json_report(report), output), nl=False)
        else:
            from puntobanco.cli.layout import terminal_width, wrap_lines

            width = terminal_width()
            report_text = localize(text_report(report, language, width), language)
            typer.echo(wrap_lines(report_text, width))


def flat_report(document: dict[str, Any], output: OutputFormat) -> str:
    """The Banker's cells as CSV or Markdown, a row each, from the JSON (so the two agree).

    Each figure is a float column and its exact fraction beside it
    (``reach``, ``reach_exact``), named as in the JSON.
    """
    cells = document["banker"]
    first: dict[str, Any] = next(iter(cells.values()), {})
    figures = [key for key, value in first.items() if isinstance(value, dict)]
    headers = ["cell", "decision"]
    for key in figures:
        headers += [key, f"{key}_exact"]
    rows = []
    for name, cell in cells.items():
        row: list[Any] = [name, cell["decision"]]
        for key in figures:
            row += [cell[key]["value"], cell[key].get("exact")]
        rows.append(row)
    return write_rows(headers, rows, output.value)


def _is_shoe_error(error: BaccaratError) -> bool:
    from puntobanco.analysis.shoe import InvalidShoe

    return isinstance(error, InvalidShoe)


def _error(error: BaccaratError, lang: Lang) -> str:
    """An error in ``lang``: the choices' from the catalogue, the shoe's worded as in odds."""
    from puntobanco.analysis.shoe import InvalidShoe
    from puntobanco.cli.odds import error_text
    from puntobanco.core.choice_explain import CHOICE_ERRORS, choice_error_message

    if error.code in CHOICE_ERRORS:
        return choice_error_message(error, lang)
    if isinstance(error, InvalidShoe):
        return error_text(error, lang)
    return error.message


def _counts(option: str, value: str, example: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for part in value.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, number = part.partition("=")
        if not sep or not key.strip() or not number.strip().isdigit():
            raise _Refused(option, "chemin.solve.counts", option=option, part=part,
                           example=example)  # fmt: skip
        counts[key.strip()] = int(number.strip())
    return counts


def compute(
    *,
    variant: str,
    decks: int | None,
    points: str | None,
    ranks: str | None,
    infinite: bool,
    banker: str,
    commission: Fraction,
    as_float: bool = False,
    tableau_draw: str | None = None,
) -> dict[str, Any]:
    """Check the options and solve (raises :class:`_Refused` or a core or analysis error)."""
    from puntobanco.analysis.chemin.solver import shoe_points, solve_chemin
    from puntobanco.analysis.shoe import ShoeCounts

    name = variant.strip().lower()
    if name not in VARIANTS:
        raise _Refused("--variant", "chemin.solve.variant", allowed=", ".join(VARIANTS),
                       value=variant)  # fmt: skip
    if banker not in BANKER_RULES:
        raise _Refused("--banker", "chemin.solve.banker", allowed=", ".join(BANKER_RULES),
                       value=banker)  # fmt: skip
    if name != Variant.BANQUE.value and tableau_draw is not None:
        raise _Refused("--tableau-draw", "banque.solve.tableau_draw_chemin")
    if name == Variant.BANQUE.value:
        return _compute_banque(
            banker,
            commission,
            decks=decks,
            points=points,
            ranks=ranks,
            infinite=infinite,
            as_float=as_float,
            tableau_draw=tableau_draw,
        )
    if sum((decks is not None, points is not None, ranks is not None, infinite)) > 1:
        raise _Refused(None, "chemin.solve.one_shoe")
    rule = BANKER_RULES[banker]
    shoe: ShoeCounts | None = None
    if points is not None:
        shoe = ShoeCounts.from_points(_counts("--points", points, "0=96,1=24"))
    elif ranks is not None:
        shoe = ShoeCounts.from_ranks(_counts("--ranks", ranks, "A=24,K=24"))
    elif not infinite:
        shoe = ShoeCounts.full(8 if decks is None else decks)
    if as_float:
        from puntobanco.analysis.chemin.solver import INFINITE_DECK
        from puntobanco.analysis.chemin.walk import solve_chemin_float

        solution: Any = solve_chemin_float(
            INFINITE_DECK if shoe is None else shoe_points(shoe),
            infinite=infinite,
            banker_rule=rule,
            commission=commission,
        )
    else:
        solution = solve_chemin(shoe, infinite=infinite, banker_rule=rule, commission=commission)
    return {
        "variant": name,
        "infinite": infinite,
        "full_decks": (
            (8 if decks is None else decks)
            if points is None and ranks is None and not infinite
            else None
        ),
        "cards": None if shoe is None else shoe.cards,
        "solution": solution,
    }


def _compute_banque(
    banker: str,
    commission: Fraction,
    *,
    decks: int | None,
    points: str | None,
    ranks: str | None,
    infinite: bool,
    as_float: bool,
    tableau_draw: str | None,
) -> dict[str, Any]:
    """Banque's options checked, and the Banker's best reply solved (see :func:`compute`)."""
    from puntobanco.analysis.shoe import ShoeCounts
    from puntobanco.cli.banque import solve as solve_banque

    if as_float:
        raise _Refused("--float", "banque.solve.float")
    if sum((decks is not None, points is not None, ranks is not None, infinite)) > 1:
        raise _Refused(None, "chemin.solve.one_shoe")
    banque_shoe: ShoeCounts | None = None  # with replacement unless a shoe is given
    if points is not None:
        banque_shoe = ShoeCounts.from_points(_counts("--points", points, "0=96,1=24"))
    elif ranks is not None:
        banque_shoe = ShoeCounts.from_ranks(_counts("--ranks", ranks, "A=24,K=24"))
    elif decks is not None:
        banque_shoe = ShoeCounts.full(decks)
    draw = None
    if tableau_draw is not None:
        draw = solve_banque.parse_draw(tableau_draw)
        if draw is None:
            raise _Refused("--tableau-draw", "banque.solve.tableau_draw_bad",
                           value=tableau_draw)  # fmt: skip
    return solve_banque.compute(banker, commission, draw, shoe=banque_shoe, decks=decks)


def _free_cells(rule: BankerRule, lang: Lang) -> str:
    if rule.free == FREE_BANKER.free:
        return text(lang, "chemin.solve.every_cell", count=len(rule.free))
    return ", ".join(_cell(c) for c in rule.cells)


def _cell(cell: tuple[int, int]) -> str:
    total, third = cell
    return f"{total}/{'stood' if third == PLAYER_STOOD else third}"


def _number(value: Fraction | float) -> dict[str, Any]:
    if isinstance(value, Fraction):
        return {"value": float(value), "exact": str(value)}
    return {"value": float(value)}


def _decision(draw: Fraction | float, indifferent: bool) -> str:
    if indifferent:
        return "indifferent"
    return "draw" if draw == 1 else "stand" if draw == 0 else "mix"


def json_report(report: dict[str, Any]) -> dict[str, Any]:
    """The report as one JSON object: figures as floats, with ``str(Fraction)`` beside them."""
    if report["variant"] == Variant.BANQUE.value:
        from puntobanco.cli.banque import solve as solve_banque

        return solve_banque.json_report(report)
    s = report["solution"]
    stand, draw = s.deviations
    return {
        "variant": report["variant"],
        "model": "infinite" if report["infinite"] else "shoe",
        "cards": report["cards"],
        "decks": report["full_decks"],
        "banker_rule": s.banker_rule.name,
        "free_cells": [_cell(c) for c in s.banker_rule.cells],
        # Who knows what: the Player his total; the Banker his total and the Player's
        # third card (or that he stood); neither the cards that make a total.
        "information": {"player": ["total"], "banker": ["total", "player_third_card"]},
        "player": {"draw_on_5": _number(s.player_draw), "unique": s.player_unique},
        "banker": {
            _cell(c.cell): {
                "decision": _decision(c.draw, c.indifferent),
                "draw": _number(c.draw),
                "draw_minus_stand": _number(c.draw_minus_stand),
                "draw_minus_stand_per_decision": _number(c.per_decision),
                "reach": _number(c.reach),
                "cost_of_deviating": _number(c.cost_of_deviating),
            }
            for c in s.banker
        },
        "value": _number(s.value),
        "outcomes": {
            "banker": _number(s.banker_wins),
            "player": _number(s.player_wins),
            "tie": _number(s.tie),
        },
        "commission": str(s.commission),
        "banker_after_commission": _number(s.banker_after_commission),
        "zero_sum": False,
        "player_option": _number(s.option),
        "deviations": {
            "player_stands_on_5": {
                "against_equilibrium": _number(stand.against_equilibrium),
                "against_best_reply": _number(stand.against_best_reply),
            },
            "player_draws_on_5": {
                "against_equilibrium": _number(draw.against_equilibrium),
                "against_best_reply": _number(draw.against_best_reply),
            },
        },
    }


def _exact(value: Fraction | float) -> str:
    return str(value) if isinstance(value, Fraction) else f"{float(value):.9f}"


#: Characters of a cell's row besides its decision: the cell, the two figures, the spaces.
_CELL_FIGURES = 37


def _mixed(c: Any) -> bool:
    return not c.indifferent and c.draw not in (0, 1)


def _cell_decision(c: Any, lang: Lang) -> str:
    """What the Banker does in one free cell, in words."""
    if c.indifferent:
        return text(lang, "chemin.solve.cell_same")
    if c.draw == 1:
        return text(lang, "chemin.solve.cell_draw")
    if c.draw == 0:
        return text(lang, "chemin.solve.cell_stand")
    return text(lang, "chemin.solve.cell_mix", p=_exact(c.draw), pf=f"{float(c.draw):.6f}")


def text_report(report: dict[str, Any], lang: Lang, width: int | None = None) -> str:
    """The report as lines of text in ``lang`` (numbers in English form; the caller localizes).

    ``width``: the terminal's, for the table of the Banker's cells to fit (the
    caller wraps the prose).
    """
    if report["variant"] == Variant.BANQUE.value:
        from puntobanco.cli.banque import solve as solve_banque

        return solve_banque.text_report(report, lang)
    s = report["solution"]
    if report["infinite"]:
        where = text(lang, "chemin.solve.infinite")
    elif report["full_decks"] is not None:
        where = text(lang, "chemin.solve.full", decks=report["full_decks"], cards=report["cards"])
    else:
        where = text(lang, "chemin.solve.counts_given", cards=report["cards"])
    lines = [
        text(lang, "chemin.solve.title", where=where, rule=rule_name(s.banker_rule.name, lang)),
        text(lang, "chemin.solve.free_cells", cells=_free_cells(s.banker_rule, lang)),
    ]
    p = s.player_draw
    if p == 1:
        choice = text(lang, "chemin.solve.player_draws")
    elif p == 0:
        choice = text(lang, "chemin.solve.player_stands")
    else:
        choice = text(lang, "chemin.solve.player_mixes", p=_exact(p), pf=f"{float(p):.6f}")
    if not s.player_unique:
        choice += " " + text(lang, "chemin.solve.player_not_unique")
    lines.append(text(lang, "chemin.solve.player", choice=choice))
    lines.append(text(lang, "chemin.solve.cells"))
    decisions = [_cell_decision(c, lang) for c in s.banker]
    # One width for every row, so that a long mixed cell does not push its figures aside;
    # where that is too wide, a mixed cell's probability goes on a line of its own below.
    split = width is not None and max(map(len, decisions), default=0) + _CELL_FIGURES > width
    if split:
        decisions = [
            text(lang, "chemin.solve.cell_mix_head") if _mixed(c) else d
            for c, d in zip(s.banker, decisions, strict=True)
        ]
    column = max(map(len, decisions), default=0)
    for c, decision in zip(s.banker, decisions, strict=True):
        lines.append(
            text(
                lang,
                "chemin.solve.cell",
                cell=_cell(c.cell),
                decision=decision.ljust(column),
                gain=f"{float(c.draw_minus_stand):+.8f}",
                per=f"{float(c.per_decision):+.6f}",
            )
        )
        if split and _mixed(c):
            lines.append(f"{'':12}{_exact(c.draw)} ({float(c.draw):.6f})")
    lines.append(
        text(lang, "chemin.solve.value", exact=_exact(s.value), value=f"{float(s.value):.6f}")
    )
    lines.append(
        text(
            lang,
            "chemin.solve.outcomes",
            banker=f"{float(s.banker_wins):.6f}",
            player=f"{float(s.player_wins):.6f}",
            tie=f"{float(s.tie):.6f}",
        )
    )
    lines.append(
        text(
            lang,
            "chemin.solve.after",
            commission=f"{float(s.commission):.0%}" if s.commission * 100 == int(s.commission * 100)
            else str(s.commission),
            value=f"{float(s.banker_after_commission):+.6f}",
        )
    )  # fmt: skip
    lines.append(text(lang, "chemin.solve.deviations"))
    for deviation in reversed(s.deviations):
        key = "chemin.solve.always_draw" if deviation.draws else "chemin.solve.always_stand"
        lines.append(
            text(
                lang,
                "chemin.solve.deviation",
                choice=text(lang, key),
                eq=f"{float(deviation.against_equilibrium):+.6f}",
                br=f"{float(deviation.against_best_reply):+.6f}",
            )
        )
    return "\n".join(lines)
