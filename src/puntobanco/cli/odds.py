"""``puntobanco odds``: exact odds of every bet for a shoe, as a table or as JSON.

Examples::

    puntobanco odds                                   # 8 decks, the seeds' payouts
    puntobanco odds --decks 6 --tie-pays 9 --json
    puntobanco odds --ranks A=32,2=32,...,K=32 --pair-pays 11 --exact
    puntobanco odds --remove "Kd 5s 9h 9c" --commission 0.04
    puntobanco odds --effects --shoes 200 --seed 7

Bad input (a negative count, an unknown rank, a shoe under 6 cards, a payout
that is not a positive number...) prints one sentence naming the problem, in
the user's language, and exits with status 2; nothing is printed on stdout.
"""

# Each option's help is a catalogue key, worded when the command is added
# (:mod:`puntobanco.cli.localized`).

import copy
import json
import sys
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from fractions import Fraction
from typing import Annotated, Any

import typer

from puntobanco.cli.lang import checked_lang
from puntobanco.cli.localized import add_command
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    complete_preset,
    format_option,
    lang_option,
    parse_card_list,
    parse_decks,
    parse_payout,
    parse_rate,
    parse_seed,
    parse_shoe,
    parse_whole,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.progress import Tick, progress_bar
from puntobanco.cli.refusal import option_line, refuse, sentence, shown
from puntobanco.cli.rules_options import SideBetsRefused, rules_from_options
from puntobanco.core import i18n
from puntobanco.core.cards import Card
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.rules import ShoeMode

#: The option that sets each Rules field core may name in an error.
_OPTION_OF_FIELD = {"tie_pays": "--tie-pays", "banker_six_pays": "--banker-six-pays",
                    "pair_pays": "--pair-pays", "banker_commission": "--commission"}  # fmt: skip


class _UsageError(BaccaratError):
    """A command-line option that cannot be read (its sentence is ``odds.<code>``)."""


def error_text(error: BaccaratError, lang: Lang) -> str:
    """The error's sentence in ``lang``.

    The command line's own errors are worded by the catalogue's ``odds.<code>``;
    the analysis layer's (:class:`InvalidShoe`) by ``odds.shoe_error.<code>``;
    every other error is core's, worded by
    :func:`~puntobanco.core.explain.error_message` as the other commands do.
    An error with no sentence of its own (or whose parameters do not fit it)
    reads its English message.
    """
    # Imported here, not at the top: the analysis layer loads NumPy, which the
    # command's --help does not need.
    from puntobanco.analysis.shoe import InvalidShoe

    if isinstance(error, _UsageError):
        key = f"odds.{error.code}"
        params = dict(error.params)
    elif not isinstance(error, InvalidShoe):
        name = error.params.get("name")
        if isinstance(name, str) and name in _OPTION_OF_FIELD:
            # Core names the Rules field; the user typed the option.
            error = copy.copy(error)
            error.params = {**error.params, "name": _OPTION_OF_FIELD[name]}
        return error_message(error, lang)
    else:
        key = f"odds.shoe_error.{error.code}"
        params = dict(error.params)
        if "kind" in params:
            kind = i18n.text(lang, f"odds.kind.{str(params['kind']).replace(' ', '_')}")
            params["what"] = f"{kind} {params.get('key', '')}"
    if key not in i18n.CATALOGUE[lang]:
        return error.message
    if "decks" in params:  # "1 deck", "8 decks"
        params["decks"] = i18n.text(lang, "lang.decks", count=params["decks"])
    try:
        if "asked" in params:  # "1 card", "3 cards"
            return i18n.text(lang, key, count=params["asked"], **params)
        return i18n.text(lang, key, **params)
    except (KeyError, IndexError):
        return error.message


#: The option behind each of odds' own errors that one option causes (by code).
_OPTION_OF_ERROR = {
    "remove": "--remove",
    "remove_card": "--remove",
    "none_left": "--remove",
    "bad_item": "--remove",
    "shoes": "--shoes",
    "decks": "--decks",
}


class _OptionRefused(BaccaratError):
    """A value one option gave that a lower layer refused, already worded in the language."""


def _error_line(error: BaccaratError, lang: Lang, shoe_option: str | None = None) -> str:
    """The one line an error prints, in the style every command shares.

    An error one option caused reads ``Invalid option --remove: ...``, as the
    shared option types' refusals do; a shoe too small or miscounted is the
    fault of ``shoe_option``, the option that gave the shoe. One about the
    options together is a sentence of its own (no ``Error:`` before it).
    """
    from puntobanco.analysis.shoe import InvalidShoe

    if isinstance(error, _OptionRefused):
        return option_line(lang, str(error.params["option"]), str(error.params["detail"]))
    if error.code == "preset" and not isinstance(error, InvalidShoe):
        detail = i18n.text(
            lang,
            "cli.opt.preset",
            allowed=error.params.get("allowed", ""),
            value=shown(str(error.params.get("value", ""))),
        )
        return option_line(lang, "--preset", detail)
    text = error_text(error, lang)
    option = error.params.get("option") if isinstance(error, _UsageError) else None
    option = option or _OPTION_OF_ERROR.get(error.code)
    if option is None and isinstance(error, InvalidShoe):
        option = shoe_option
    if isinstance(option, str):
        return option_line(lang, option, text)
    return sentence(text)


def _counts(option: str, text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise _UsageError(f"bad {option} {part!r}", code="spec", option=option, part=part)
        key = key.strip()
        if key in counts:  # ShoeCounts also catches "10" beside "T": the same rank
            from puntobanco.analysis.shoe import InvalidShoe

            raise InvalidShoe(f"{key} is given twice", code="duplicate", key=key)
        counts[key] = _whole(option, value)
    return counts


def _whole(option: str, value: str) -> int:
    text = value.strip()
    try:
        return int(text)
    except ValueError:
        raise _UsageError(
            f"{option} must be a whole number, got {value!r}",
            code="whole",
            option=option,
            value=value,
        ) from None


def _check_suited(items: Iterable[object], decks: int) -> None:
    """Refuse to remove one exact card (Kd) more times than a full shoe of ``decks`` holds it.

    Only a full shoe (``--decks``) knows its suits, ``decks`` of each card; a shoe
    given by ``--ranks`` or ``--shoe`` is checked by rank or point value only, in
    :meth:`~puntobanco.analysis.shoe.ShoeCounts.remove`.
    """
    asked: dict[Card, int] = {}
    for item in items:
        if isinstance(item, Card):
            asked[item] = asked.get(item, 0) + 1
    for card, count in asked.items():
        if count > decks:
            raise _UsageError(
                f"--remove takes {card.code} {count} times, but a shoe of {decks} decks "
                f"holds {decks}",
                code="remove_card",
                card=card.code,
                asked=count,
                decks=decks,
                held=decks,
            )


class OddsCommand(TranslatedCommand):
    """Click's usage errors in the user's language and the help on any terminal, as in ``play``."""

    command_name = "odds"
    option_example = "--decks 6"
    error_style = None


def register(app: typer.Typer) -> None:
    """Add the ``odds`` command to ``app``.

    The help texts are in the language of ``--lang`` on the command line, or
    else of the locale, as the command's tables are.
    """
    add_command(app, "odds", odds, cls=OddsCommand, help_key="odds.help")


def odds(
    decks: Annotated[
        int | None, typer.Option(metavar="N", parser=parse_decks, help="odds.help_decks")
    ] = None,
    shoe: Annotated[str | None, typer.Option(metavar="TYPE", help="odds.help_shoe")] = None,
    points: Annotated[str | None, typer.Option(metavar="V=N,...", help="odds.help_points")] = None,
    ranks: Annotated[str | None, typer.Option(metavar="R=N,...", help="odds.help_ranks")] = None,
    remove: Annotated[str | None, typer.Option(metavar="CARDS", help="odds.help_remove")] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            "--rules",
            metavar="NAME",
            help="odds.help_preset",
            autocompletion=complete_preset,
        ),
    ] = None,
    side_bets: Annotated[
        str | None, typer.Option(metavar="NAME[=X],...", help="odds.help_side_bets")
    ] = None,
    commission: Annotated[
        Fraction | None,
        typer.Option(metavar="RATE", parser=parse_rate, help="odds.help_commission"),
    ] = None,
    tie_pays: Annotated[
        Fraction | None,
        typer.Option("--tie-pays", metavar="N", parser=parse_payout, help="odds.help_tie_pays"),
    ] = None,
    banker_six_pays: Annotated[
        Fraction | None,
        typer.Option(
            "--banker-six-pays", metavar="N", parser=parse_payout, help="odds.help_banker_six_pays"
        ),
    ] = None,
    pair_pays: Annotated[
        Fraction | None,
        typer.Option("--pair-pays", metavar="N", parser=parse_payout, help="odds.help_pair_pays"),
    ] = None,
    exact: Annotated[bool, typer.Option("--exact", help="odds.help_exact")] = False,
    fmt: Annotated[OutputFormat | None, format_option("odds.help_format")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="odds.help_json")] = False,
    effects: Annotated[bool, typer.Option("--effects", help="odds.help_effects")] = False,
    # Their defaults are in their help, in the help's language (not "[default: ...]").
    shoes: Annotated[
        str | None, typer.Option(metavar="N", help="odds.help_shoes", show_default=False)
    ] = None,
    seed: Annotated[
        str | None, typer.Option(metavar="N", help="odds.help_seed", show_default=False)
    ] = None,
    lang: Annotated[str | None, lang_option("odds.help_lang")] = None,
) -> None:
    """Exact odds, house edge and spread of every bet, for any shoe and any payouts.

    Counts not listed in --points or --ranks are 0. A shoe needs at least 6
    cards (a coup can take 6); a smaller one is refused with exit status 2.
    """
    language = checked_lang(lang)
    points_option = "--points"
    try:
        output = chosen_format(fmt, as_json)
        _check_study(language, output, effects, shoes=shoes, seed=seed)
        shoe_type, points, points_option = _shoe_or_points(shoe, points)
        report = _compute(
            language=language,
            decks=decks,
            shoe_type=shoe_type,
            shoe_text=points,
            points_option=points_option,
            ranks_text=ranks,
            remove=remove,
            preset=preset,
            side_bets=side_bets,
            commission=commission,
            tie_pays=tie_pays,
            banker_six_pays=banker_six_pays,
            pair_pays=pair_pays,
            effects=effects,
            shoes="100" if shoes is None else shoes,
            seed="1" if seed is None else seed,
        )
    except KeyboardInterrupt:
        # The exact tables are quick; only --effects' study is long enough to stop.
        typer.echo(i18n.text(language, "odds.stopped"), err=True)
        raise typer.Exit(130) from None
    except OptionValueError as error:
        option = {"cli.opt.shoe": "--shoe"}.get(error.key, "--format")
        refuse(language, option, error.detail(language))
    except BaccaratError as error:
        given = (
            (points_option, points),
            ("--ranks", ranks),
            ("--remove", remove),
            ("--decks", decks),
        )
        shoe_option = next((o for o, v in given if v is not None), None)
        typer.echo(_error_line(error, language, shoe_option), err=True)
        raise typer.Exit(2) from None
    _print_report(report, output, language, exact)


def _shoe_or_points(
    shoe: str | None, points: str | None
) -> tuple[ShoeMode | None, str | None, str]:
    """``--shoe`` as the shoe's type, or as counts per point value (its form before ``--points``).

    Returns:
        The shoe's type (``None``: not given), the counts per point value, and the
        option that gave them.
    """
    if shoe is not None and "=" not in shoe and not shoe.strip()[:1].isdigit():
        return parse_shoe(shoe), points, "--points"
    if shoe is not None:
        # Counts per point value under --shoe, as before --points: kept for scripts.
        if points is not None:
            raise _UsageError("give only one of --shoe and --points", code="one_points")
        return None, shoe, "--shoe"
    return None, points, "--points"


def _check_study(
    language: Lang, output: OutputFormat, effects: bool, *, shoes: str | None, seed: str | None
) -> None:
    """Refuse options of ``--effects``' study that would change nothing, not ignore them."""
    for option, typed in (("--shoes", shoes), ("--seed", seed)):
        if typed is not None and not effects:
            refuse(language, option, i18n.text(language, "cli.opt.needs", other="--effects"))
    if effects and output in (OutputFormat.CSV, OutputFormat.MARKDOWN):
        refuse(language, "--format", i18n.text(language, "odds.effects_format"))


def _print_report(
    report: dict[str, Any], output: OutputFormat, language: Lang, exact: bool
) -> None:
    """The report on standard output: JSON, the tables, or one CSV or Markdown table."""
    from puntobanco.cli import odds_output

    if output is OutputFormat.JSON:
        typer.echo(json.dumps(odds_output.json_report(report)))
    elif output is OutputFormat.TABLE:
        odds_output.print_tables(report, language, exact)
    else:
        typer.echo(odds_output.flat(report, output), nl=False)


def _compute(
    *,
    language: Lang = "en",
    decks: int | None,
    shoe_text: str | None,
    ranks_text: str | None,
    remove: str | None,
    preset: str | None,
    commission: Fraction | None,
    tie_pays: Fraction | None,
    side_bets: str | None = None,
    banker_six_pays: Fraction | None,
    pair_pays: Fraction | None,
    shoe_type: ShoeMode | None = None,
    points_option: str = "--points",
    effects: bool,
    shoes: str,
    seed: str,
) -> dict[str, Any]:
    """Validate the options and run the analysis (raises BaccaratError on bad input)."""
    from puntobanco.analysis import ShoeCounts, analyze
    from puntobanco.analysis.effects import effects_of_removal, through_the_shoe
    from puntobanco.core.cards import Rank
    from puntobanco.core.errors import InvalidCard

    study_shoes = _shared(language, "--shoes", lambda v: parse_whole(v, 1, MAX_STUDY_SHOES), shoes)
    study_seed = _shared(language, "--seed", parse_seed, seed)
    if sum(x is not None for x in (decks, shoe_text, ranks_text)) > 1:
        raise _UsageError("give only one of --decks, --points and --ranks", code="one_shoe")
    try:
        rules = rules_from_options(
            preset,
            decks=decks,
            shoe_mode=shoe_type,
            banker_commission=commission,
            tie_pays=tie_pays,
            banker_six_pays=banker_six_pays,
            pair_pays=pair_pays,
            side_bets=side_bets,
        )
    except SideBetsRefused as refused:
        # Core checks the name and the payouts and words the error (en/es).
        detail = error_message(refused.error, language)
        raise _OptionRefused(detail, option="--side-bets", detail=detail) from None
    if shoe_text is not None:
        counts = ShoeCounts.from_points(_counts(points_option, shoe_text))
    elif ranks_text is not None:
        counts = ShoeCounts.from_ranks(_counts("--ranks", ranks_text))
    else:
        counts = ShoeCounts.full(rules.decks)
    if remove:
        items: list[Card | Rank | int] = []
        for token in remove.replace(",", " ").split():
            try:
                # An exact card as every command reads one; a rank alone is odds' own extension.
                items.extend(parse_card_list(token))
            except OptionValueError:
                try:
                    items.append(int(token) if token == "0" else Rank.from_symbol(token))
                except InvalidCard:
                    raise _UsageError(
                        f"{token!r} in --remove is not a card or a rank", code="remove", token=token
                    ) from None
        if shoe_text is None and ranks_text is None:
            _check_suited(items, rules.decks)
        counts = counts.remove(items)
    report: dict[str, Any] = {
        "rules": rules,
        "shoe": counts,
        "full": shoe_text is None and ranks_text is None and not remove,
        "analysis": analyze(rules, counts),
    }
    if effects:
        report["effects"] = effects_of_removal(rules, counts)
        with _progress(study_shoes, language) as tick:
            report["through"] = through_the_shoe(
                rules, shoes=study_shoes, seed=study_seed, on_shoe=tick
            )
    return report


def _shared(lang: Lang, option: str, parse: Callable[[str], int], value: str) -> int:
    """``value`` read by an option type every command shares, or that option's refusal."""
    try:
        return parse(value)
    except OptionValueError as error:
        raise _OptionRefused(error.detail(lang), option=option, detail=error.detail(lang)) from None


#: The most shoes ``--effects`` deals through.
MAX_STUDY_SHOES = 10**9
#: A study of at least this many shoes shows that it is working, on a terminal.
PROGRESS_SHOES = 50


def _progress(shoes: int, lang: Lang) -> AbstractContextManager[Tick | None]:
    """A bar counting the shoes ``--effects`` deals, on standard error where it is a terminal.

    Nothing is shown for a short study, nor when standard error is a file or a pipe
    (scripts, tests).
    """
    show = shoes >= PROGRESS_SHOES and sys.stderr.isatty()
    label = localize(i18n.text(lang, "odds.progress", shoes=f"{shoes:,}"), lang)
    return progress_bar(label, shoes, show=show)
