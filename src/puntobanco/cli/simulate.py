"""``puntobanco simulate``: deal many rounds with a chosen backend and report the tallies.

Argument parsing and printing only; the work is :func:`puntobanco.sim.api.simulate`.
Messages follow ``--lang`` (or the locale: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
in English or Spanish. Exit status: 0 done; 2 bad input or a backend that cannot
run (a message, never a traceback); 130 stopped by Ctrl-C, after printing the
partial result.
"""

# No ``from __future__ import annotations`` here: Typer reads each option's annotation,
# and ``help=h(...)`` in it calls a function local to ``register``, which a string
# annotation evaluated later could not see.

import json
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from types import FrameType
from typing import Annotated, Any, NoReturn, cast

import typer

from puntobanco.cli.lang import detect_lang, help_lang
from puntobanco.cli.numbers import interval, localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    parse_decks,
    parse_format,
    parse_payout,
    parse_rate,
    parse_shoe,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.tables import write_rows
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import BET_NAMES, SIDE_NAMES, Lang
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode

#: Runs asked for with at least this many rounds get a progress bar on a terminal.
PROGRESS_FROM_HANDS = 20_000_000

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "{hands:,} rounds, {decks} decks, {mode}: {backend} backend, {workers} worker(s)",
        "speed": "{seconds:.3f} s, {rate:,.0f} rounds/s (compilation excluded), seed {seed}",
        "interrupted": "Stopped early: these are the {hands:,} rounds dealt before Ctrl-C.",
        "outcome": "Outcome",
        "count": "Count",
        "frequency": "Frequency",
        "exact": "Exact",
        "bet": "Bet",
        "net": "Net per unit",
        "interval": "95% interval",
        "naturals": "Naturals: Player {player:,}, Banker {banker:,}",
        "pairs": "Pairs: Player {player:,}, Banker {banker:,}",
        "cards": "Cards dealt: {cards:,} (rounds of 4/5/6 cards: {four:,}/{five:,}/{six:,})",
        "no_exact": "(no exact figures for these rules)",
        "progress": "Dealing",
        "stopped": "Stopped before any round was dealt.",
        "cut-card": "cut-card shoe",
        "reshuffle": "reshuffled every round",
        # --help
        "help": (
            "Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net result."
        ),
        "help_hands": "Rounds to deal (exactly).",
        "help_shoes": "Whole shoes to deal instead of --hands.",
        "help_seed": "Seed (0 or more); random and reported if left out.",
        "help_backend": "reference, cpu, cuda or dask (default: cpu).",
        "help_workers": "Threads (cpu) or local processes (dask).",
        "help_scheduler": "Dask scheduler address, e.g. tcp://host:8786.",
        "help_timeout": "Seconds to wait for the scheduler (default: 10).",
        "help_rules": "Rules preset: {presets} (default: punto-banco).",
        "help_decks": "Decks, 1 to 8.",
        "help_shoe": "cut-card (burn, deal to the cut card) or reshuffle.",
        "help_cut_card": "Cards behind the cut card.",
        "help_burn": "Burn at the start of a shoe.",
        "help_commission": "Banker commission, 5% or 0.05 (a bare 5 is refused as ambiguous).",
        "help_tie_pays": "Tie winnings per unit, e.g. 8.",
        "help_banker_six_pays": "Winnings of a Banker win on 6 (e.g. 1/2).",
        "help_pair_pays": "Offer pair bets paying this.",
        "help_json": "One JSON object on stdout (the same as --format json).",
        "help_format": "table (default), json, csv or markdown: one row per outcome and bet.",
        "help_progress": "Progress bar (default: long runs).",
        "help_lang": "en or es (default: the locale).",
    },
    "es": {
        "title": (
            "{hands:,} manos, {decks} barajas, {mode}: motor {backend}, {workers} trabajador(es)"
        ),
        "speed": "{seconds:.3f} s, {rate:,.0f} manos/s (sin la compilación), semilla {seed}",
        "interrupted": (
            "Detenido antes de tiempo: son las {hands:,} manos repartidas antes de Ctrl-C."
        ),
        "outcome": "Resultado",
        "count": "Veces",
        "frequency": "Frecuencia",
        "exact": "Exacto",
        "bet": "Apuesta",
        "net": "Neto por unidad",
        "interval": "Intervalo 95%",
        "naturals": "Naturales: Jugador {player:,}, Banca {banker:,}",
        "pairs": "Parejas: Jugador {player:,}, Banca {banker:,}",
        "cards": "Cartas repartidas: {cards:,} (manos de 4/5/6 cartas: {four:,}/{five:,}/{six:,})",
        "no_exact": "(sin cifras exactas para estas reglas)",
        "progress": "Repartiendo",
        "stopped": "Detenido antes de repartir ninguna mano.",
        "cut-card": "zapato con carta de corte",
        "reshuffle": "barajado en cada mano",
        "help": (
            "Repartir muchas manos y contarlas: resultados, naturales, parejas y el resultado "
            "neto de cada apuesta."
        ),
        "help_hands": "Manos que repartir (exactamente).",
        "help_shoes": "Zapatos completos que repartir, en lugar de --hands.",
        "help_seed": "Semilla (0 o más); si se omite, se elige al azar y se muestra.",
        "help_backend": "reference, cpu, cuda o dask (por defecto: cpu).",
        "help_workers": "Hilos (cpu) o procesos locales (dask).",
        "help_scheduler": "Dirección del planificador de Dask, como tcp://host:8786.",
        "help_timeout": "Segundos que esperar al planificador (por defecto: 10).",
        "help_rules": "Reglas predefinidas: {presets} (por defecto: punto-banco).",
        "help_decks": "Barajas, de 1 a 8.",
        "help_shoe": "cut-card (quemado y reparto hasta la carta de corte) o reshuffle.",
        "help_cut_card": "Cartas detrás de la carta de corte.",
        "help_burn": "Quemar cartas al empezar cada zapato.",
        "help_commission": "Comisión de la Banca, 5% o 0.05 (un 5 solo se rechaza por ambiguo).",
        "help_tie_pays": "Ganancia del Empate por unidad apostada, como 8.",
        "help_banker_six_pays": "Ganancia de la Banca cuando gana con 6 (por ejemplo, 1/2).",
        "help_pair_pays": "Ofrecer las apuestas a pareja con este pago.",
        "help_json": "Un objeto JSON en la salida estándar (lo mismo que --format json).",
        "help_format": (
            "table (por defecto), json, csv o markdown: una fila por resultado y apuesta."
        ),
        "help_progress": "Barra de progreso (por defecto: en las simulaciones largas).",
        "help_lang": "en o es (por defecto: el idioma del sistema).",
    },
}

#: Error messages by code, for SimulationError and the rules' InvalidRules.
_ERRORS: dict[str, dict[str, str]] = {
    "en": {
        "count": "--{name} must be a whole number from 1 to {maximum:,}, got {value}.",
        "count_choice": "Give --hands or --shoes (one of them).",
        "seed": "The seed must be a whole number from 0 to 18446744073709551615 (2**64 - 1), "
        "got {value}.",
        "lang": "Unknown language {value!r}: use en or es.",
        "backend": "Unknown backend {value!r}: choose one of {allowed}.",
        "workers": "The {backend} backend takes 1 to {maximum} workers here, got {value}.",
        "workers_with_scheduler": (
            "--workers cannot be used with --scheduler: the cluster's workers are used."
        ),
        "scheduler_option": "--scheduler is only used with --backend dask.",
        "scheduler_address": "The scheduler address must look like tcp://host:8786, got {value!r}.",
        "scheduler_unreachable": (
            "Could not reach the Dask scheduler at {address} within {timeout:g} s: check the "
            "address, or leave --scheduler out to start a local cluster."
        ),
        "dask_missing": (
            "The dask backend needs dask[distributed]: install it or use --backend cpu."
        ),
        "no_gpu": (
            "The cuda backend needs an NVIDIA GPU with CuPy or numba-cuda, and none is usable "
            "here: use --backend cpu (all cores) or --backend dask instead."
        ),
        "timeout": "The timeout must be more than 0 seconds.",
        "preset": "Unknown rules preset {value}: choose one of {allowed}.",
        "shoe_mode": "--shoe must be cut-card or reshuffle, got {value}.",
        # The rules' own refusals, worded with the options' names (not the fields').
        "decks": "The number of decks must be from 1 to 8, got {value}.",
        "cut_card": "--cut-card must leave {minimum} to {maximum} cards behind it, got {value}.",
        "commission": "The commission must be at least 0 and below 1 (0.05 is 5%), got {value}.",
        "rules_not_positive": "{name} must be positive.",
        "rules_not_a_number": "{name} must be a number such as 8, 0.05 or 19/20, got {value}.",
    },
    "es": {
        "count": "--{name} debe ser un número entero de 1 a {maximum:,}; se recibió {value}.",
        "count_choice": "Indique --hands o --shoes (uno de los dos).",
        "seed": "La semilla debe ser un número entero de 0 a 18446744073709551615 (2**64 - 1); "
        "se recibió {value}.",
        "lang": "Idioma desconocido {value!r}: use en o es.",
        "backend": "Motor desconocido {value!r}: elija uno de {allowed}.",
        "workers": (
            "El motor {backend} admite aquí de 1 a {maximum} trabajadores; se pidió {value}."
        ),
        "workers_with_scheduler": (
            "--workers no se puede usar con --scheduler: se usan los trabajadores del clúster."
        ),
        "scheduler_option": "--scheduler solo se usa con --backend dask.",
        "scheduler_address": (
            "La dirección del planificador debe ser como tcp://host:8786; se recibió {value!r}."
        ),
        "scheduler_unreachable": (
            "No se pudo contactar con el planificador de Dask en {address} en {timeout:g} s: "
            "revise la dirección, u omita --scheduler para arrancar un clúster local."
        ),
        "dask_missing": (
            "El motor dask necesita dask[distributed]: instálelo o use --backend cpu."
        ),
        "no_gpu": (
            "El motor cuda necesita una GPU NVIDIA con CuPy o numba-cuda, y aquí no hay ninguna "
            "utilizable: use --backend cpu (todos los núcleos) o --backend dask."
        ),
        "timeout": "El tiempo de espera debe ser mayor que 0 segundos.",
        "preset": "Reglas desconocidas {value}: elija una de {allowed}.",
        "shoe_mode": "--shoe debe ser cut-card o reshuffle; se recibió {value}.",
        "decks": "El número de barajas debe ser de 1 a 8; se recibió {value}.",
        "cut_card": (
            "La carta de corte debe dejar de {minimum} a {maximum} cartas detrás; "
            "se recibió {value}."
        ),
        "commission": "La comisión debe ser al menos 0 y menor que 1 (0.05 es un 5 %); "
        "se recibió {value}.",
        "rules_not_positive": "{name} debe ser positivo.",
        "rules_not_a_number": "{name} debe ser un número como 8, 0.05 o 19/20; se recibió {value}.",
    },
}


def _language(lang: str | None) -> str:
    """The language of messages: ``--lang`` (refused if we lack it), else the locale's."""
    if lang is not None and i18n.parse_lang(lang) is None:
        locale = detect_lang(None, os.environ)
        _fail(_ERRORS[locale]["lang"].format(value=lang))
    return detect_lang(lang, os.environ)


#: The rules' field names as the user knows them: the options that set them.
FIELD_OPTIONS = {
    "banker_commission": "--commission",
    "banker_six_pays": "--banker-six-pays",
    "tie_pays": "--tie-pays",
    "pair_pays": "--pair-pays",
    "cut_card": "--cut-card",
    "shoe_mode": "--shoe",
    "decks": "--decks",
    "burn": "--burn",
}


def _optioned(text: str) -> str:
    """``text`` with each rules field named by its option (``tie_pays`` -> ``--tie-pays``)."""
    for field, option in FIELD_OPTIONS.items():
        text = re.sub(rf"(?<![\w-]){field}\b", option, text)
    return text


def message(error: BaccaratError, lang: str) -> str:
    """``error`` in ``lang``; its English message when there is no translation.

    Internal names (``banker_commission``) never reach the user: a field is
    named by the option that sets it.
    """
    template = _ERRORS[lang].get(error.code)
    if template is None:
        return _optioned(error.message)
    params = {
        k: FIELD_OPTIONS.get(v, v) if isinstance(v, str) else v for k, v in error.params.items()
    }
    try:
        return _optioned(template.format(**params))
    except (KeyError, IndexError, ValueError):
        return _optioned(error.message)


@contextmanager
def _stop_on_ctrl_c() -> Iterator[Callable[[], bool]]:
    """While inside, Ctrl-C sets a flag (polled by the run) instead of raising."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop.is_set
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield stop.is_set
    finally:
        signal.signal(signal.SIGINT, previous)


def build_rules(
    *,
    preset: str,
    decks: int | None,
    shoe: ShoeMode | str | None,
    cut_card: int | None,
    burn: bool | None,
    commission: Fraction | str | None,
    tie_pays: Fraction | str | None,
    banker_six_pays: Fraction | str | None,
    pair_pays: Fraction | str | None,
) -> Rules:
    """The preset with the options given on the command line applied (and checked)."""
    from puntobanco.core.rules import preset as find_preset

    rules = find_preset(preset)
    given: dict[str, Any] = {
        "decks": decks,
        "shoe_mode": shoe,
        "cut_card": cut_card,
        "burn": burn,
        "banker_commission": commission,
        "tie_pays": tie_pays,
        "banker_six_pays": banker_six_pays,
        "pair_pays": pair_pays,
    }
    changes = {name: value for name, value in given.items() if value is not None}
    return rules.replace(**changes) if changes else rules


def _fmt(value: float | None, digits: int = 6) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _print_report(data: dict[str, Any], lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    text = _TEXT[lang]
    console = Console()

    def say(line: str) -> str:
        # Figures as the reader's language writes them (1.234,56 in Spanish).
        return localize(line, lang)

    rules = data["rules"]
    console.print(
        say(
            text["title"].format(
                hands=data["hands"],
                decks=rules["decks"],
                mode=text[rules["shoe_mode"]],
                backend=data["backend"],
                workers=data["workers"],
            )
        )
    )
    console.print(
        say(
            text["speed"].format(
                seconds=data["seconds"], rate=data["hands_per_second"], seed=data["seed"]
            )
        )
    )
    if data["interrupted"]:
        console.print(f"[yellow]{say(text['interrupted'].format(hands=data['hands']))}[/yellow]")
    outcome_names = SIDE_NAMES[lang]
    bet_names = BET_NAMES[lang]
    outcomes = Table(
        *map(say, (text["outcome"], text["count"], text["frequency"], "± SE", text["exact"], "z"))
    )
    for name, e in data["outcomes"].items():
        outcomes.add_row(
            outcome_names[name],
            *map(
                say,
                (
                    f"{data[name]:,}",
                    _fmt(e["mean"]),
                    _fmt(e["standard_error"]),
                    _fmt(e["exact"]),
                    _fmt(e["z"], 2),
                ),
            ),
        )
    console.print(outcomes)
    bets = Table(
        *map(say, (text["bet"], text["net"], "± SE", text["interval"], text["exact"], "z"))
    )
    for name, e in data["bets"].items():
        low, high = e["ci95"]
        bets.add_row(
            bet_names[BetKind(name)],
            *map(say, (_fmt(e["mean"]), _fmt(e["standard_error"]))),
            interval(_fmt(low), _fmt(high), lang),
            *map(say, (_fmt(e["exact"]), _fmt(e["z"], 2))),
        )
    console.print(bets)
    console.print(say(text["naturals"].format(**data["naturals"])))
    console.print(say(text["pairs"].format(**data["pairs"])))
    by_cards = data["rounds_by_cards"]
    console.print(
        say(
            text["cards"].format(
                cards=data["cards_dealt"],
                four=by_cards["4"],
                five=by_cards["5"],
                six=by_cards["6"],
            )
        )
    )
    if data["exact_basis"] is None:
        console.print(text["no_exact"])


class SimulateCommand(TranslatedCommand):
    """Click's usage errors in the user's language and the help on any terminal, as in ``play``."""

    command_name = "simulate"
    option_example = "--hands 1000"
    error_style = None


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``.

    The help texts are in the language of ``--lang`` on the command line, or
    else of the locale, as the command's messages are. Defaults are written in
    the help texts, in their language, rather than as Click's "[default: ...]".
    """
    help_text = _TEXT[help_lang(sys.argv, os.environ)]

    def h(key: str, **params: str) -> str:
        return help_text[f"help_{key}"].format(**params)

    @app.command("simulate", cls=SimulateCommand, help=help_text["help"])
    def simulate_command(
        hands: Annotated[int | None, typer.Option("--hands", metavar="N", help=h("hands"))] = None,
        shoes: Annotated[int | None, typer.Option("--shoes", metavar="N", help=h("shoes"))] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=h("seed"))] = None,
        backend: Annotated[
            str, typer.Option("--backend", metavar="NAME", help=h("backend"), show_default=False)
        ] = "cpu",
        workers: Annotated[
            int | None, typer.Option("--workers", metavar="N", help=h("workers"))
        ] = None,
        scheduler: Annotated[
            str | None, typer.Option("--scheduler", metavar="ADDRESS", help=h("scheduler"))
        ] = None,
        timeout: Annotated[
            float,
            typer.Option("--timeout", metavar="SECONDS", help=h("timeout"), show_default=False),
        ] = 10.0,
        preset: Annotated[
            str,
            typer.Option(
                "--preset",
                "--rules",
                metavar="NAME",
                help=h("rules", presets=", ".join(PRESETS)),
                show_default=False,
            ),
        ] = "punto-banco",
        decks: Annotated[
            int | None, typer.Option("--decks", metavar="N", parser=parse_decks, help=h("decks"))
        ] = None,
        shoe: Annotated[
            ShoeMode | None,
            typer.Option("--shoe", metavar="TYPE", parser=parse_shoe, help=h("shoe")),
        ] = None,
        cut_card: Annotated[
            int | None, typer.Option("--cut-card", metavar="N", help=h("cut_card"))
        ] = None,
        burn: Annotated[bool | None, typer.Option("--burn/--no-burn", help=h("burn"))] = None,
        commission: Annotated[
            Fraction | None,
            typer.Option("--commission", metavar="RATE", parser=parse_rate, help=h("commission")),
        ] = None,
        tie_pays: Annotated[
            Fraction | None,
            typer.Option("--tie-pays", metavar="N", parser=parse_payout, help=h("tie_pays")),
        ] = None,
        banker_six_pays: Annotated[
            Fraction | None,
            typer.Option(
                "--banker-six-pays",
                metavar="N",
                parser=parse_payout,
                help=h("banker_six_pays"),
            ),
        ] = None,
        pair_pays: Annotated[
            Fraction | None,
            typer.Option("--pair-pays", metavar="N", parser=parse_payout, help=h("pair_pays")),
        ] = None,
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
        progress: Annotated[
            bool | None, typer.Option("--progress/--no-progress", help=h("progress"))
        ] = None,
        lang: Annotated[str | None, typer.Option("--lang", metavar="es|en", help=h("lang"))] = None,
    ) -> None:
        """Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net result."""
        language = _language(lang)
        try:
            output = chosen_format(fmt, as_json)
        except OptionValueError as error:
            _fail(
                i18n.text(
                    cast(Lang, language),
                    "cli.opt.bad",
                    option="--format",
                    detail=error.detail(cast(Lang, language)),
                )
            )
        try:
            from puntobanco.sim.api import simulate

            try:
                rules = build_rules(
                    preset=preset,
                    decks=decks,
                    shoe=shoe,
                    cut_card=cut_card,
                    burn=burn,
                    commission=commission,
                    tie_pays=tie_pays,
                    banker_six_pays=banker_six_pays,
                    pair_pays=pair_pays,
                )
            except BaccaratError as error:
                _fail(message(error, language))
            chosen_seed = seed if seed is not None else secrets.randbits(63)
            requested = hands if hands is not None else shoes
            show = progress
            if show is None:
                show = sys.stderr.isatty() and (
                    backend in ("reference", "dask") or (requested or 0) >= PROGRESS_FROM_HANDS
                )
            with _stop_on_ctrl_c() as should_stop, _progress_bar(show, requested, language) as tick:
                try:
                    result = simulate(
                        rules,
                        hands=hands,
                        shoes=shoes,
                        seed=chosen_seed,
                        backend=backend,
                        workers=workers,
                        scheduler=scheduler,
                        timeout=timeout,
                        progress=tick,
                        should_stop=should_stop,
                    )
                except BaccaratError as error:
                    _fail(message(error, language))
            data = result.to_json()
            if output is OutputFormat.JSON:
                typer.echo(json.dumps(data))
            elif output is OutputFormat.TABLE:
                _print_report(data, language)
            else:
                typer.echo(_flat_table(data, output), nl=False)
            if result.interrupted:
                raise typer.Exit(130)
        except KeyboardInterrupt:  # before the run started (while loading): nothing to report
            typer.echo(_TEXT[language]["stopped"], err=True)
            raise typer.Exit(130) from None


def _fail(text: str) -> NoReturn:
    typer.echo(text, err=True)
    raise typer.Exit(2)


@contextmanager
def _progress_bar(
    show: bool, total: int | None, lang: str
) -> Iterator[Callable[[int], None] | None]:
    if not show or total is None:
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn(_TEXT[lang]["progress"]),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=_stderr_console(),
    ) as bar:
        task = bar.add_task("", total=total)

        def tick(done: int) -> None:
            bar.update(task, completed=done)

        yield tick


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def _flat_table(data: dict[str, Any], output: OutputFormat) -> str:
    """Both tables as one, a row per outcome then per bet, for ``--format csv|markdown``.

    Plain numbers (a point for decimals, no grouping) in both languages, so that
    a spreadsheet or a script reads them; the names (columns, outcomes, bets) are the JSON's.
    """
    headers = [
        "kind",
        "name",
        "count",
        "mean",
        "standard_error",
        "ci95_low",
        "ci95_high",
        "exact",
        "z",
    ]
    rows: list[list[Any]] = []
    for name, e in data["outcomes"].items():
        rows.append(
            [
                "outcome",
                name,
                data[name],
                e["mean"],
                e["standard_error"],
                None,
                None,
                e["exact"],
                e["z"],
            ]
        )
    for name, e in data["bets"].items():
        low, high = e["ci95"]
        rows.append(
            [
                "bet",
                name,
                None,
                e["mean"],
                e["standard_error"],
                low,
                high,
                e["exact"],
                e["z"],
            ]
        )
    return write_rows(headers, rows, output)
