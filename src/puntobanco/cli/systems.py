"""``puntobanco systems``: betting systems over many sessions of realistic shoes.

Argument parsing and printing only: the plans, the sessions and the figures are
:mod:`puntobanco.sim.systems`'; the rounds come from seeded cut-card shoes
(:mod:`puntobanco.sim.systems_deal`). Every message exists in English and
Spanish (``--lang``, else the locale); bad input gets a message naming what
was wrong and what is allowed, and exit status 2.
"""

# Each option's help is a catalogue key, worded when the command is added
# (:mod:`puntobanco.cli.localized`).

import json
import math
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from puntobanco.cli.lang import checked_lang
from puntobanco.cli.localized import add_command
from puntobanco.cli.numbers import localize
from puntobanco.cli.oserrors import os_reason
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    check_plot,
    chosen_format,
    complete_preset,
    format_option,
    lang_option,
    parse_decks,
    parse_money,
    parse_preset,
    parse_seed,
    parse_whole,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.progress import progress_bar, stop_on_ctrl_c
from puntobanco.cli.refusal import option_line, sentence, shown
from puntobanco.cli.rules_options import rules_from_options
from puntobanco.cli.tabular import write_rows
from puntobanco.cli.textsafe import safe_stream, transliterate
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.money import format_minor
from puntobanco.core.rules import BetKind, Rules, TableLimits

if TYPE_CHECKING:
    from puntobanco.sim.systems import Plan, Sessions, Summary

# The simulation (numpy and numba) is imported inside the command, when it runs, so
# that ``puntobanco --help`` and the other commands start without loading it. So the
# system names below are keyed by the plans' names (``System`` is a StrEnum).

#: The most sessions one run plays.
MAX_SESSIONS = 10_000_000

#: Names of the plan's fields as the user typed them, for messages.
_OPTION_NAMES = {"bankroll": "--bankroll", "rounds": "--rounds", "stop_win": "--stop-win",
                 "stop_loss": "--stop-loss", "base": "--base"}  # fmt: skip
#: Core names an option by its field (``bankroll``) or, once translated, by the option itself.
_OPTION_OF_NAME = {**_OPTION_NAMES, **{v: v for v in _OPTION_NAMES.values()}}
T = TypeVar("T")
_MONEY_PARAMS = ("stake", "minimum", "maximum", "balance")


class _BadInput(Exception):
    """A message for the user, already in their language."""


def _refuse(text: str) -> typer.Exit:
    """Print ``text`` on standard error as one line, readable on any terminal; exit status 2."""
    console = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
    console.print(escape(text))
    return typer.Exit(2)


#: The option behind each refusal of the systems' plan, by its code.
_OPTION_OF_CODE = {
    "unknown_system": "--system",
    "bad_side": "--on",
    "base_outside_limits": "--base",
    "base_over_bankroll": "--base",
    "rules_not_supported": "--preset",
    "preset": "--preset",
    "limits_order": "--min",
    "limit": "--max",
    "decks": "--decks",
}


def refusal_line(error: BaccaratError, lang: Lang) -> str:
    """A refusal of the plan as every command words one: ``Invalid option --X: ...``.

    An error no one option caused is a sentence of its own.
    """
    if error.code in ("unknown_system", "bad_side"):
        allowed = error.params.get("allowed") or "banker, player"
        detail = i18n.text(
            lang, "cli.opt.choice", allowed=allowed, value=shown(error.params["value"])
        )
        return option_line(lang, _OPTION_OF_CODE[error.code], detail)
    name = error.params.get("name")
    option = _OPTION_OF_NAME.get(name) if isinstance(name, str) else None
    option = option or _OPTION_OF_CODE.get(error.code)
    detail = translate_error(error, lang)
    return sentence(detail) if option is None else option_line(lang, option, detail)


class SystemsCommand(TranslatedCommand):
    """Click's usage errors in the user's language and the help on any terminal, as in ``play``."""

    command_name = "systems"
    option_example = "--sessions 1000"
    error_style = None


#: Runs of at least this many rounds (sessions x rounds) show a progress bar on a terminal.
PROGRESS_ROUNDS = 2_000_000
#: The sessions one call into the kernel plays, where a bar counts them.
CHUNK_SESSIONS = 20_000


def play_plans(
    plans: "Sequence[Plan]",
    outcomes: Any,
    *,
    on_sessions: Callable[[int], None] | None = None,
    chunk: int = CHUNK_SESSIONS,
    should_stop: Callable[[], bool] | None = None,
) -> "list[Sessions]":
    """Play each plan over every session of ``outcomes``, as ``run_sessions`` plays it.

    With ``on_sessions`` or ``should_stop``, the sessions are played ``chunk`` at
    a time: the sessions played so far (all plans together) are reported after
    each chunk, and a true ``should_stop`` (Ctrl-C) ends the run there, the plans
    played so far returned, the last with the sessions it finished. Each session
    is played on its own, so the results are the same either way.
    """
    import numpy as np

    from puntobanco.sim.systems import Sessions, run_sessions

    def report(done: int) -> None:
        if on_sessions is not None:
            on_sessions(done)

    sessions = int(outcomes.shape[0])
    watched = on_sessions is not None or should_stop is not None
    if not watched or sessions <= chunk:
        played = []
        for index, plan in enumerate(plans):
            played.append(run_sessions(plan, outcomes))
            report((index + 1) * sessions)
            if should_stop is not None and should_stop():
                break
        return played
    played = []
    for index, plan in enumerate(plans):
        parts = [run_sessions(plan, outcomes[:chunk])]
        report(index * sessions + chunk)
        for start in range(chunk, sessions, chunk):
            if should_stop is not None and should_stop():
                break
            parts.append(run_sessions(plan, outcomes[start : start + chunk], paths=0))
            report(index * sessions + min(start + chunk, sessions))
        results = np.concatenate([part.results for part in parts])
        played.append(Sessions(plan, results, parts[0].paths))
        if should_stop is not None and should_stop():
            break
    return played


def translate_error(error: BaccaratError, lang: Lang) -> str:
    """A core or systems error in the user's language (English if no translation)."""
    code_key = f"systems.{error.code}"
    if code_key not in i18n.CATALOGUE[lang]:
        return error_message(error, lang)
    params = dict(error.params)
    for key in _MONEY_PARAMS:
        if isinstance(params.get(key), int):
            params[key] = format_minor(params[key], lang=lang)
    if isinstance(params.get("name"), str):
        params["name"] = _OPTION_NAMES.get(params["name"], params["name"])
    try:
        return i18n.text(lang, code_key, **params)
    except (KeyError, IndexError):
        return error.message


def _integer(lang: Lang, name: str, value: str, minimum: int, maximum: int) -> int:
    try:
        return parse_whole(value, minimum, maximum)
    except OptionValueError as error:
        raise _BadInput(option_line(lang, name, error.detail(lang))) from None


def _seed(lang: Lang, value: str) -> int:
    return _shared(lang, "--seed", parse_seed, value)


def _shared(lang: Lang, option: str, parse: Callable[[str], T], value: str) -> T:
    """``value`` read by the option type every command shares, or the refusal every one words."""
    try:
        return parse(value)
    except OptionValueError as error:
        raise _BadInput(option_line(lang, option, error.detail(lang))) from None


def _amount(lang: Lang, option: str, text: str) -> int:
    """An amount in major units, as ``lang`` writes it, or a message naming the option."""
    try:
        return parse_money(text, lang)
    except OptionValueError as error:
        raise _BadInput(option_line(lang, option, error.detail(lang))) from None


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _per_unit(value: float | None, se: float | None = None) -> str:
    if value is None or math.isnan(value):
        return "-"
    shown = f"{100 * value:.3f}%"
    return shown if se is None or math.isnan(se) else f"{shown} ± {100 * se:.3f}%"


def _grouped(amount_minor: int) -> str:
    """An amount grouped by thousands in English form (the caller localizes: 1.234,56)."""
    return format_minor(amount_minor, lang="en")


def _money(value: float) -> str:
    # A mean of amounts, shown only: rounded to the cent.
    return _grouped(round(value))


def register(app: typer.Typer) -> None:
    """Add the ``systems`` command to ``app``.

    The help texts are in the language of ``--lang`` on the command line, or
    else of the locale, as the command's messages are.
    """
    add_command(app, "systems", systems_command, cls=SystemsCommand, help_key="systems.help")


def systems_command(
    system: Annotated[
        str, typer.Option(metavar="NAME", show_default=False, help="systems.help_system")
    ] = "flat",
    on: Annotated[
        str, typer.Option(metavar="banker|player", show_default=False, help="systems.help_on")
    ] = "banker",
    bankroll: Annotated[
        str, typer.Option(metavar="AMOUNT", show_default=False, help="systems.help_bankroll")
    ] = "1000",
    base: Annotated[
        str, typer.Option(metavar="AMOUNT", show_default=False, help="systems.help_base")
    ] = "10",
    sessions: Annotated[
        str, typer.Option(metavar="N", show_default=False, help="systems.help_sessions")
    ] = "10000",
    rounds: Annotated[
        str, typer.Option(metavar="N", show_default=False, help="systems.help_rounds")
    ] = "200",
    stop_win: Annotated[
        str | None,
        typer.Option(metavar="AMOUNT", show_default=False, help="systems.help_stop_win"),
    ] = None,
    stop_loss: Annotated[
        str | None,
        typer.Option(metavar="AMOUNT", show_default=False, help="systems.help_stop_loss"),
    ] = None,
    minimum: Annotated[
        str, typer.Option("--min", metavar="AMOUNT", show_default=False, help="systems.help_min")
    ] = "1",
    maximum: Annotated[
        str, typer.Option("--max", metavar="AMOUNT", show_default=False, help="systems.help_max")
    ] = "500",
    decks: Annotated[
        str | None, typer.Option(metavar="N", show_default=False, help="systems.help_decks")
    ] = None,
    rules_name: Annotated[
        str,
        typer.Option(
            "--preset",
            "--rules",
            metavar="NAME",
            show_default=False,
            help="systems.help_rules",
            autocompletion=complete_preset,
        ),
    ] = "punto-banco",
    seed: Annotated[
        str | None, typer.Option(metavar="N", show_default=False, help="systems.help_seed")
    ] = None,
    compare: Annotated[bool, typer.Option("--compare", help="systems.help_compare")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="systems.help_json")] = False,
    fmt: Annotated[OutputFormat | None, format_option("systems.help_format")] = None,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE.png", show_default=False, help="systems.help_plot"),
    ] = None,
    lang: Annotated[str | None, lang_option("systems.help_lang")] = None,
) -> None:
    """Betting systems over many sessions of seeded cut-card shoes."""
    options = dict(locals())
    language = checked_lang(options.pop("lang"), say=_refuse)
    try:
        run = _checked_run(language, **options)
    except _BadInput as bad:
        raise _refuse(str(bad)) from None
    except BaccaratError as error:
        raise _refuse(refusal_line(error, language)) from None
    played, summaries, seconds = _play(run, language)
    # Stopped by Ctrl-C: the systems played so far, each over the sessions it finished.
    interrupted = len(played) < len(run.plans) or any(
        s.results.shape[0] < run.sessions for s in played
    )
    if run.output is OutputFormat.JSON:
        typer.echo(json.dumps(_document(run, summaries, seconds, interrupted)))
    elif run.output is not OutputFormat.TABLE:
        typer.echo(_flat_summaries(summaries, run.output), nl=False)
    else:
        _print_tables(run, summaries, language)
    if run.plot is not None:
        _write_plot(run, played, summaries, language)
    if interrupted:
        done = sum(int(s.results.shape[0]) for s in played)
        asked = len(run.plans) * run.sessions
        partial = i18n.text(language, "systems.partial", done=f"{done:,}", asked=f"{asked:,}")
        typer.echo(localize(partial, language), err=True)
        raise typer.Exit(130)


@dataclass(frozen=True, slots=True)
class _Run:
    """A run the options ask, checked: the plans to play and how to show them."""

    seed: int
    sessions: int
    rounds: int
    rules: Rules
    limits: TableLimits
    common: dict[str, Any]
    plans: "list[Plan]"
    output: OutputFormat
    compare: bool
    plot: Path | None


def _checked_run(
    language: Lang,
    *,
    system: str,
    on: str,
    bankroll: str,
    base: str,
    sessions: str,
    rounds: str,
    stop_win: str | None,
    stop_loss: str | None,
    minimum: str,
    maximum: str,
    decks: str | None,
    rules_name: str,
    seed: str | None,
    compare: bool,
    as_json: bool,
    fmt: OutputFormat | None,
    plot: Path | None,
) -> _Run:
    """The options read and checked, in the order of the help (raises _BadInput, BaccaratError)."""
    from puntobanco.sim.systems import MAX_ROUNDS, Plan, System, parse_system
    from puntobanco.sim.systems_deal import MAX_OUTCOMES

    chosen_seed = secrets.randbits(63) if seed is None else _seed(language, seed)
    n_sessions = _integer(language, "--sessions", sessions, 1, MAX_SESSIONS)
    n_rounds = _integer(language, "--rounds", rounds, 1, MAX_ROUNDS)
    if n_sessions * n_rounds > MAX_OUTCOMES:
        raise _BadInput(
            i18n.text(
                language,
                "systems.too_many",
                sessions=localize(f"{n_sessions:,}", language),
                rounds=localize(f"{n_rounds:,}", language),
                limit=localize(f"{MAX_OUTCOMES:,}", language),
            )
        )
    rules = rules_from_options(
        _shared(language, "--preset", parse_preset, rules_name),
        decks=None if decks is None else _shared(language, "--decks", parse_decks, decks),
    )
    limits = TableLimits(
        minimum_minor=_amount(language, "--min", minimum),
        maximum_minor=_amount(language, "--max", maximum),
    )
    common: dict[str, Any] = {
        "on": on,
        "bankroll_minor": _amount(language, "--bankroll", bankroll),
        "base_minor": _amount(language, "--base", base),
        "rounds": n_rounds,
        "stop_win_minor": None if stop_win is None else _amount(language, "--stop-win", stop_win),
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
        raise _BadInput(option_line(language, "--format", error.detail(language))) from None
    # Before the run, which can take minutes: a plot that cannot be written fails now.
    problem = None if plot is None else check_plot(plot, language)
    if problem is not None:
        raise _BadInput(option_line(language, "--plot", problem))
    return _Run(
        chosen_seed, n_sessions, n_rounds, rules, limits, common, plans, output, compare, plot
    )


def _play(run: _Run, language: Lang) -> "tuple[list[Sessions], list[Summary], float]":
    """Deal the sessions and play every plan: the sessions played, their summaries, the seconds.

    Exit status 130, saying so, when Ctrl-C stops it before any system is played.
    """
    from puntobanco.sim.systems import exact_edges, summarize
    from puntobanco.sim.systems_deal import session_outcomes

    console = Console(file=safe_stream(sys.stderr), highlight=False)
    total = run.sessions * run.rounds
    if run.output is OutputFormat.TABLE and total > 2_000_000:
        console.print(i18n.text(language, "systems.dealing", rounds=f"{total:,}"), markup=False)
    start = time.perf_counter()
    try:
        outcomes = session_outcomes(
            run.rules, seed=run.seed, sessions=run.sessions, rounds=run.rounds
        )
        edges = exact_edges(run.rules)
        show = run.output is OutputFormat.TABLE and total >= PROGRESS_ROUNDS and sys.stderr.isatty()
        label = i18n.text(language, "systems.progress")
        with (
            stop_on_ctrl_c() as should_stop,
            progress_bar(label, len(run.plans) * run.sessions, show=show) as tick,
        ):
            played = play_plans(run.plans, outcomes, on_sessions=tick, should_stop=should_stop)
        if not played:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        # Say it, rather than end silently: a system's figures over part of its
        # sessions would read as the whole run's.
        typer.echo(i18n.text(language, "systems.stopped"), err=True)
        raise typer.Exit(130) from None
    summaries = [summarize(s, edges) for s in played]
    return played, summaries, time.perf_counter() - start


def _document(
    run: _Run, summaries: "list[Summary]", seconds: float, interrupted: bool
) -> dict[str, Any]:
    """The run as one JSON document: the request, then each system's figures."""
    document: dict[str, Any] = {
        "seed": run.seed,
        "sessions": run.sessions,
        "rounds": run.rounds,
        "decks": run.rules.decks,
        "bankroll_minor": run.common["bankroll_minor"],
        "base_minor": run.common["base_minor"],
        "stop_win_minor": run.common["stop_win_minor"],
        "stop_loss_minor": run.common["stop_loss_minor"],
        "limits": {
            "minimum_minor": run.limits.minimum_minor,
            "maximum_minor": run.limits.maximum_minor,
        },  # fmt: skip
        "seconds": seconds,
        "interrupted": interrupted,
    }
    if run.compare:
        document["systems"] = [s.to_json() for s in summaries]
    else:
        document.update(summaries[0].to_json())
    return document


def _print_tables(run: _Run, summaries: "list[Summary]", language: Lang) -> None:
    """The systems' tables on standard output, then the setup and the plain answer."""
    out = Console(file=safe_stream(sys.stdout))

    # Spelled out before Rich lays the tables out, so that a sign that
    # becomes several letters ("±" -> "+/-") keeps the columns aligned.
    def symbols(text: str) -> str:
        return transliterate(localize(text, language), encoding=out.encoding)

    setup = i18n.text(
        language,
        "systems.setup",
        bankroll=_grouped(run.common["bankroll_minor"]),
        base=_grouped(run.common["base_minor"]),
        minimum=_grouped(run.limits.minimum_minor),
        maximum=_grouped(run.limits.maximum_minor),
        seed=run.seed,
    )
    table = _single_table(summaries[0], language, run.rounds, symbols)
    if run.compare:
        table = _compare_table(summaries, language, run.sessions, run.rounds, symbols)
    if run.compare and not _fits(out, table):
        # Ten columns of figures do not fit a narrow terminal without cutting
        # numbers: one table per system instead, figures under each other.
        for summary in summaries:
            out.print(_single_table(summary, language, run.rounds, symbols))
    else:
        out.print(table)
    out.print(symbols(setup), markup=False)
    out.print(symbols(conclusion(summaries, language)), markup=False)


def _write_plot(
    run: _Run, played: "list[Sessions]", summaries: "list[Summary]", language: Lang
) -> None:
    """Draw the plot into ``--plot``, saying so (exit status 2 when it cannot be written)."""
    assert run.plot is not None
    console = Console(file=safe_stream(sys.stderr), highlight=False)
    try:
        draw_plot(played, summaries, run.plot, language)
    except (OSError, ValueError) as error:
        console.print(
            i18n.text(
                language,
                "systems.plot_failed",
                path=run.plot,
                reason=os_reason(error, language) if isinstance(error, OSError) else error,
            ),
            markup=False,
        )
        raise typer.Exit(2) from None
    if run.output is not OutputFormat.JSON:
        console.print(i18n.text(language, "systems.plot_saved", path=run.plot), markup=False)


def _fits(console: Console, table: Table) -> bool:
    """Whether ``table`` fits ``console``'s width at its natural size (nothing cut or wrapped)."""
    from rich.measure import Measurement

    # Measured without the console's width, which Measurement.get would clamp it to.
    unbounded = console.options.update(max_width=10_000)
    return Measurement.get(console, unbounded, table).maximum <= console.width


def _flat_summaries(summaries: list[Any], output: OutputFormat) -> str:
    """One row per system for ``--format csv|markdown``: every figure of the JSON.

    A nested figure is a column named by its path (``final_bankroll_mean_minor``,
    ``final_bankroll_quantiles_minor_p05``), so the headline figures of the table
    are there too.
    """
    documents = [_flattened(s.to_json()) for s in summaries]
    headers = list(documents[0])
    return write_rows(headers, [[d.get(k) for k in headers] for d in documents], output)


def _flattened(document: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``document``'s values, nested dictionaries' keys joined to their parents' by ``_``.

    >>> _flattened({"a": 1, "b": {"c": 2, "d": {"e": 3}}})
    {'a': 1, 'b_c': 2, 'b_d_e': 3}
    """
    flat: dict[str, Any] = {}
    for key, value in document.items():
        if isinstance(value, dict):
            flat.update(_flattened(value, f"{prefix}{key}_"))
        elif not isinstance(value, list):
            flat[f"{prefix}{key}"] = value
    return flat


def _side_name(lang: Lang, side: BetKind) -> str:
    from puntobanco.core.explain import BET_NAMES

    return BET_NAMES[lang][side]


def _single_table(
    summary: "Summary", lang: Lang, rounds: int, symbols: Callable[[str], str] = str
) -> Table:
    title = i18n.text(
        lang,
        "systems.title",
        system=i18n.text(lang, f"systems.name.{summary.system}"),
        side=_side_name(lang, summary.on),
        sessions=f"{summary.sessions:,}",
        rounds=rounds,
    )
    table = Table(title=symbols(title))
    table.add_column(i18n.text(lang, "systems.figure"))
    table.add_column(i18n.text(lang, "systems.value"), justify="right")
    q = summary.quantiles
    rows = [
        ("mean_final", f"{_money(summary.mean_final)} (σ {_money(summary.std_final)})"),
        ("quantiles", " / ".join(_grouped(q[name]) for name in q)),
        ("range", f"{_grouped(summary.lowest_final)} / {_grouped(summary.highest_final)}"),
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
            else i18n.text(lang, "systems.unknown"),
        ),
    ]
    for key, value in rows:
        table.add_row(symbols(i18n.text(lang, f"systems.{key}")), symbols(value))
    return table


def _compare_table(
    summaries: "list[Summary]",
    lang: Lang,
    sessions: int,
    rounds: int,
    symbols: Callable[[str], str] = str,
) -> Table:
    first = summaries[0]
    title = i18n.text(
        lang,
        "systems.compare_title",
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
        table.add_column(
            symbols(i18n.text(lang, f"systems.{key}")), justify="left" if i == 0 else "right"
        )
    for s in summaries:
        cells = [
            i18n.text(lang, f"systems.name.{s.system}"),
            _money(s.mean_final),
            _grouped(s.quantiles["p05"]),
            _grouped(s.quantiles["p50"]),
            _grouped(s.quantiles["p95"]),
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
        return i18n.text(lang, "systems.answer_no_edge")
    figures: dict[str, list[str]] = {}
    for s in measured:
        figures.setdefault(_per_unit(s.exact_loss_per_unit), []).append(
            i18n.text(lang, f"systems.name.{s.system}")
        )
    if len(figures) == 1:
        edges = next(iter(figures))
    else:
        edges = "; ".join(f"{', '.join(names)}: {figure}" for figure, names in figures.items())
    far = [s for s in measured if s.z is not None and abs(s.z) >= 3]
    if far:
        items = [
            i18n.text(
                lang,
                "systems.far_item",
                system=i18n.text(lang, f"systems.name.{s.system}"),
                loss=_per_unit(s.loss_per_unit, s.loss_per_unit_se),
                edge=_per_unit(s.exact_loss_per_unit),
                z=f"{s.z:+.1f}",
            )
            for s in far
        ]
        return i18n.text(lang, "systems.answer_far", edges=edges, far="; ".join(items))
    if any(s.z is None for s in measured):
        return i18n.text(lang, "systems.answer_unmeasured", edges=edges)
    return i18n.text(lang, "systems.answer", edges=edges)


def draw_plot(played: "list[Sessions]", summaries: "list[Summary]", path: Path, lang: Lang) -> None:
    """Bankroll paths and the final-bankroll histogram (one row per system) into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    rows = len(played)
    figure, axes = plt.subplots(rows, 2, figsize=(12, 3.6 * rows), squeeze=False)
    try:
        for row, (sessions, summary) in enumerate(zip(played, summaries, strict=True)):
            name = i18n.text(lang, f"systems.name.{summary.system}")
            start = sessions.plan.bankroll_minor / 100
            left, right = axes[row]
            for line in sessions.paths:
                left.plot(line / 100, linewidth=0.8)
            left.axhline(start, color="black", linewidth=0.8, linestyle="--")
            left.set_title(f"{name}: {i18n.text(lang, 'systems.paths', count=len(sessions.paths))}")
            left.set_xlabel(i18n.text(lang, "systems.round_axis"))
            left.set_ylabel(i18n.text(lang, "systems.bankroll_axis"))
            finals = sessions.results[:, 0] / 100
            right.hist(finals, bins=60, color="tab:blue")
            right.axvline(
                start, color="black", linestyle="--", label=i18n.text(lang, "systems.start")
            )
            right.set_title(f"{name}: {i18n.text(lang, 'systems.histogram', count=len(finals))}")
            right.set_xlabel(i18n.text(lang, "systems.bankroll_axis"))
            right.set_ylabel(i18n.text(lang, "systems.sessions_axis"))
            # Sessions are counted: no tick at 2.5 of them.
            right.yaxis.set_major_locator(MaxNLocator(integer=True))
            right.legend()
        figure.tight_layout()
        figure.savefig(path, dpi=100)
    finally:
        plt.close(figure)
