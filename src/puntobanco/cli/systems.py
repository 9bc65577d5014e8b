"""``puntobanco systems``: betting systems over many sessions of realistic shoes.

Argument parsing and printing only: the plans, the sessions and the figures are
:mod:`puntobanco.sim.systems`'; the rounds come from seeded cut-card shoes
(:mod:`puntobanco.sim.systems_deal`). Every message exists in English and
Spanish (``--lang``, else the locale); bad input gets a message naming what
was wrong and what is allowed, and exit status 2.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, check_lang, error_message
from puntobanco.core.money import format_minor, parse_amount
from puntobanco.core.rules import BetKind, TableLimits, preset
from puntobanco.sim.systems import (
    MAX_ROUNDS,
    Plan,
    Sessions,
    Summary,
    System,
    exact_edges,
    parse_system,
    run_sessions,
    summarize,
)
from puntobanco.sim.systems_deal import MAX_OUTCOMES, session_outcomes

#: The most sessions one run plays.
MAX_SESSIONS = 10_000_000

SYSTEM_NAMES: Mapping[Lang, Mapping[System, str]] = {
    "en": {
        System.FLAT: "Flat",
        System.MARTINGALE: "Martingale",
        System.PAROLI: "Paroli",
        System.FIBONACCI: "Fibonacci",
        System.DALEMBERT: "D'Alembert",
        System.ONE_THREE_TWO_SIX: "1-3-2-6",
        System.LABOUCHERE: "Labouchère",
        System.FOLLOW_WINNER: "Follow the last winner",
    },
    "es": {
        System.FLAT: "Apuesta plana",
        System.MARTINGALE: "Martingala",
        System.PAROLI: "Paroli",
        System.FIBONACCI: "Fibonacci",
        System.DALEMBERT: "D'Alembert",
        System.ONE_THREE_TWO_SIX: "1-3-2-6",
        System.LABOUCHERE: "Labouchère",
        System.FOLLOW_WINNER: "Seguir al último ganador",
    },
}

MESSAGES: Mapping[Lang, Mapping[str, str]] = {
    "en": {
        "title": "{system} on {side}: {sessions} sessions of up to {rounds} rounds",
        "setup": "Bankroll {bankroll}, base stake {base}, table {minimum} to {maximum}, "
        "seed {seed}",
        "figure": "Figure",
        "value": "Value",
        "system": "System",
        "mean_final": "Mean final bankroll",
        "quantiles": "Final bankroll 5% / 25% / 50% / 75% / 95%",
        "range": "Lowest / highest final bankroll",
        "ahead": "Sessions ending ahead",
        "ruin": "Risk of ruin (could not afford the next stake)",
        "stop_win": "Sessions stopped by stop-win",
        "stop_loss": "Sessions stopped by stop-loss",
        "turnover": "Mean turnover (total staked)",
        "rounds_played": "Mean rounds played",
        "loss": "Loss per unit wagered (± standard error)",
        "exact": "House edge of the same bets (exact)",
        "rounded": "Of which rounding winnings down to the cent",
        "unknown": "not available",
        "compare_title": "Every system on {side}: {sessions} sessions of up to {rounds} rounds",
        "col_mean": "Mean final",
        "col_p05": "5%",
        "col_median": "Median",
        "col_p95": "95%",
        "col_ahead": "Ahead",
        "col_ruin": "Ruin",
        "col_turnover": "Turnover",
        "col_loss": "Loss/unit ± s.e.",
        "col_exact": "Edge",
        "answer": "No system changes the expectation. Every plan loses, per unit wagered, the "
        "house edge of the bets it makes ({edge}); the differences between them are "
        "within their standard errors. A system only changes the shape of the results: "
        "how often a session ends ahead, how deep the losses go, and the risk of ruin.",
        "answer_no_edge": "No system changes the expectation: every plan loses about the same "
        "per unit wagered, within its standard errors. A system only changes the shape "
        "of the results: how often a session ends ahead, how deep the losses go, and the "
        "risk of ruin.",
        "dealing": "Dealing {rounds} rounds from seeded shoes...",
        "plot_saved": "Plot saved to {path}",
        "plot_failed": "Could not write the plot to {path}: {reason}",
        "paths": "Bankroll in the first {count} sessions",
        "histogram": "Final bankroll over {count} sessions",
        "round_axis": "Round",
        "bankroll_axis": "Bankroll",
        "sessions_axis": "Sessions",
        "start": "Starting bankroll",
        "bad_integer": "{name} must be a whole number from {minimum} to {maximum}, got {value!r}.",
        "too_many": "{sessions} sessions of {rounds} rounds is more than {limit} rounds in "
        "all: use fewer sessions or shorter ones.",
        "unknown_system": "Unknown system {value!r}: choose one of {allowed}.",
        "bad_side": "A system bets on banker or player, not {value!r}.",
        "base_outside_limits": "The base stake {stake} must be within the table limits, "
        "{minimum} to {maximum}.",
        "base_over_bankroll": "The base stake {stake} is more than the bankroll {balance}.",
        "too_small": "{name} must be at least {low}, got {value}.",
        "out_of_range": "{name} must be from {low} to {high}, got {value}.",
        "not_whole": "{name} must be a whole number, got {value}.",
        "limit": "The table {name} must be a positive amount, got {value}.",
        "limits_order": "The table minimum {minimum} is above the maximum {maximum}.",
        "decks": "Decks must be a whole number from 1 to 8, got {value}.",
        "preset": "Unknown rules {value!r}: choose one of {allowed}.",
    },
    "es": {
        "title": "{system} a {side}: {sessions} sesiones de hasta {rounds} manos",
        "setup": "Banca inicial {bankroll}, apuesta base {base}, mesa de {minimum} a {maximum}, "
        "semilla {seed}",
        "figure": "Cifra",
        "value": "Valor",
        "system": "Sistema",
        "mean_final": "Capital final medio",
        "quantiles": "Capital final 5% / 25% / 50% / 75% / 95%",
        "range": "Capital final mínimo / máximo",
        "ahead": "Sesiones que terminan ganando",
        "ruin": "Riesgo de ruina (no pudo cubrir la apuesta siguiente)",
        "stop_win": "Sesiones detenidas por objetivo de ganancia",
        "stop_loss": "Sesiones detenidas por límite de pérdida",
        "turnover": "Volumen medio apostado",
        "rounds_played": "Manos jugadas de media",
        "loss": "Pérdida por unidad apostada (± error típico)",
        "exact": "Ventaja de la casa de esas apuestas (exacta)",
        "rounded": "De ella, por redondear las ganancias al céntimo",
        "unknown": "no disponible",
        "compare_title": "Todos los sistemas a {side}: {sessions} sesiones de hasta {rounds} manos",
        "col_mean": "Final medio",
        "col_p05": "5%",
        "col_median": "Mediana",
        "col_p95": "95%",
        "col_ahead": "Ganando",
        "col_ruin": "Ruina",
        "col_turnover": "Apostado",
        "col_loss": "Pérdida/unidad ± e.t.",
        "col_exact": "Ventaja",
        "answer": "Ningún sistema cambia la esperanza. Cada plan pierde, por unidad apostada, "
        "la ventaja de la casa de las apuestas que hace ({edge}); las diferencias entre "
        "ellos caben en sus errores típicos. Un sistema solo cambia la forma de los "
        "resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y el "
        "riesgo de ruina.",
        "answer_no_edge": "Ningún sistema cambia la esperanza: todos pierden lo mismo por "
        "unidad apostada, dentro de sus errores típicos. Un sistema solo cambia la forma "
        "de los resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y "
        "el riesgo de ruina.",
        "dealing": "Repartiendo {rounds} manos de zapatos con semilla...",
        "plot_saved": "Gráfico guardado en {path}",
        "plot_failed": "No se pudo escribir el gráfico en {path}: {reason}",
        "paths": "Capital en las primeras {count} sesiones",
        "histogram": "Capital final en {count} sesiones",
        "round_axis": "Mano",
        "bankroll_axis": "Capital",
        "sessions_axis": "Sesiones",
        "start": "Capital inicial",
        "bad_integer": "{name} debe ser un número entero de {minimum} a {maximum}; se recibió "
        "{value!r}.",
        "too_many": "{sessions} sesiones de {rounds} manos superan las {limit} manos en total: "
        "use menos sesiones o más cortas.",
        "unknown_system": "Sistema desconocido {value!r}: elija uno de {allowed}.",
        "bad_side": "Un sistema apuesta a banker (Banca) o player (Jugador), no a {value!r}.",
        "base_outside_limits": "La apuesta base {stake} debe estar dentro de los límites de la "
        "mesa, de {minimum} a {maximum}.",
        "base_over_bankroll": "La apuesta base {stake} supera la banca inicial {balance}.",
        "too_small": "{name} debe ser al menos {low}; se recibió {value}.",
        "out_of_range": "{name} debe estar entre {low} y {high}; se recibió {value}.",
        "not_whole": "{name} debe ser un número entero; se recibió {value}.",
        "limit": "El {name} de la mesa debe ser una cantidad positiva; se recibió {value}.",
        "limits_order": "El mínimo de la mesa {minimum} supera el máximo {maximum}.",
        "decks": "Las barajas deben ser un número entero de 1 a 8; se recibió {value}.",
        "preset": "Reglas desconocidas {value!r}: elija unas de {allowed}.",
    },
}

#: Names of the plan's fields as the user typed them, for messages.
_OPTION_NAMES = {"bankroll": "--bankroll", "rounds": "--rounds", "stop_win": "--stop-win",
                 "stop_loss": "--stop-loss", "base": "--base"}  # fmt: skip
_MONEY_PARAMS = ("stake", "minimum", "maximum", "balance")


class _BadInput(Exception):
    """A message for the user, already in their language."""


def detect_lang(explicit: str | None, environ: Mapping[str, str] | None = None) -> Lang:
    """``--lang`` if given, else the locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    if explicit:
        return check_lang(explicit)
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return check_lang(env[name])
    return "en"


def _text(lang: Lang, key: str, **params: Any) -> str:
    return MESSAGES[lang][key].format(**params)


def translate_error(error: BaccaratError, lang: Lang) -> str:
    """A core or systems error in the user's language (English if no translation)."""
    template = MESSAGES[lang].get(error.code)
    if template is None:
        return error_message(error, lang)
    params = dict(error.params)
    for key in _MONEY_PARAMS:
        if isinstance(params.get(key), int):
            params[key] = format_minor(params[key])
    if isinstance(params.get("name"), str):
        params["name"] = _OPTION_NAMES.get(params["name"], params["name"])
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return error.message


def _integer(lang: Lang, name: str, value: str, minimum: int, maximum: int) -> int:
    try:
        number = int(value.strip().replace("_", ""))
    except ValueError:
        number = minimum - 1
    if not minimum <= number <= maximum:
        raise _BadInput(
            _text(lang, "bad_integer", name=name, minimum=minimum, maximum=maximum, value=value)
        )
    return number


def _amount(lang: Lang, option: str, text: str) -> int:
    """An amount in major units, or a message naming the option."""
    try:
        return parse_amount(text)
    except BaccaratError as error:
        raise _BadInput(f"{option}: {translate_error(error, lang)}") from None


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _per_unit(value: float | None, se: float | None = None) -> str:
    if value is None or math.isnan(value):
        return "-"
    shown = f"{100 * value:.3f}%"
    return shown if se is None or math.isnan(se) else f"{shown} ± {100 * se:.3f}%"


def _money(value: float) -> str:
    return format_minor(round(value))


def register(app: typer.Typer) -> None:
    """Add the ``systems`` command to ``app``."""

    @app.command("systems")
    def systems_command(
        system: Annotated[
            str,
            typer.Option(
                help="flat, martingale, paroli, fibonacci, "
                "dalembert, 1-3-2-6, labouchere, follow-the-winner"
            ),
        ] = "flat",
        on: Annotated[
            str, typer.Option(help="banker or player (follow-the-winner: the first bet's side)")
        ] = "banker",
        bankroll: Annotated[str, typer.Option(help="Bankroll per session")] = "1000",
        base: Annotated[str, typer.Option(help="Base stake (one unit)")] = "10",
        sessions: Annotated[str, typer.Option(help="Number of sessions")] = "10000",
        rounds: Annotated[str, typer.Option(help="Rounds per session, at most")] = "200",
        stop_win: Annotated[str | None, typer.Option(help="Stop once ahead by this")] = None,
        stop_loss: Annotated[str | None, typer.Option(help="Stop once behind by this")] = None,
        minimum: Annotated[str, typer.Option("--min", help="Table minimum")] = "1",
        maximum: Annotated[str, typer.Option("--max", help="Table maximum")] = "500",
        decks: Annotated[str, typer.Option(help="Decks in the shoe")] = "8",
        rules_name: Annotated[str, typer.Option("--rules", help="Rules preset")] = "punto-banco",
        seed: Annotated[str | None, typer.Option(help="Seed (random if omitted)")] = None,
        compare: Annotated[
            bool, typer.Option("--compare", help="Every system side by side")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object")] = False,
        plot: Annotated[
            Path | None,
            typer.Option(help="Write a PNG: bankroll paths and the final-bankroll histogram"),
        ] = None,
        lang: Annotated[str | None, typer.Option(help="en or es (default: the locale)")] = None,
    ) -> None:
        """Betting systems over many sessions of seeded cut-card shoes."""  # noqa: D401
        language = detect_lang(lang)
        console = Console(stderr=True)
        try:
            chosen_seed = (
                secrets.randbits(63)
                if seed is None
                else _integer(language, "--seed", seed, 0, 2**64 - 1)
            )
            n_sessions = _integer(language, "--sessions", sessions, 1, MAX_SESSIONS)
            n_rounds = _integer(language, "--rounds", rounds, 1, MAX_ROUNDS)
            if n_sessions * n_rounds > MAX_OUTCOMES:
                raise _BadInput(
                    _text(
                        language,
                        "too_many",
                        sessions=n_sessions,
                        rounds=n_rounds,
                        limit=MAX_OUTCOMES,
                    )
                )
            rules = preset(rules_name).replace(decks=_integer(language, "--decks", decks, 1, 8))
            limits = TableLimits(
                minimum_minor=_amount(language, "--min", minimum),
                maximum_minor=_amount(language, "--max", maximum),
            )
            common: dict[str, Any] = {
                "on": on,
                "bankroll_minor": _amount(language, "--bankroll", bankroll),
                "base_minor": _amount(language, "--base", base),
                "rounds": n_rounds,
                "stop_win_minor": None
                if stop_win is None
                else _amount(language, "--stop-win", stop_win),
                "stop_loss_minor": None
                if stop_loss is None
                else _amount(language, "--stop-loss", stop_loss),
                "limits": limits,
                "rules": rules,
            }
            chosen = list(System) if compare else [parse_system(system)]
            plans = [Plan(system=s, **common) for s in chosen]
        except _BadInput as bad:
            console.print(str(bad), markup=False)
            raise typer.Exit(2) from None
        except BaccaratError as error:
            console.print(translate_error(error, language), markup=False)
            raise typer.Exit(2) from None

        total = n_sessions * n_rounds
        if not as_json and total > 2_000_000:
            console.print(_text(language, "dealing", rounds=f"{total:,}"), markup=False)
        start = time.perf_counter()
        outcomes = session_outcomes(rules, seed=chosen_seed, sessions=n_sessions, rounds=n_rounds)
        edges = exact_edges(rules)
        played = [run_sessions(p, outcomes) for p in plans]
        summaries = [summarize(s, edges) for s in played]
        seconds = time.perf_counter() - start

        if as_json:
            document: dict[str, Any] = {
                "seed": chosen_seed,
                "sessions": n_sessions,
                "rounds": n_rounds,
                "decks": rules.decks,
                "bankroll_minor": common["bankroll_minor"],
                "base_minor": common["base_minor"],
                "stop_win_minor": common["stop_win_minor"],
                "stop_loss_minor": common["stop_loss_minor"],
                "limits": {
                    "minimum_minor": limits.minimum_minor,
                    "maximum_minor": limits.maximum_minor,
                },  # fmt: skip
                "seconds": seconds,
            }
            if compare:
                document["systems"] = [s.to_json() for s in summaries]
            else:
                document.update(summaries[0].to_json())
            typer.echo(json.dumps(document))
        else:
            out = Console()
            setup = _text(
                language,
                "setup",
                bankroll=format_minor(common["bankroll_minor"]),
                base=format_minor(common["base_minor"]),
                minimum=format_minor(limits.minimum_minor),
                maximum=format_minor(limits.maximum_minor),
                seed=chosen_seed,
            )
            if compare:
                out.print(_compare_table(summaries, language, n_sessions, n_rounds))
            else:
                out.print(_single_table(summaries[0], language, n_rounds))
            out.print(setup, markup=False)
            out.print(_answer(summaries, edges, language), markup=False)
        if plot is not None:
            try:
                draw_plot(played, summaries, plot, language)
            except (OSError, ValueError) as error:
                console.print(_text(language, "plot_failed", path=plot, reason=error), markup=False)
                raise typer.Exit(2) from None
            if not as_json:
                console.print(_text(language, "plot_saved", path=plot), markup=False)


def _side_name(lang: Lang, side: BetKind) -> str:
    from puntobanco.core.explain import BET_NAMES

    return BET_NAMES[lang][side]


def _single_table(summary: Summary, lang: Lang, rounds: int) -> Table:
    title = _text(
        lang,
        "title",
        system=SYSTEM_NAMES[lang][summary.system],
        side=_side_name(lang, summary.on),
        sessions=f"{summary.sessions:,}",
        rounds=rounds,
    )
    table = Table(title=title)
    table.add_column(_text(lang, "figure"))
    table.add_column(_text(lang, "value"), justify="right")
    q = summary.quantiles
    rows = [
        ("mean_final", f"{_money(summary.mean_final)} (σ {_money(summary.std_final)})"),
        ("quantiles", " / ".join(format_minor(q[name]) for name in q)),
        ("range", f"{format_minor(summary.lowest_final)} / {format_minor(summary.highest_final)}"),
        ("ahead", _percent(summary.ahead_rate)),
        ("ruin", f"{_percent(summary.ruin_rate)} ± {_percent(summary.ruin_se)}"),
        ("stop_win", _percent(summary.stop_win_rate)),
        ("stop_loss", _percent(summary.stop_loss_rate)),
        ("turnover", _money(summary.mean_turnover)),
        ("rounds_played", f"{summary.mean_rounds:.1f}"),
        ("loss", _per_unit(summary.loss_per_unit, summary.loss_per_unit_se)),
        ("rounded", _per_unit(summary.rounded_per_unit)),
        (
            "exact",
            _per_unit(summary.exact_loss_per_unit)
            if summary.exact_loss_per_unit is not None
            else _text(lang, "unknown"),
        ),
    ]
    for key, value in rows:
        table.add_row(_text(lang, key), value)
    return table


def _compare_table(summaries: list[Summary], lang: Lang, sessions: int, rounds: int) -> Table:
    first = summaries[0]
    title = _text(
        lang,
        "compare_title",
        side=_side_name(lang, first.on),
        sessions=f"{sessions:,}",
        rounds=rounds,
    )
    table = Table(title=title)
    headers = ["system", "col_mean", "col_p05", "col_median", "col_p95", "col_ahead", "col_ruin",
               "col_turnover", "col_loss"]  # fmt: skip
    with_edges = any(s.exact_loss_per_unit is not None for s in summaries)
    if with_edges:
        headers.append("col_exact")
    for i, key in enumerate(headers):
        table.add_column(_text(lang, key), justify="left" if i == 0 else "right")
    for s in summaries:
        cells = [
            SYSTEM_NAMES[lang][s.system],
            _money(s.mean_final),
            format_minor(s.quantiles["p05"]),
            format_minor(s.quantiles["p50"]),
            format_minor(s.quantiles["p95"]),
            _percent(s.ahead_rate),
            _percent(s.ruin_rate),
            _money(s.mean_turnover),
            _per_unit(s.loss_per_unit, s.loss_per_unit_se),
        ]
        if with_edges:
            cells.append(_per_unit(s.exact_loss_per_unit))
        table.add_row(*cells)
    return table


def _answer(summaries: list[Summary], edges: Any, lang: Lang) -> str:
    if edges is None:
        return _text(lang, "answer_no_edge")
    side = summaries[0].on
    return _text(lang, "answer", edge=_per_unit(float(edges[side])))


def draw_plot(played: list[Sessions], summaries: list[Summary], path: Path, lang: Lang) -> None:
    """Bankroll paths and the final-bankroll histogram (one row per system) into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = len(played)
    figure, axes = plt.subplots(rows, 2, figsize=(12, 3.6 * rows), squeeze=False)
    try:
        for row, (sessions, summary) in enumerate(zip(played, summaries, strict=True)):
            name = SYSTEM_NAMES[lang][summary.system]
            start = sessions.plan.bankroll_minor / 100
            left, right = axes[row]
            for line in sessions.paths:
                left.plot(line / 100, linewidth=0.8)
            left.axhline(start, color="black", linewidth=0.8, linestyle="--")
            left.set_title(f"{name}: {_text(lang, 'paths', count=len(sessions.paths))}")
            left.set_xlabel(_text(lang, "round_axis"))
            left.set_ylabel(_text(lang, "bankroll_axis"))
            finals = sessions.results[:, 0] / 100
            right.hist(finals, bins=60, color="tab:blue")
            right.axvline(start, color="black", linestyle="--", label=_text(lang, "start"))
            right.set_title(f"{name}: {_text(lang, 'histogram', count=len(finals))}")
            right.set_xlabel(_text(lang, "bankroll_axis"))
            right.set_ylabel(_text(lang, "sessions_axis"))
            right.legend()
        figure.tight_layout()
        figure.savefig(path, dpi=100)
    finally:
        plt.close(figure)
