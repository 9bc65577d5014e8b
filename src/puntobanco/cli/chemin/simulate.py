"""``puntobanco simulate --variant chemin-de-fer``: Chemin de fer dealt with chosen strategies.

Examples::

    puntobanco simulate --variant chemin-de-fer --hands 1000000 --seed 1
    puntobanco simulate --variant chemin-de-fer --player-strategy stand5 --banker free --json
    puntobanco simulate --variant chemin-de-fer --banker-strategy tableau --backend reference

``simulate`` hands its options here when a variant (or a strategy) is given;
without one it is Punto Banco's command, unchanged. The work is
:func:`puntobanco.sim.chemin.simulate.simulate_chemin`. Bad input (an unknown variant,
strategy, Banker rule or backend, an option Chemin de fer does not use) prints
one sentence naming the problem and what is allowed, in the user's language,
and exits with status 2. Every word comes from the catalogue's
``chemin.simulate.*`` keys. Nothing heavy is imported until a run starts, so
``--help`` stays quick.
"""

from __future__ import annotations

import json
import secrets
import sys
from fractions import Fraction
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.lang import rule_name
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import OutputFormat, complete_variant
from puntobanco.cli.refusal import fail, refuse
from puntobanco.cli.tabular import write_rows
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang
from puntobanco.core.i18n import CATALOGUE, text
from puntobanco.core.rules import BANKER_RULES, Variant

#: The variants ``simulate`` deals, by name.
VARIANTS: tuple[str, ...] = (Variant.PUNTO_BANCO.value, Variant.CHEMIN_DE_FER.value)
#: The Player's and the Banker's plays by name (as :mod:`puntobanco.sim.chemin.simulate`
#: names them).
PLAYER_STRATEGIES: tuple[str, ...] = ("stand5", "draw5", "optimal")
BANKER_STRATEGIES: tuple[str, ...] = ("optimal", "tableau")
#: The backends that deal Chemin de fer.
BACKENDS: tuple[str, ...] = ("reference", "cpu")
#: Runs asked for with at least this many rounds get a progress bar on a terminal
#: (the reference backend always does).
PROGRESS_FROM_HANDS = 20_000_000


#: ``simulate``'s options for Chemin de fer, each help a catalogue key
#: (worded by :func:`~puntobanco.cli.localized.add_command`).
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        metavar="NAME",
        help="chemin.simulate.help_variant",
        autocompletion=complete_variant,
    ),
]
PlayerStrategyOption = Annotated[
    str | None,
    typer.Option("--player-strategy", metavar="NAME", help="chemin.simulate.help_player_strategy"),
]
BankerRuleOption = Annotated[
    str | None,
    typer.Option("--banker", metavar="rule-card|free", help="chemin.simulate.help_banker"),
]
BankerStrategyOption = Annotated[
    str | None,
    typer.Option("--banker-strategy", metavar="NAME", help="chemin.simulate.help_banker_strategy"),
]


def applies(
    variant: str | None,
    player_strategy: str | None,
    banker: str | None,
    banker_strategy: str | None,
) -> bool:
    """Whether ``simulate`` should hand the run to this module (else: Punto Banco as ever)."""
    if player_strategy is not None or banker is not None or banker_strategy is not None:
        return True
    return variant is not None and variant.strip().lower() != Variant.PUNTO_BANCO.value


def _fail(lang: Lang, option: str | None, key: str, **params: Any) -> NoReturn:
    detail = text(lang, key, **params)
    if option is None:
        fail(detail)
    refuse(lang, option, detail)


def run(
    *,
    language: str,
    output: OutputFormat,
    variant: str | None,
    player_strategy: str | None,
    banker: str | None,
    banker_strategy: str | None,
    hands: int | None,
    seed: int | None,
    backend: str,
    decks: int | None,
    shoe: Any,
    cut_card: int | None,
    burn: bool | None,
    commission: Fraction | None,
    unused: dict[str, bool],
    progress: bool | None = None,
) -> None:
    """Check the options, deal the rounds and print the report (exit 2 on bad input).

    Args:
        language: ``en`` or ``es`` (already checked by ``simulate``).
        output: ``table`` or ``json``.
        variant: ``--variant`` (``None``: not given, yet a strategy was).
        player_strategy: ``--player-strategy``, ``None`` for ``optimal``.
        banker: ``--banker``, ``None`` for ``rule-card``.
        banker_strategy: ``--banker-strategy``, ``None`` for ``optimal``.
        hands: ``--hands``.
        seed: ``--seed`` (random and reported when ``None``).
        backend: ``--backend``.
        decks: ``--decks``.
        shoe: ``--shoe``.
        cut_card: ``--cut-card``.
        burn: ``--burn/--no-burn``.
        commission: ``--commission``.
        unused: The Punto Banco options Chemin de fer does not take, by flag:
            whether each was given (each given one is refused).
        progress: ``--progress/--no-progress`` (``None``: a bar on a terminal for a
            long run, as Punto Banco's).

    Exit status 130 after Ctrl-C, the rounds dealt by then reported (as Punto Banco's).
    """
    lang: Lang = "es" if language == "es" else "en"
    _check_choices(lang, variant, player_strategy, banker, banker_strategy, backend)
    for flag, given in unused.items():
        if given:
            _fail(lang, flag, "chemin.simulate.not_with_variant")
    if hands is None:
        _fail(lang, None, "chemin.simulate.needs_hands")

    from puntobanco.cli.rules_options import rules_from_options
    from puntobanco.cli.simulate import message as rules_message

    try:
        rules = rules_from_options(
            Variant.PUNTO_BANCO.value,
            decks=decks,
            shoe_mode=shoe,
            cut_card=cut_card,
            burn=burn,
            banker_commission=commission,
        ).replace(variant=Variant.CHEMIN_DE_FER)
    except BaccaratError as error:
        typer.echo(rules_message(error, lang), err=True)
        raise typer.Exit(2) from None
    show = progress
    if show is None:
        show = sys.stderr.isatty() and (backend == "reference" or hands >= PROGRESS_FROM_HANDS)
    result = _deal(
        lang,
        rules,
        hands=hands,
        seed=seed if seed is not None else secrets.randbits(63),
        backend=backend,
        player_play=player_strategy or "optimal",
        banker_play=banker_strategy or "optimal",
        banker=banker or "rule-card",
        show=show,
    )
    if result.hands == 0:
        typer.echo(text(lang, "simulate.stopped"), err=True)
        raise typer.Exit(130)
    data = result.to_json()
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(data))
    elif output is OutputFormat.TABLE:
        print_report(data, lang)
    else:
        typer.echo(flat_table(data, output), nl=False)
    if result.interrupted:
        raise typer.Exit(130)


def _check_choices(
    lang: Lang,
    variant: str | None,
    player_strategy: str | None,
    banker: str | None,
    banker_strategy: str | None,
    backend: str,
) -> None:
    """Refuse a variant, a strategy, a Banker rule or a backend Chemin de fer lacks (exit 2)."""
    name = (variant or "").strip().lower()
    strategies = (
        ("--player-strategy", player_strategy),
        ("--banker", banker),
        ("--banker-strategy", banker_strategy),
    )
    if variant is None:
        _fail(
            lang, next(f for f, v in strategies if v is not None), "chemin.simulate.needs_variant"
        )
    if name not in VARIANTS:
        _fail(lang, "--variant", "chemin.simulate.variant", allowed=", ".join(VARIANTS),
              value=variant)  # fmt: skip
    if name == Variant.PUNTO_BANCO.value:
        flag = "--player-strategy" if player_strategy is not None else (
            "--banker" if banker is not None else "--banker-strategy")  # fmt: skip
        _fail(lang, flag, "chemin.simulate.needs_variant")
    checks = (
        ("--player-strategy", player_strategy, PLAYER_STRATEGIES, "player_strategy"),
        ("--banker", banker, tuple(BANKER_RULES), "banker"),
        ("--banker-strategy", banker_strategy, BANKER_STRATEGIES, "banker_strategy"),
        ("--backend", backend, BACKENDS, "backend"),
    )
    for flag, value, allowed, key in checks:
        if value is not None and value not in allowed:
            _fail(lang, flag, f"chemin.simulate.{key}", allowed=", ".join(allowed), value=value)


def _deal(
    lang: Lang,
    rules: Any,
    *,
    hands: int,
    seed: int,
    backend: str,
    player_play: str,
    banker_play: str,
    banker: str,
    show: bool,
) -> Any:
    """Deal the rounds with the strategies named (exit 130 on Ctrl-C while loading, 2 refused)."""
    from puntobanco.cli.progress import progress_bar, stop_on_ctrl_c
    from puntobanco.sim.chemin.simulate import (
        ChoiceSimulationError,
        named_strategy,
        simulate_chemin,
    )

    try:
        strategy = named_strategy(
            rules, BANKER_RULES[banker], player=player_play, banker=banker_play
        )
        with (
            stop_on_ctrl_c() as should_stop,
            progress_bar(text(lang, "simulate.progress"), hands, show=show) as tick,
        ):
            return simulate_chemin(
                rules,
                strategy,
                hands=hands,
                seed=seed,
                backend=backend,
                player_play=player_play,
                banker_play=banker_play,
                progress=tick,
                should_stop=should_stop,
            )
    except KeyboardInterrupt:  # while loading, before any round: nothing to report
        typer.echo(text(lang, "simulate.stopped"), err=True)
        raise typer.Exit(130) from None
    except ChoiceSimulationError as error:
        params = error.params
        if error.code == "count":
            most = localize(f"{params['maximum']:,}", lang)
            _fail(lang, "--hands", "chemin.simulate.count", maximum=most, value=params["value"])
        if error.code == "seed":
            _fail(lang, "--seed", "chemin.simulate.seed", value=params["value"])
        fail(error.message)


def flat_table(data: dict[str, Any], output: OutputFormat) -> str:
    """The outcomes and the Banker's nets as one CSV or Markdown table, as Punto Banco's.

    The columns are Punto Banco's ``--format csv`` columns (a row per outcome,
    then per Banker net), with plain numbers and the JSON's names.
    """
    headers = ["kind", "name", "count", "mean", "standard_error", "exact", "z"]
    rows: list[list[Any]] = [
        ["outcome", name, data[name], e["mean"], e["standard_error"], e["exact"], e["z"]]
        for name, e in data["outcomes"].items()
    ]
    rows += [
        ["banker_net", name, None, e["mean"], e["standard_error"], e["exact"], e["z"]]
        for name, e in data["banker_net"].items()
    ]
    return write_rows(headers, rows, output.value)


def print_report(data: dict[str, Any], lang: Lang) -> None:
    """The report at the terminal's width: prose wrapped, the outcomes as a fitted table."""
    from puntobanco.cli.layout import fit_table, stdout_console, wrap_lines

    console = stdout_console()
    before, table, after = _report_parts(data, lang)
    typer.echo(wrap_lines(localize("\n".join(before), lang), console.width))
    headers, rows = table
    fit_table(console, None, headers, [[localize(c, lang) for c in row] for row in rows])
    typer.echo(wrap_lines(localize("\n".join(after), lang), console.width))


def _float(value: float | None, digits: int = 6) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _signed(value: float | None, digits: int = 6) -> str:
    return "-" if value is None else f"{value:+.{digits}f}"


def text_report(data: dict[str, Any], lang: Lang) -> str:
    """The ``to_json`` of a run as lines of text in ``lang`` (numbers in English form)."""
    before, (headers, rows), after = _report_parts(data, lang)
    row = "{:<10} {:>14} {:>10} {:>12} {:>10} {:>7}"
    return "\n".join(
        [*before, "", row.format(*headers), *(row.format(*r) for r in rows), "", *after]
    )


def _report_parts(
    data: dict[str, Any], lang: Lang
) -> tuple[list[str], tuple[list[str], list[list[str]]], list[str]]:
    """The report's lines before the outcomes' table, the table, and the lines after it."""
    strategy = data["strategy"]
    before = [
        text(
            lang,
            "chemin.simulate.title",
            hands=data["hands"],
            decks=data["decks"],
            mode=text(lang, f"chemin.simulate.mode.{data['shoe_mode']}"),
            rule=rule_name(data["banker_rule"], lang),
            backend=data["backend"],
        ),
        text(
            lang,
            "chemin.simulate.speed",
            seconds=data["seconds"],
            rate=data["hands_per_second"],
            seed=data["seed"],
        ),
    ]
    if data.get("interrupted"):
        before.append(text(lang, "simulate.interrupted", hands=data["hands"]))
    before += [
        text(
            lang,
            "chemin.simulate.player",
            name=_play_name(data["player_strategy"], lang),
            p=_probability(strategy["player_draw_on_5"]),
        ),
        text(
            lang,
            "chemin.simulate.banker_cells",
            name=_play_name(data["banker_strategy"], lang),
            cells=_banker_cells(strategy["banker_draw"], data["tableau_draw"], lang),
        ),
    ]
    headers = text(lang, "chemin.simulate.header").split("|")
    rows = [
        [
            text(lang, f"chemin.simulate.outcome.{name}"),
            f"{data[name]:,}",
            _float(estimate["mean"]),
            _float(estimate["standard_error"]),
            _float(estimate["exact"]),
            _signed(estimate["z"], 2),
        ]
        for name, estimate in data["outcomes"].items()
    ]
    after: list[str] = []
    commission = Fraction(data["commission"])
    for key, net in (
        ("chemin.simulate.net", data["banker_net"]["no_commission"]),
        ("chemin.simulate.net_after", data["banker_net"]["after_commission"]),
    ):
        after.append(
            text(
                lang,
                key,
                commission=f"{float(commission):.0%}" if (commission * 100).denominator == 1
                else str(commission),
                mean=_signed(net["mean"]),
                se=_float(net["standard_error"]),
                exact=_signed(net["exact"]),
                z=_signed(net["z"], 2),
            )
        )  # fmt: skip
    choices = data["choices"]
    after.append(
        text(
            lang,
            "chemin.simulate.choices",
            options=choices["player_on_5"],
            drew=choices["player_drew_on_5"],
            banker_options=choices["banker_free_cells"],
            banker_drew=choices["banker_drew_in_free_cells"],
        )
    )
    after.append(text(lang, "chemin.simulate.basis"))
    return before, (headers, rows), after


def _play_name(name: str, lang: Lang) -> str:
    """A strategy's name in ``lang`` (``optimal`` is ``óptima``; the option's words stay)."""
    key = f"chemin.simulate.play.{name}"
    return text(lang, key) if key in CATALOGUE[lang] else name


def _banker_cells(draw: dict[str, str], tableau: dict[str, str], lang: Lang) -> str:
    """The free cells where the Banker leaves the tableau (mixing or not), the rest summed up."""
    apart = [f"{cell} {_probability(p)}" for cell, p in draw.items() if tableau[cell] != p]
    if not apart:
        return text(lang, "chemin.simulate.as_tableau")
    return text(lang, "chemin.simulate.elsewhere", cells=", ".join(apart))


def _probability(value: str) -> str:
    """A probability written exactly, and as a decimal when it is not 0 or 1."""
    p = Fraction(value)
    return value if p.denominator == 1 else f"{value} ({float(p):.6f})"
