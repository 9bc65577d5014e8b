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
import sys
from fractions import Fraction
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.chemin import simulate as simulate_chemin
from puntobanco.cli.lang import checked_lang, help_lang
from puntobanco.cli.numbers import interval, localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    complete_backend,
    complete_preset,
    complete_variant,
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
    outcome_names = SIDE_NAMES[lang]
    bet_names = BET_NAMES[lang]
    # Fitted to the width, figures aligned right and never wrapped inside a cell (an
    # interval once split over two lines at 80 columns); stacked where they do not fit.
    fit_table(
        console,
        None,
        [
            say(h)
            for h in (
                i18n.text(lang, "simulate.outcome"),
                i18n.text(lang, "simulate.count"),
                i18n.text(lang, "simulate.frequency"),
                "± SE",
                i18n.text(lang, "simulate.exact"),
                "z",
            )
        ],
        [
            [
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
            ]
            for name, e in data["outcomes"].items()
        ],
    )
    fit_table(
        console,
        None,
        [
            say(h)
            for h in (
                i18n.text(lang, "simulate.bet"),
                i18n.text(lang, "simulate.net"),
                "± SE",
                i18n.text(lang, "simulate.interval"),
                i18n.text(lang, "simulate.exact"),
                "z",
            )
        ],
        [
            [
                bet_names[BetKind(name)],
                *map(say, (_fmt(e["mean"]), _fmt(e["standard_error"]))),
                interval(_fmt(e["ci95"][0]), _fmt(e["ci95"][1]), lang),
                *map(say, (_fmt(e["exact"]), _fmt(e["z"], 2))),
            ]
            for name, e in data["bets"].items()
        ],
    )
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
    help_language = help_lang(sys.argv, os.environ)

    def h(key: str, **params: Any) -> str:
        return i18n.text(help_language, f"simulate.help_{key}", **params)

    @app.command("simulate", cls=SimulateCommand, help=i18n.text(help_language, "simulate.help"))
    def simulate_command(
        hands: Annotated[int | None, typer.Option("--hands", metavar="N", help=h("hands"))] = None,
        shoes: Annotated[int | None, typer.Option("--shoes", metavar="N", help=h("shoes"))] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=h("seed"))] = None,
        backend: Annotated[
            str,
            typer.Option(
                "--backend",
                metavar="NAME",
                help=h("backend"),
                show_default=False,
                autocompletion=complete_backend,
            ),
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
                autocompletion=complete_preset,
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
        side_bets: Annotated[
            str | None,
            typer.Option("--side-bets", metavar="NAME[=X],...", help=h("side_bets")),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=h("json"))] = False,
        fmt: Annotated[OutputFormat | None, format_option(h("format"))] = None,
        progress: Annotated[
            bool | None, typer.Option("--progress/--no-progress", help=h("progress"))
        ] = None,
        lang: Annotated[str | None, lang_option(h("lang"))] = None,
        variant: Annotated[
            str | None,
            typer.Option(
                "--variant",
                metavar="NAME",
                help=simulate_chemin.option_help("variant"),
                autocompletion=complete_variant,
            ),
        ] = None,
        player_strategy: Annotated[
            str | None,
            typer.Option(
                "--player-strategy",
                metavar="NAME",
                help=simulate_chemin.option_help("player_strategy"),
            ),
        ] = None,
        banker_rule: Annotated[
            str | None,
            typer.Option(
                "--banker", metavar="rule-card|free", help=simulate_chemin.option_help("banker")
            ),
        ] = None,
        banker_strategy: Annotated[
            str | None,
            typer.Option(
                "--banker-strategy",
                metavar="NAME",
                help=simulate_chemin.option_help("banker_strategy"),
            ),
        ] = None,
    ) -> None:
        """Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net result."""
        language = checked_lang(lang)
        try:
            output = chosen_format(fmt, as_json)
        except OptionValueError as error:
            _fail(option_line(language, "--format", error.detail(language)))
        if simulate_chemin.applies(variant, player_strategy, banker_rule, banker_strategy):
            simulate_chemin.run(
                language=language,
                output=output,
                variant=variant,
                player_strategy=player_strategy,
                banker=banker_rule,
                banker_strategy=banker_strategy,
                hands=hands,
                seed=seed,
                backend=backend,
                decks=decks,
                shoe=shoe,
                cut_card=cut_card,
                burn=burn,
                commission=commission,
                unused={
                    "--shoes": shoes is not None,
                    "--workers": workers is not None,
                    "--scheduler": scheduler is not None,
                    "--preset": preset != "punto-banco",
                    "--tie-pays": tie_pays is not None,
                    "--banker-six-pays": banker_six_pays is not None,
                    "--pair-pays": pair_pays is not None,
                    "--side-bets": side_bets is not None,
                },
                progress=progress,
            )
            return
        try:
            from puntobanco.sim.api import simulate

            try:
                rules = rules_from_options(
                    preset,
                    decks=decks,
                    shoe_mode=shoe,
                    cut_card=cut_card,
                    burn=burn,
                    banker_commission=commission,
                    tie_pays=tie_pays,
                    banker_six_pays=banker_six_pays,
                    pair_pays=pair_pays,
                    side_bets=side_bets,
                )
            except SideBetsRefused as refused:
                detail = error_message(refused.error, language)
                _fail(option_line(language, "--side-bets", detail))
            except BaccaratError as error:
                _fail(refusal(error, language))
            chosen_seed = seed if seed is not None else secrets.randbits(63)
            requested = hands if hands is not None else shoes
            show = progress
            if show is None:
                show = sys.stderr.isatty() and (
                    backend in ("reference", "dask") or (requested or 0) >= PROGRESS_FROM_HANDS
                )
            with (
                stop_on_ctrl_c() as should_stop,
                progress_bar(
                    i18n.text(language, "simulate.progress"), requested or 0, show=show
                ) as tick,
            ):
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
        except KeyboardInterrupt:  # before the run started (while loading): nothing to report
            typer.echo(i18n.text(language, "simulate.stopped"), err=True)
            raise typer.Exit(130) from None


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
