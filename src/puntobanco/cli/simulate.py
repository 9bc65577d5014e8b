"""``puntobanco simulate``: deal many rounds with a chosen backend and report the tallies.

Argument parsing and printing only; the work is :func:`puntobanco.sim.api.simulate`.
Messages follow ``--lang`` (or the locale: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
in English or Spanish. Exit status: 0 done; 2 bad input or a backend that cannot
run (a message, never a traceback); 130 stopped by Ctrl-C, after printing the
partial result.
"""

# Each option's help is a catalogue key, worded when the command is added
# (:mod:`puntobanco.cli.localized`).

import json
import re
import secrets
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.chemin import simulate as simulate_chemin
from puntobanco.cli.lang import checked_lang
from puntobanco.cli.localized import add_command
from puntobanco.cli.numbers import interval, localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    complete_backend,
    complete_preset,
    format_option,
    lang_option,
    parse_decks,
    parse_payout,
    parse_rate,
    parse_shoe,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.progress import progress_bar, stop_on_ctrl_c
from puntobanco.cli.refusal import option_line, sentence
from puntobanco.cli.rules_options import SideBetsRefused, rules_from_options
from puntobanco.cli.tabular import write_rows
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import BET_NAMES, SIDE_NAMES, Lang, error_message
from puntobanco.core.rules import PRESETS, BetKind, ShoeMode

#: Runs asked for with at least this many rounds get a progress bar on a terminal.
PROGRESS_FROM_HANDS = 20_000_000


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


def message(error: BaccaratError, lang: Lang) -> str:
    """``error`` in ``lang``; its English message when there is no translation.

    Internal names (``banker_commission``) never reach the user: a field is
    named by the option that sets it.
    """
    key = f"simulate.error.{error.code}"
    if key not in i18n.CATALOGUE[lang]:
        return _optioned(error.message)
    params: dict[str, Any] = {
        k: FIELD_OPTIONS.get(v, v) if isinstance(v, str) else v for k, v in error.params.items()
    }
    try:
        return _optioned(i18n.text(lang, key, **params))
    except (KeyError, IndexError, ValueError):
        return _optioned(error.message)


#: The option behind each refusal of the simulation or of its rules, by the error's code.
_OPTION_OF_CODE = {
    "seed": "--seed",
    "preset": "--preset",
    "backend": "--backend",
    "workers": "--workers",
    "timeout": "--timeout",
    "scheduler_address": "--scheduler",
    "decks": "--decks",
    "cut_card": "--cut-card",
    "commission": "--commission",
    "shoe_mode": "--shoe",
    "cut_card_reshuffle": "--cut-card",
}


def refusal(error: BaccaratError, lang: Lang) -> str:
    """The one line that refuses ``error``, in the shared wording of every command.

    ``Invalid option --X: <rule>, got '<value>'`` when one option caused it (the
    rule from the shared catalogue where there is one), else a sentence.
    """
    params = error.params
    code = error.code
    value = str(params.get("value", ""))
    if code == "count":
        detail = i18n.text(
            lang, "cli.opt.whole_range", minimum=1, maximum=f"{params['maximum']:,}", value=value
        )
        return option_line(lang, f"--{params['name']}", localize(detail, lang))
    if code == "seed":
        return option_line(
            lang, "--seed", i18n.text(lang, "cli.opt.seed", maximum=MAX_SEED_TEXT, value=value)
        )
    if code == "preset":
        detail = i18n.text(lang, "cli.opt.preset", allowed=params.get("allowed", ""), value=value)
        return option_line(lang, "--preset", detail)
    if code == "cut_card_reshuffle":
        return option_line(lang, "--cut-card", i18n.text(lang, "cli.opt.cut_card_reshuffle"))
    if code == "decks":
        return option_line(lang, "--decks", i18n.text(lang, "cli.opt.decks", value=value))
    if code == "backend":
        allowed = str(params.get("allowed", ""))
        detail = i18n.text(lang, "cli.opt.choice", allowed=allowed, value=value)
        return option_line(lang, "--backend", detail)
    name = params.get("name")
    option = _OPTION_OF_CODE.get(code or "") or (
        FIELD_OPTIONS.get(name) if isinstance(name, str) else None
    )
    text = message(error, lang)
    if option is None:
        return sentence(text)
    # The rule alone: the option is named once, before it.
    return option_line(lang, option, text.removeprefix(option + " "))


#: The largest seed, written whole (2**64 - 1 is better recognised so).
MAX_SEED_TEXT = str(2**64 - 1)


def _fmt(value: float | None, digits: int = 6) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _print_report(data: dict[str, Any], lang: Lang) -> None:
    """The run's report at the terminal: its title, the two tables, then the other counts."""
    from puntobanco.cli.layout import fit_table, stdout_console

    console = stdout_console()

    def say(line: str) -> str:
        # Figures as the reader's language writes them (1.234,56 in Spanish).
        return localize(line, lang)

    rules = data["rules"]
    console.print(
        say(
            i18n.text(
                lang,
                "simulate.title",
                hands=data["hands"],
                decks=rules["decks"],
                mode=i18n.text(lang, f"simulate.{rules['shoe_mode']}"),
                backend=data["backend"],
                count=data["workers"],
            )
        )
    )
    console.print(
        say(
            i18n.text(
                lang,
                "simulate.speed",
                seconds=data["seconds"],
                rate=data["hands_per_second"],
                seed=data["seed"],
            )
        )
    )
    if data["interrupted"]:
        console.print(
            f"[yellow]{say(i18n.text(lang, 'simulate.interrupted', hands=data['hands']))}[/yellow]"
        )
    # Fitted to the width, figures aligned right and never wrapped inside a cell (an
    # interval once split over two lines at 80 columns); stacked where they do not fit.
    fit_table(console, None, *_outcome_table(data, lang))
    fit_table(console, None, *_bet_table(data, lang))
    console.print(say(i18n.text(lang, "simulate.naturals", **data["naturals"])))
    console.print(say(i18n.text(lang, "simulate.pairs", **data["pairs"])))
    by_cards = data["rounds_by_cards"]
    console.print(
        say(
            i18n.text(
                lang,
                "simulate.cards",
                cards=data["cards_dealt"],
                four=by_cards["4"],
                five=by_cards["5"],
                six=by_cards["6"],
            )
        )
    )
    if data["exact_basis"] is None:
        console.print(i18n.text(lang, "simulate.no_exact"))


def _outcome_table(data: dict[str, Any], lang: Lang) -> tuple[list[str], list[list[str]]]:
    """The outcomes' table of the report: its headers and rows, figures in ``lang``'s form."""
    headers = [
        i18n.text(lang, "simulate.outcome"),
        i18n.text(lang, "simulate.count"),
        i18n.text(lang, "simulate.frequency"),
        "± SE",
        i18n.text(lang, "simulate.exact"),
        "z",
    ]
    rows = [
        [
            SIDE_NAMES[lang][name],
            *(
                localize(figure, lang)
                for figure in (
                    f"{data[name]:,}",
                    _fmt(e["mean"]),
                    _fmt(e["standard_error"]),
                    _fmt(e["exact"]),
                    _fmt(e["z"], 2),
                )
            ),
        ]
        for name, e in data["outcomes"].items()
    ]
    return [localize(h, lang) for h in headers], rows


def _bet_table(data: dict[str, Any], lang: Lang) -> tuple[list[str], list[list[str]]]:
    """The bets' table of the report: its headers and rows, figures in ``lang``'s form."""
    headers = [
        i18n.text(lang, "simulate.bet"),
        i18n.text(lang, "simulate.net"),
        "± SE",
        i18n.text(lang, "simulate.interval"),
        i18n.text(lang, "simulate.exact"),
        "z",
    ]
    rows = [
        [
            BET_NAMES[lang][BetKind(name)],
            *(localize(figure, lang) for figure in (_fmt(e["mean"]), _fmt(e["standard_error"]))),
            interval(_fmt(e["ci95"][0]), _fmt(e["ci95"][1]), lang),
            *(localize(figure, lang) for figure in (_fmt(e["exact"]), _fmt(e["z"], 2))),
        ]
        for name, e in data["bets"].items()
    ]
    return [localize(h, lang) for h in headers], rows


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
    add_command(
        app, "simulate", simulate_command, cls=SimulateCommand, help_key="simulate.help",
        presets=", ".join(PRESETS),
    )  # fmt: skip


def simulate_command(
    hands: Annotated[
        int | None, typer.Option("--hands", metavar="N", help="simulate.help_hands")
    ] = None,
    shoes: Annotated[
        int | None, typer.Option("--shoes", metavar="N", help="simulate.help_shoes")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="N", help="simulate.help_seed")
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            metavar="NAME",
            help="simulate.help_backend",
            show_default=False,
            autocompletion=complete_backend,
        ),
    ] = "cpu",
    workers: Annotated[
        int | None, typer.Option("--workers", metavar="N", help="simulate.help_workers")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="ADDRESS", help="simulate.help_scheduler")
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", metavar="SECONDS", help="simulate.help_timeout", show_default=False
        ),
    ] = 10.0,
    preset: Annotated[
        str,
        typer.Option(
            "--preset",
            "--rules",
            metavar="NAME",
            help="simulate.help_rules",
            autocompletion=complete_preset,
            show_default=False,
        ),
    ] = "punto-banco",
    decks: Annotated[
        int | None,
        typer.Option("--decks", metavar="N", parser=parse_decks, help="simulate.help_decks"),
    ] = None,
    shoe: Annotated[
        ShoeMode | None,
        typer.Option("--shoe", metavar="TYPE", parser=parse_shoe, help="simulate.help_shoe"),
    ] = None,
    cut_card: Annotated[
        int | None, typer.Option("--cut-card", metavar="N", help="simulate.help_cut_card")
    ] = None,
    burn: Annotated[
        bool | None, typer.Option("--burn/--no-burn", help="simulate.help_burn")
    ] = None,
    commission: Annotated[
        Fraction | None,
        typer.Option(
            "--commission", metavar="RATE", parser=parse_rate, help="simulate.help_commission"
        ),
    ] = None,
    tie_pays: Annotated[
        Fraction | None,
        typer.Option("--tie-pays", metavar="N", parser=parse_payout, help="simulate.help_tie_pays"),
    ] = None,
    banker_six_pays: Annotated[
        Fraction | None,
        typer.Option(
            "--banker-six-pays",
            metavar="N",
            parser=parse_payout,
            help="simulate.help_banker_six_pays",
        ),
    ] = None,
    pair_pays: Annotated[
        Fraction | None,
        typer.Option(
            "--pair-pays", metavar="N", parser=parse_payout, help="simulate.help_pair_pays"
        ),
    ] = None,
    side_bets: Annotated[
        str | None,
        typer.Option("--side-bets", metavar="NAME[=X],...", help="simulate.help_side_bets"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="simulate.help_json")] = False,
    fmt: Annotated[OutputFormat | None, format_option("simulate.help_format")] = None,
    progress: Annotated[
        bool | None, typer.Option("--progress/--no-progress", help="simulate.help_progress")
    ] = None,
    lang: Annotated[str | None, lang_option("simulate.help_lang")] = None,
    variant: simulate_chemin.VariantOption = None,
    player_strategy: simulate_chemin.PlayerStrategyOption = None,
    banker_rule: simulate_chemin.BankerRuleOption = None,
    banker_strategy: simulate_chemin.BankerStrategyOption = None,
) -> None:
    """Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net result."""
    simulate_options(SimulateOptions(**locals()))


@dataclass(frozen=True, slots=True)
class SimulateOptions:
    """The options of ``simulate``, as Typer parsed them (see :func:`simulate_command`)."""

    hands: int | None
    shoes: int | None
    seed: int | None
    backend: str
    workers: int | None
    scheduler: str | None
    timeout: float
    preset: str
    decks: int | None
    shoe: ShoeMode | None
    cut_card: int | None
    burn: bool | None
    commission: Fraction | None
    tie_pays: Fraction | None
    banker_six_pays: Fraction | None
    pair_pays: Fraction | None
    side_bets: str | None
    as_json: bool
    fmt: OutputFormat | None
    progress: bool | None
    lang: str | None
    variant: str | None
    player_strategy: str | None
    banker_rule: str | None
    banker_strategy: str | None


def simulate_options(options: SimulateOptions) -> None:
    """Run ``simulate`` with ``options``: Chemin de fer's run where a variant asks it."""
    language = checked_lang(options.lang)
    try:
        output = chosen_format(options.fmt, options.as_json)
    except OptionValueError as error:
        _fail(option_line(language, "--format", error.detail(language)))
    o = options
    if simulate_chemin.applies(o.variant, o.player_strategy, o.banker_rule, o.banker_strategy):
        _simulate_chemin(options, language, output)
        return
    try:
        _simulate_punto_banco(options, language, output)
    except KeyboardInterrupt:  # before the run started (while loading): nothing to report
        typer.echo(i18n.text(language, "simulate.stopped"), err=True)
        raise typer.Exit(130) from None


def _simulate_chemin(options: SimulateOptions, language: Lang, output: OutputFormat) -> None:
    """Hand the run to Chemin de fer's simulation, the options it does not take refused."""
    simulate_chemin.run(
        language=language,
        output=output,
        variant=options.variant,
        player_strategy=options.player_strategy,
        banker=options.banker_rule,
        banker_strategy=options.banker_strategy,
        hands=options.hands,
        seed=options.seed,
        backend=options.backend,
        decks=options.decks,
        shoe=options.shoe,
        cut_card=options.cut_card,
        burn=options.burn,
        commission=options.commission,
        unused={
            "--shoes": options.shoes is not None,
            "--workers": options.workers is not None,
            "--scheduler": options.scheduler is not None,
            "--preset": options.preset != "punto-banco",
            "--tie-pays": options.tie_pays is not None,
            "--banker-six-pays": options.banker_six_pays is not None,
            "--pair-pays": options.pair_pays is not None,
            "--side-bets": options.side_bets is not None,
        },
        progress=options.progress,
    )


def _simulate_punto_banco(options: SimulateOptions, language: Lang, output: OutputFormat) -> None:
    """Deal Punto Banco's rounds and print the report (exit 130 after Ctrl-C, 2 on bad input)."""
    from puntobanco.sim.api import simulate

    try:
        rules = rules_from_options(
            options.preset,
            decks=options.decks,
            shoe_mode=options.shoe,
            cut_card=options.cut_card,
            burn=options.burn,
            banker_commission=options.commission,
            tie_pays=options.tie_pays,
            banker_six_pays=options.banker_six_pays,
            pair_pays=options.pair_pays,
            side_bets=options.side_bets,
        )
    except SideBetsRefused as refused:
        detail = error_message(refused.error, language)
        _fail(option_line(language, "--side-bets", detail))
    except BaccaratError as error:
        _fail(refusal(error, language))
    chosen_seed = options.seed if options.seed is not None else secrets.randbits(63)
    requested = options.hands if options.hands is not None else options.shoes
    show = options.progress
    if show is None:
        show = sys.stderr.isatty() and (
            options.backend in ("reference", "dask") or (requested or 0) >= PROGRESS_FROM_HANDS
        )
    with (
        stop_on_ctrl_c() as should_stop,
        progress_bar(i18n.text(language, "simulate.progress"), requested or 0, show=show) as tick,
    ):
        try:
            result = simulate(
                rules,
                hands=options.hands,
                shoes=options.shoes,
                seed=chosen_seed,
                backend=options.backend,
                workers=options.workers,
                scheduler=options.scheduler,
                timeout=options.timeout,
                progress=tick,
                should_stop=should_stop,
            )
        except BaccaratError as error:
            _fail(refusal(error, language))
    data = result.to_json()
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(data))
    elif output is OutputFormat.TABLE:
        _print_report(data, language)
    else:
        typer.echo(_flat_table(data, output), nl=False)
    if result.interrupted:
        raise typer.Exit(130)


def _fail(text: str) -> NoReturn:
    typer.echo(text, err=True)
    raise typer.Exit(2)


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
