"""``puntobanco systems``: betting systems over many sessions of realistic shoes.

Argument parsing and printing only: the plans, the sessions and the figures are
:mod:`puntobanco.sim.systems`'; the rounds come from seeded cut-card shoes
(:mod:`puntobanco.sim.systems_deal`). Every message exists in English and
Spanish (``--lang``, else the locale); bad input gets a message naming what
was wrong and what is allowed, and exit status 2.
"""

# No ``from __future__ import annotations`` here: Typer reads each option's annotation,
# and ``help=h(...)`` in it calls a function local to ``register``, which a string
# annotation evaluated later could not see.

import json
import math
import os
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from puntobanco.cli.lang import detect_lang, lang_in_args
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    parse_format,
    parse_money,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.tables import write_rows
from puntobanco.cli.textsafe import safe_stream, transliterate
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.money import format_minor
from puntobanco.core.rules import BetKind, TableLimits, preset

if TYPE_CHECKING:
    from puntobanco.sim.systems import Sessions, Summary

# The simulation (numpy and numba) is imported inside the command, when it runs, so
# that ``puntobanco --help`` and the other commands start without loading it. So the
# system names below are keyed by the plans' names (``System`` is a StrEnum).

#: The most sessions one run plays.
MAX_SESSIONS = 10_000_000

SYSTEM_NAMES: Mapping[Lang, Mapping[str, str]] = {
    "en": {
        "flat": "Flat",
        "martingale": "Martingale",
        "paroli": "Paroli",
        "fibonacci": "Fibonacci",
        "dalembert": "D'Alembert",
        "1-3-2-6": "1-3-2-6",
        "labouchere": "Labouchère",
        "follow-the-winner": "Follow the last winner",
    },
    "es": {
        "flat": "Apuesta plana",
        "martingale": "Martingala",
        "paroli": "Paroli",
        "fibonacci": "Fibonacci",
        "dalembert": "D'Alembert",
        "1-3-2-6": "1-3-2-6",
        "labouchere": "Labouchère",
        "follow-the-winner": "Seguir al último ganador",
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
        "house edge of the bets it makes ({edges}); the losses measured here are within 3 "
        "standard errors of it. A system only changes the shape of the results: how often "
        "a session ends ahead, how deep the losses go, and the risk of ruin.",
        "answer_unmeasured": "No system changes the expectation. Every plan loses, per unit "
        "wagered, the house edge of the bets it makes ({edges}); this run is too small to "
        "measure its standard error, so it neither confirms nor refutes that. A system only "
        "changes the shape of the results: how often a session ends ahead, how deep the "
        "losses go, and the risk of ruin.",
        "answer_far": "In theory no system changes the expectation: every plan loses, per unit "
        "wagered, the house edge of the bets it makes ({edges}). This run does not confirm "
        "it: {far}. A gap of 3 standard errors or more happens by chance about 3 times in "
        "1,000 per system; run more sessions or another seed, and if the gap stays, the "
        "simulation is wrong.",
        "far_item": "{system} lost {loss} per unit against an edge of {edge} (z = {z})",
        "answer_no_edge": "No system changes the expectation: every plan loses the same per "
        "unit wagered, the house edge of its bets (the exact edge is not available in this "
        "build). A system only changes the shape of the results: how often a session ends "
        "ahead, how deep the losses go, and the risk of ruin.",
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
        "rules_not_supported": (
            "The betting systems play Player or Banker where a win always pays the same way; "
            "these rules settle a Banker win in more ways (as EZ Baccarat's push on a "
            "three-card 7). Presets they play: {allowed}."
        ),
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
        "lang": "Unknown language {value!r}: the languages are en and es.",
        "help": "Betting systems over many sessions of seeded cut-card shoes: what they do "
        "to the bankroll, and what they cannot do to the house edge.",
        "help_system": "flat, martingale, paroli, fibonacci, dalembert, 1-3-2-6, labouchere "
        "or follow-the-winner (default: flat).",
        "help_on": "banker or player; for follow-the-winner, the first bet's side "
        "(default: banker).",
        "help_bankroll": "Bankroll per session (default: 1000).",
        "help_base": "Base stake, one unit of the progression (default: 10).",
        "help_sessions": "Number of sessions (default: 10000).",
        "help_rounds": "Rounds per session, at most (default: 200).",
        "help_stop_win": "Stop a session once ahead by this much.",
        "help_stop_loss": "Stop a session once behind by this much.",
        "help_min": "Table minimum per bet (default: 1).",
        "help_max": "Table maximum per bet (default: 500).",
        "help_decks": "Decks in the shoe, 1 to 8 (default: the rules preset's).",
        "help_rules": "Rules preset (default: punto-banco).",
        "help_seed": "Seed: the same seed deals the same rounds (default: random).",
        "help_compare": "Every system side by side, on the same rounds.",
        "help_json": "One JSON object instead of the tables (the same as --format json).",
        "help_format": "table (default), json, csv or markdown: one row per system.",
        "help_plot": "Write a PNG: bankroll paths and the final-bankroll histogram.",
        "help_lang": "Language, es or en (default: from the locale).",
    },
    "es": {
        "title": "{system} a {side}: {sessions} sesiones de hasta {rounds} manos",
        "setup": "Banca inicial {bankroll}, apuesta base {base}, mesa de {minimum} a {maximum}, "
        "semilla {seed}",
        "figure": "Cifra",
        "value": "Valor",
        "system": "Sistema",
        "mean_final": "Capital final medio",
        # Percentiles named by their number: "75 %" in a wrapped label could split from its sign.
        "quantiles": "Capital final, percentiles 5 / 25 / 50 / 75 / 95",
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
        "la ventaja de la casa de las apuestas que hace ({edges}); las pérdidas medidas "
        "aquí quedan a menos de 3 errores típicos de ella. Un sistema solo cambia la forma "
        "de los resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y "
        "el riesgo de ruina.",
        "answer_unmeasured": "Ningún sistema cambia la esperanza. Cada plan pierde, por unidad "
        "apostada, la ventaja de la casa de las apuestas que hace ({edges}); esta simulación "
        "es demasiado pequeña para medir su error típico, así que ni lo confirma ni lo "
        "desmiente. Un sistema solo cambia la forma de los resultados: cuántas sesiones "
        "terminan ganando, cuánto se llega a perder y el riesgo de ruina.",
        "answer_far": "En teoría ningún sistema cambia la esperanza: cada plan pierde, por "
        "unidad apostada, la ventaja de la casa de las apuestas que hace ({edges}). Esta "
        "simulación no lo confirma: {far}. Una diferencia de 3 errores típicos o más ocurre "
        "por azar unas 3 veces de cada 1.000 por sistema; simule más sesiones u otra "
        "semilla, y si la diferencia se mantiene, la simulación está mal.",
        "far_item": "{system} perdió {loss} por unidad frente a una ventaja de {edge} (z = {z})",
        "answer_no_edge": "Ningún sistema cambia la esperanza: todos pierden lo mismo por "
        "unidad apostada, la ventaja de la casa de sus apuestas (la ventaja exacta no está "
        "disponible en esta instalación). Un sistema solo cambia la forma de los "
        "resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y el "
        "riesgo de ruina.",
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
        "rules_not_supported": (
            "Los sistemas juegan a Jugador o Banca donde una apuesta ganadora se paga siempre "
            "igual; estas reglas liquidan una victoria de la Banca de más formas (como la "
            "devolución de EZ Baccarat con un 7 de tres cartas). Preajustes que juegan: "
            "{allowed}."
        ),
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
        "lang": "Idioma desconocido {value!r}: los idiomas son en y es.",
        "help": "Sistemas de apuestas en muchas sesiones de zapatos con carta de corte y "
        "semilla: lo que hacen con el capital, y lo que no pueden hacer con la ventaja de la "
        "casa.",
        "help_system": "flat, martingale, paroli, fibonacci, dalembert, 1-3-2-6, labouchere "
        "o follow-the-winner (por defecto: flat).",
        "help_on": "banker (Banca) o player (Jugador); en follow-the-winner, el lado de la "
        "primera apuesta (por defecto: banker).",
        "help_bankroll": "Capital de cada sesión (por defecto: 1000).",
        "help_base": "Apuesta base, una unidad de la progresión (por defecto: 10).",
        "help_sessions": "Número de sesiones (por defecto: 10000).",
        "help_rounds": "Manos por sesión, como mucho (por defecto: 200).",
        "help_stop_win": "Parar una sesión al ir ganando esta cantidad.",
        "help_stop_loss": "Parar una sesión al ir perdiendo esta cantidad.",
        "help_min": "Apuesta mínima de la mesa (por defecto: 1).",
        "help_max": "Apuesta máxima de la mesa (por defecto: 500).",
        "help_decks": "Barajas en el zapato, de 1 a 8 (por defecto: las de las reglas).",
        "help_rules": "Reglas predefinidas (por defecto: punto-banco).",
        "help_seed": "Semilla: la misma semilla reparte las mismas manos (por defecto: al azar).",
        "help_compare": "Todos los sistemas a la vez, sobre las mismas manos.",
        "help_json": "Un objeto JSON en lugar de las tablas (lo mismo que --format json).",
        "help_format": "table (por defecto), json, csv o markdown: una fila por sistema.",
        "help_plot": "Escribir un PNG: la evolución del capital y el histograma del capital final.",
        "help_lang": "Idioma, es o en (por defecto: el del sistema).",
    },
}

#: Names of the plan's fields as the user typed them, for messages.
_OPTION_NAMES = {"bankroll": "--bankroll", "rounds": "--rounds", "stop_win": "--stop-win",
                 "stop_loss": "--stop-loss", "base": "--base"}  # fmt: skip
_MONEY_PARAMS = ("stake", "minimum", "maximum", "balance")


class _BadInput(Exception):
    """A message for the user, already in their language."""


def _language(raw: str | None) -> Lang:
    """``raw`` if it names a language we have, else the locale's (see :mod:`cli.lang`)."""
    return detect_lang(raw if raw and i18n.parse_lang(raw) else None, os.environ)


def _refuse(text: str) -> typer.Exit:
    """Print ``text`` on standard error, readable on any terminal; exit status 2."""
    console = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
    console.print(escape(text))
    return typer.Exit(2)


class SystemsCommand(TranslatedCommand):
    """Click's usage errors in the user's language and the help on any terminal, as in ``play``."""

    command_name = "systems"
    option_example = "--sessions 1000"
    error_style = None


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
    """An amount in major units, as ``lang`` writes it, or a message naming the option."""
    try:
        return parse_money(text, lang)
    except OptionValueError as error:
        raise _BadInput(
            i18n.text(lang, "cli.opt.bad", option=option, detail=error.detail(lang))
        ) from None


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
    """Add the ``systems`` command to ``app``.

    The help texts are in the language of ``--lang`` on the command line, or
    else of the locale, as the command's messages are.
    """
    help_lang = _language(lang_in_args(sys.argv))

    def h(key: str) -> str:
        return _text(help_lang, f"help_{key}")

    @app.command("systems", cls=SystemsCommand, help=_text(help_lang, "help"))
    def systems_command(
        system: Annotated[
            str, typer.Option(metavar="NAME", show_default=False, help=h("system"))
        ] = "flat",
        on: Annotated[
            str, typer.Option(metavar="banker|player", show_default=False, help=h("on"))
        ] = "banker",
        bankroll: Annotated[
            str, typer.Option(metavar="AMOUNT", show_default=False, help=h("bankroll"))
        ] = "1000",
        base: Annotated[
            str, typer.Option(metavar="AMOUNT", show_default=False, help=h("base"))
        ] = "10",
        sessions: Annotated[
            str, typer.Option(metavar="N", show_default=False, help=h("sessions"))
        ] = "10000",
        rounds: Annotated[
            str, typer.Option(metavar="N", show_default=False, help=h("rounds"))
        ] = "200",
        stop_win: Annotated[
            str | None, typer.Option(metavar="AMOUNT", show_default=False, help=h("stop_win"))
        ] = None,
        stop_loss: Annotated[
            str | None, typer.Option(metavar="AMOUNT", show_default=False, help=h("stop_loss"))
        ] = None,
        minimum: Annotated[
            str, typer.Option("--min", metavar="AMOUNT", show_default=False, help=h("min"))
        ] = "1",
        maximum: Annotated[
            str, typer.Option("--max", metavar="AMOUNT", show_default=False, help=h("max"))
        ] = "500",
        decks: Annotated[
            str | None, typer.Option(metavar="N", show_default=False, help=h("decks"))
        ] = None,
        rules_name: Annotated[
            str,
            typer.Option(
                "--preset", "--rules", metavar="NAME", show_default=False, help=h("rules")
            ),
        ] = "punto-banco",
        seed: Annotated[
            str | None, typer.Option(metavar="N", show_default=False, help=h("seed"))
        ] = None,
        compare: Annotated[bool, typer.Option("--compare", help=h("compare"))] = False,
        as_json: Annotated[bool, typer.Option("--json", help=h("json"))] = False,
        fmt: Annotated[
            OutputFormat | None,
            typer.Option(
                "--format",
                metavar="FORMAT",
                parser=parse_format,
                help=h("format"),
            ),
        ] = None,
        plot: Annotated[
            Path | None, typer.Option(metavar="FILE.png", show_default=False, help=h("plot"))
        ] = None,
        lang: Annotated[str | None, typer.Option(metavar="es|en", help=h("lang"))] = None,
    ) -> None:
        """Betting systems over many sessions of seeded cut-card shoes."""  # noqa: D401
        if lang is not None and i18n.parse_lang(lang) is None:
            raise _refuse(_text(_language(None), "lang", value=lang))
        language = _language(lang)
        console = Console(file=safe_stream(sys.stderr), highlight=False)
        from puntobanco.sim.systems import (
            MAX_ROUNDS,
            Plan,
            System,
            exact_edges,
            parse_system,
            run_sessions,
            summarize,
        )
        from puntobanco.sim.systems_deal import MAX_OUTCOMES, session_outcomes

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
            rules = preset(rules_name)
            if decks is not None:
                rules = rules.replace(decks=_integer(language, "--decks", decks, 1, 8))
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
            try:
                output = chosen_format(fmt, as_json)
            except OptionValueError as error:
                raise _BadInput(
                    i18n.text(
                        language, "cli.opt.bad", option="--format", detail=error.detail(language)
                    )
                ) from None
        except _BadInput as bad:
            console.print(str(bad), markup=False)
            raise typer.Exit(2) from None
        except BaccaratError as error:
            console.print(translate_error(error, language), markup=False)
            raise typer.Exit(2) from None

        if plot is not None:
            # Before the run, which can take minutes: a plot that cannot be written fails now.
            problem = _unwritable(plot)
            if problem is not None:
                console.print(
                    _text(language, "plot_failed", path=plot, reason=problem), markup=False
                )
                raise typer.Exit(2)
        as_json = output is OutputFormat.JSON
        total = n_sessions * n_rounds
        if output is OutputFormat.TABLE and total > 2_000_000:
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
        elif output is not OutputFormat.TABLE:
            typer.echo(_flat_summaries(summaries, output), nl=False)
        else:
            out = Console(file=safe_stream(sys.stdout))

            # Spelled out before Rich lays the tables out, so that a sign that
            # becomes several letters ("±" -> "+/-") keeps the columns aligned.
            def symbols(text: str) -> str:
                return transliterate(localize(text, language), encoding=out.encoding)

            setup = _text(
                language,
                "setup",
                bankroll=format_minor(common["bankroll_minor"]),
                base=format_minor(common["base_minor"]),
                minimum=format_minor(limits.minimum_minor),
                maximum=format_minor(limits.maximum_minor),
                seed=chosen_seed,
            )
            table = _single_table(summaries[0], language, n_rounds, symbols)
            if compare:
                table = _compare_table(summaries, language, n_sessions, n_rounds, symbols)
            if compare and not _fits(out, table):
                # Ten columns of figures do not fit a narrow terminal without cutting
                # numbers: one table per system instead, figures under each other.
                for summary in summaries:
                    out.print(_single_table(summary, language, n_rounds, symbols))
            else:
                out.print(table)
            out.print(symbols(setup), markup=False)
            out.print(symbols(conclusion(summaries, language)), markup=False)
        if plot is not None:
            try:
                draw_plot(played, summaries, plot, language)
            except (OSError, ValueError) as error:
                console.print(_text(language, "plot_failed", path=plot, reason=error), markup=False)
                raise typer.Exit(2) from None
            if not as_json:
                console.print(_text(language, "plot_saved", path=plot), markup=False)


def _fits(console: Console, table: Table) -> bool:
    """Whether ``table`` fits ``console``'s width at its natural size (nothing cut or wrapped)."""
    from rich.measure import Measurement

    # Measured without the console's width, which Measurement.get would clamp it to.
    unbounded = console.options.update(max_width=10_000)
    return Measurement.get(console, unbounded, table).maximum <= console.width


def _unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written (``None`` if it can), trying it without leaving a file."""
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        return error.strerror or type(error).__name__
    if not existed:
        path.unlink(missing_ok=True)
    return None


def _flat_summaries(summaries: list[Any], output: OutputFormat) -> str:
    """One row per system for ``--format csv|markdown``: the JSON's plain fields."""
    documents = [s.to_json() for s in summaries]
    headers = [k for k, v in documents[0].items() if not isinstance(v, dict | list)]
    return write_rows(headers, [[d[k] for k in headers] for d in documents], output)


def _side_name(lang: Lang, side: BetKind) -> str:
    from puntobanco.core.explain import BET_NAMES

    return BET_NAMES[lang][side]


def _single_table(
    summary: "Summary", lang: Lang, rounds: int, symbols: Callable[[str], str] = str
) -> Table:
    title = _text(
        lang,
        "title",
        system=SYSTEM_NAMES[lang][summary.system],
        side=_side_name(lang, summary.on),
        sessions=f"{summary.sessions:,}",
        rounds=rounds,
    )
    table = Table(title=symbols(title))
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
        table.add_row(symbols(_text(lang, key)), symbols(value))
    return table


def _compare_table(
    summaries: "list[Summary]",
    lang: Lang,
    sessions: int,
    rounds: int,
    symbols: Callable[[str], str] = str,
) -> Table:
    first = summaries[0]
    title = _text(
        lang,
        "compare_title",
        side=_side_name(lang, first.on),
        sessions=f"{sessions:,}",
        rounds=rounds,
    )
    table = Table(title=symbols(title))
    headers = ["system", "col_mean", "col_p05", "col_median", "col_p95", "col_ahead", "col_ruin",
               "col_turnover", "col_loss"]  # fmt: skip
    with_edges = any(s.exact_loss_per_unit is not None for s in summaries)
    if with_edges:
        headers.append("col_exact")
    for i, key in enumerate(headers):
        table.add_column(symbols(_text(lang, key)), justify="left" if i == 0 else "right")
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
        table.add_row(*map(symbols, cells))
    return table


def conclusion(summaries: "Sequence[Summary]", lang: Lang) -> str:
    """The plain answer under the figures: what the systems did to the expectation.

    It quotes each summary's own exact loss per unit (follow-the-winner mixes
    Banker and Player bets, so its edge is not the Banker's), and says the run
    agrees with the theory only where every ``|z|`` is under 3.
    """
    measured = [s for s in summaries if s.exact_loss_per_unit is not None]
    if not measured:
        return _text(lang, "answer_no_edge")
    figures: dict[str, list[str]] = {}
    for s in measured:
        figures.setdefault(_per_unit(s.exact_loss_per_unit), []).append(
            SYSTEM_NAMES[lang][s.system]
        )
    if len(figures) == 1:
        edges = next(iter(figures))
    else:
        edges = "; ".join(f"{', '.join(names)}: {figure}" for figure, names in figures.items())
    far = [s for s in measured if s.z is not None and abs(s.z) >= 3]
    if far:
        items = [
            _text(
                lang,
                "far_item",
                system=SYSTEM_NAMES[lang][s.system],
                loss=_per_unit(s.loss_per_unit, s.loss_per_unit_se),
                edge=_per_unit(s.exact_loss_per_unit),
                z=f"{s.z:+.1f}",
            )
            for s in far
        ]
        return _text(lang, "answer_far", edges=edges, far="; ".join(items))
    if any(s.z is None for s in measured):
        return _text(lang, "answer_unmeasured", edges=edges)
    return _text(lang, "answer", edges=edges)


def draw_plot(played: "list[Sessions]", summaries: "list[Summary]", path: Path, lang: Lang) -> None:
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
