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

# No ``from __future__ import annotations`` here: Typer reads each option's annotation,
# and ``help=h(...)`` in it calls a function local to ``register``, which a string
# annotation evaluated later could not see.

import copy
import json
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Annotated, Any

import typer

from puntobanco.analysis.shoe import InvalidShoe
from puntobanco.cli.lang import detect_lang as cli_detect_lang
from puntobanco.cli.lang import help_lang, parse_lang
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    chosen_format,
    offer_side_bets,
    parse_card_list,
    parse_decks,
    parse_format,
    parse_payout,
    parse_rate,
    parse_shoe,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.core import i18n
from puntobanco.core.cards import Card
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang, error_message
from puntobanco.core.rules import ShoeMode

TEXT: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title": "Punto Banco odds: {cards} cards in the shoe ({where})",
        "full": "a full {decks}-deck shoe",
        "counts": "counts given",
        "outcomes": "Outcomes",
        "outcome": "Outcome",
        "probability": "Probability",
        "bets": "Bets (per unit staked; ties push Player and Banker)",
        "bet": "Bet",
        "pays": "Pays",
        "house_edge": "House edge",
        "per_resolved": "Edge per resolved bet",
        "rtp": "Return to player",
        "ev": "Expected value",
        "std_dev": "Std. dev.",
        "more": "The coup",
        "what": "Event",
        "dealt": "{n} cards dealt",
        "player_natural": "Player natural",
        "banker_natural": "Banker natural",
        "any_natural": "A natural (either side)",
        "banker_six": "Banker wins with 6",
        "player_pair": "Player pair",
        "banker_pair": "Banker pair",
        "effects": (
            "Effects of removal: change in expected value (%) when one card leaves "
            "[balanced count weight]"
        ),
        "card": "Card",
        "weights": "level {level}, correlation {corr}",
        "weights_row": "Count",
        "through": (
            "Through the shoe: {shoes} seeded shoes (seed {seed}), {rounds} rounds; "
            "betting only when the remaining cards give a positive expectation"
        ),
        "positive": "Rounds positive",
        "share": "Share",
        "mean_ev": "Mean expected gain",
        "mean_actual": "Mean actual gain",
        "total_note": " ({total} pays {pays})",
        "push_note": " ({when}: push)",
        "error": "Error: {message}",
        "lang": "--lang must be en or es, got {value!r}",
        "one_shoe": "give only one of --decks, --points and --ranks",
        "one_points": "give only one of --shoe V=N,... and --points (they are the same)",
        "spec": (
            "{option} takes KEY=COUNT pairs separated by commas, such as 0=128,1=32; got {part!r}"
        ),
        "whole": "{option} must be a whole number, got {value!r}",
        "remove": "{token!r} in --remove is not a card or a rank: write Kd, 10h, K or 9",
        "remove_card": (
            "--remove takes {card} {asked} times, but a shoe of {decks} decks holds {held}"
        ),
        # --help
        "help": (
            "Exact odds, house edge and spread of every bet, for any shoe and any payouts."
            "\n\nCounts not listed in --points or --ranks are 0. A shoe needs at least 6 "
            "cards (a coup can take 6); a smaller one is refused with exit status 2."
        ),
        "help_decks": "Decks in a full shoe, 1 to 8 (default 8).",
        "help_shoe": (
            "The shoe type, cut-card or reshuffle, as in every command (for --effects' "
            "study); V=N,... is still read as --points."
        ),
        "help_points": "Counts per point value, e.g. 0=128,1=32,...,9=32 (others 0).",
        "help_ranks": "Counts per rank, e.g. A=32,2=32,...,K=32 (needed for pairs).",
        "help_remove": "Cards already dealt, e.g. 'Kd 5s 9' (ranks allowed).",
        "help_preset": (
            "Start from a named rule set, e.g. super-6, ez-baccarat, dragon-bonus, tiger, "
            "egalite or all-side-bets."
        ),
        "help_side_bets": (
            "Offer side bets, e.g. dragon_7,tiger=12:20,super_6=15 (=X sets the payouts, "
            "colon-separated in the paytable's order)."
        ),
        "help_commission": "Banker commission, 5% or 0.05 (a bare 5 is refused as ambiguous).",
        "help_tie_pays": "Tie winnings per unit, e.g. 9.",
        "help_banker_six_pays": "A winning Banker 6 pays this, e.g. 0.5 (Super 6).",
        "help_pair_pays": "Offer Player/Banker Pair paying this, e.g. 11.",
        "help_exact": "Print exact fractions.",
        "help_json": "One JSON object on stdout (the same as --format json).",
        "help_format": "table (default), json, csv or markdown (md).",
        "help_effects": "Effects of removal, counts, through the shoe.",
        "progress": "Dealing {shoes} shoes for the through-the-shoe study…",
        "help_shoes": (
            "Full seeded shoes of the rules' decks dealt by --effects' study (default: 100)."
        ),
        "help_seed": "Seed of the through-the-shoe study (default: 1).",
        "help_lang": "en or es (default: the locale).",
    },
    "es": {
        "title": "Probabilidades de Punto Banco: {cards} cartas en el zapato ({where})",
        "full": "un zapato completo de {decks} barajas",
        "counts": "recuento dado",
        "outcomes": "Resultados",
        "outcome": "Resultado",
        "probability": "Probabilidad",
        "bets": "Apuestas (por unidad apostada; en empate Jugador y Banca no pierden)",
        "bet": "Apuesta",
        "pays": "Paga",
        "house_edge": "Ventaja de la casa",
        "per_resolved": "Ventaja por apuesta resuelta",
        "rtp": "Retorno al jugador",
        "ev": "Valor esperado",
        "std_dev": "Desv. típica",
        "more": "La mano",
        "what": "Suceso",
        "dealt": "{n} cartas repartidas",
        "player_natural": "Natural del Jugador",
        "banker_natural": "Natural de la Banca",
        "any_natural": "Un natural (cualquier lado)",
        "banker_six": "La Banca gana con 6",
        "player_pair": "Pareja del Jugador",
        "banker_pair": "Pareja de la Banca",
        "effects": (
            "Efecto de retirar una carta: cambio del valor esperado (%) "
            "[peso del conteo equilibrado]"
        ),
        "card": "Carta",
        "weights": "nivel {level}, correlación {corr}",
        "weights_row": "Conteo",
        "through": (
            "A lo largo del zapato: {shoes} zapatos con semilla {seed}, {rounds} manos; "
            "apostando solo cuando las cartas que quedan dan una esperanza positiva"
        ),
        "positive": "Manos positivas",
        "share": "Proporción",
        "mean_ev": "Ganancia esperada media",
        "mean_actual": "Ganancia real media",
        "total_note": " (el {total} paga {pays})",
        "push_note": " ({when}: se devuelve)",
        "error": "Error: {message}",
        "lang": "--lang debe ser en o es, no {value!r}",
        "one_shoe": "indique solo una de las opciones --decks, --points y --ranks",
        "one_points": "indique solo una de --shoe V=N,... y --points (son lo mismo)",
        "spec": (
            "{option} espera pares CLAVE=CANTIDAD separados por comas, como 0=128,1=32; "
            "recibido {part!r}"
        ),
        "whole": "{option} debe ser un número entero, no {value!r}",
        "remove": "{token!r} en --remove no es una carta ni un rango: escriba Kd, 10h, K o 9",
        "remove_card": (
            "--remove retira {card} {asked} veces, pero un zapato de {decks} barajas tiene {held}"
        ),
        "help": (
            "Probabilidades exactas, ventaja de la casa y dispersión de cada apuesta, para "
            "cualquier zapato y cualquier pago.\n\nLas cantidades que no figuran en --points "
            "o --ranks son 0. Un zapato necesita al menos 6 cartas (una mano puede llevar 6); "
            "uno más pequeño se rechaza con el código de salida 2."
        ),
        "help_decks": "Barajas de un zapato completo, de 1 a 8 (por defecto: 8).",
        "help_shoe": (
            "El tipo de zapato, cut-card o reshuffle, como en todas las órdenes (para el "
            "estudio de --effects); V=N,... se sigue leyendo como --points."
        ),
        "help_points": "Cartas de cada valor, como 0=128,1=32,...,9=32 (el resto, 0).",
        "help_ranks": (
            "Cartas de cada rango, como A=32,2=32,...,K=32 (necesario para las parejas)."
        ),
        "help_remove": "Cartas ya repartidas, como 'Kd 5s 9' (se admiten rangos).",
        "help_preset": (
            "Partir de unas reglas predefinidas, como super-6, ez-baccarat, dragon-bonus, "
            "tiger, egalite o all-side-bets."
        ),
        "help_side_bets": (
            "Ofrecer apuestas laterales, como dragon_7,tiger=12:20,super_6=15 (=X fija los "
            "pagos, separados por dos puntos en el orden de la tabla)."
        ),
        "help_commission": "Comisión de la Banca, 5% o 0.05 (un 5 solo se rechaza por ambiguo).",
        "help_tie_pays": "Ganancia del Empate por unidad apostada, como 9.",
        "help_banker_six_pays": "Lo que paga la Banca al ganar con 6, como 0.5 (Super 6).",
        "help_pair_pays": (
            "Ofrecer las apuestas Pareja Jugador y Pareja Banca con este pago, como 11."
        ),
        "help_exact": "Mostrar fracciones exactas.",
        "help_json": "Un objeto JSON en la salida estándar (lo mismo que --format json).",
        "help_format": "table (por defecto), json, csv o markdown (md).",
        "progress": "Repartiendo {shoes} zapatos para el estudio a lo largo del zapato…",
        "help_effects": ("Efecto de retirar cada carta, conteos y estudio a lo largo del zapato."),
        "help_shoes": (
            "Zapatos completos con semilla, de las barajas de las reglas, que reparte el "
            "estudio de --effects (por defecto: 100)."
        ),
        "help_seed": "Semilla del estudio a lo largo del zapato (por defecto: 1).",
        "help_lang": "en o es (por defecto: el idioma del sistema).",
    },
}

#: Spanish sentences for the analysis layer's errors (:class:`InvalidShoe`, by code).
#: Core's errors are worded by :func:`puntobanco.core.explain.error_message`.
ERRORS_ES: Mapping[str, str] = {
    "count_not_int": "la cantidad de {what_es} debe ser un número entero, no {value}",
    "negative_count": "la cantidad de {what_es} no puede ser negativa ({value})",
    "unknown_point": "valor {key!r} desconocido: los valores van de 0 a 9",
    "unknown_rank": "rango {key!r} desconocido: use A, 2-10 (o T), J, Q o K",
    "duplicate": "{key} aparece dos veces",
    "none_left": "no se pueden retirar {asked} cartas de {what_es}: el zapato tiene {held}",
    "too_few_cards": (
        "el zapato tiene {cards} cartas, pero una mano puede necesitar {minimum}: "
        "indique al menos {minimum}"
    ),
    "pairs_need_ranks": (
        "las apuestas a pareja ({bets}) necesitan la cantidad de cada rango (--ranks o "
        "--decks; los palos se reparten por igual), no solo de cada valor"
    ),
    "decks": "el número de barajas debe ir de 1 a 8, no {value}",
    "shoes": "el número de zapatos debe ser un entero positivo, no {value}",
    "bad_item": "no se puede retirar {item}: indique cartas o rangos",
}


#: The option that sets each Rules field core may name in an error.
_OPTION_OF_FIELD = {"tie_pays": "--tie-pays", "banker_six_pays": "--banker-six-pays",
                    "pair_pays": "--pair-pays", "banker_commission": "--commission"}  # fmt: skip

_KINDS_ES = {"rank": "rango", "point value": "valor", "card": "carta"}


class _UsageError(BaccaratError):
    """A command-line option that cannot be read (its message is in TEXT)."""


def detect_lang(explicit: str | None, environ: Mapping[str, str]) -> Lang:
    """``--lang`` if given (``en`` or ``es``), else the locale's language, else English.

    Reads languages through :mod:`puntobanco.cli.lang`, as every command does; an
    explicit language we lack is refused rather than passed over.

    >>> detect_lang(None, {"LANG": "es_ES.UTF-8"}), detect_lang("en", {"LANG": "es_ES"})
    ('es', 'en')
    """
    if explicit is not None and parse_lang(explicit) is None:
        raise _UsageError(TEXT["en"]["lang"].format(value=explicit), code="lang", value=explicit)
    return cli_detect_lang(explicit, environ)


def error_text(error: BaccaratError, lang: Lang) -> str:
    """The error's sentence in ``lang``.

    The command line's own errors are worded from :data:`TEXT`; the analysis
    layer's (:class:`InvalidShoe`) from :data:`ERRORS_ES` in Spanish, their
    own message in English; every other error is core's, worded by
    :func:`~puntobanco.core.explain.error_message` as the other commands do.
    """
    if isinstance(error, _UsageError):
        key = error.code
        return TEXT[lang][key].format(**error.params) if key in TEXT[lang] else error.message
    if not isinstance(error, InvalidShoe):
        name = error.params.get("name")
        if isinstance(name, str) and name in _OPTION_OF_FIELD:
            # Core names the Rules field; the user typed the option.
            error = copy.copy(error)
            error.params = {**error.params, "name": _OPTION_OF_FIELD[name]}
        return error_message(error, lang)
    if lang == "es" and error.code in ERRORS_ES:
        params = dict(error.params)
        if "kind" in params:
            params["what_es"] = f"{_KINDS_ES.get(params['kind'], params['kind'])} {params['key']}"
        try:
            return ERRORS_ES[error.code].format(**params)
        except (KeyError, IndexError):
            pass
    return error.message


#: The option behind each of odds' own errors that one option causes (by code).
_OPTION_OF_ERROR = {
    "remove": "--remove",
    "remove_card": "--remove",
    "none_left": "--remove",
    "bad_item": "--remove",
    "lang": "--lang",
    "shoes": "--shoes",
    "decks": "--decks",
}


def _error_line(error: BaccaratError, lang: Lang) -> str:
    """The one line an error prints, in the style every command shares.

    An error one option caused reads ``Invalid option --remove: ...`` as the
    shared option types' refusals do; one about the options together (or the
    shoe they make) reads ``Error: ...``.
    """
    text = error_text(error, lang)
    option = error.params.get("option") if isinstance(error, _UsageError) else None
    option = option or _OPTION_OF_ERROR.get(error.code)
    if isinstance(option, str):
        return i18n.text(lang, "cli.opt.bad", option=option, detail=text)
    return TEXT[lang]["error"].format(message=text)


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
    help_text = TEXT[help_lang(sys.argv, os.environ)]

    def h(key: str) -> str:
        return help_text[f"help_{key}"]

    @app.command("odds", cls=OddsCommand, help=help_text["help"])
    def odds(
        decks: Annotated[
            int | None, typer.Option(metavar="N", parser=parse_decks, help=h("decks"))
        ] = None,
        shoe: Annotated[
            str | None, typer.Option(metavar="cut-card|reshuffle", help=h("shoe"))
        ] = None,
        points: Annotated[str | None, typer.Option(metavar="V=N,...", help=h("points"))] = None,
        ranks: Annotated[str | None, typer.Option(metavar="R=N,...", help=h("ranks"))] = None,
        remove: Annotated[str | None, typer.Option(metavar="CARDS", help=h("remove"))] = None,
        preset: Annotated[str | None, typer.Option(metavar="NAME", help=h("preset"))] = None,
        side_bets: Annotated[
            str | None, typer.Option(metavar="NAME[=X],...", help=h("side_bets"))
        ] = None,
        commission: Annotated[
            Fraction | None,
            typer.Option(metavar="RATE", parser=parse_rate, help=h("commission")),
        ] = None,
        tie_pays: Annotated[
            Fraction | None,
            typer.Option("--tie-pays", metavar="X", parser=parse_payout, help=h("tie_pays")),
        ] = None,
        banker_six_pays: Annotated[
            Fraction | None,
            typer.Option(
                "--banker-six-pays", metavar="X", parser=parse_payout, help=h("banker_six_pays")
            ),
        ] = None,
        pair_pays: Annotated[
            Fraction | None,
            typer.Option("--pair-pays", metavar="X", parser=parse_payout, help=h("pair_pays")),
        ] = None,
        exact: Annotated[bool, typer.Option("--exact", help=h("exact"))] = False,
        fmt: Annotated[
            OutputFormat | None,
            typer.Option(
                "--format",
                metavar="table|json|csv|markdown",
                parser=parse_format,
                help=h("format"),
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=h("json"))] = False,
        effects: Annotated[bool, typer.Option("--effects", help=h("effects"))] = False,
        # Their defaults are in their help, in the help's language (not "[default: ...]").
        shoes: Annotated[
            str, typer.Option(metavar="N", help=h("shoes"), show_default=False)
        ] = "100",
        seed: Annotated[str, typer.Option(metavar="S", help=h("seed"), show_default=False)] = "1",
        lang: Annotated[str | None, typer.Option(metavar="LANG", help=h("lang"))] = None,
    ) -> None:
        """Exact odds, house edge and spread of every bet, for any shoe and any payouts.

        Counts not listed in --points or --ranks are 0. A shoe needs at least 6
        cards (a coup can take 6); a smaller one is refused with exit status 2.
        """
        language: Lang = "en"
        try:
            language = detect_lang(lang, os.environ)
            output = chosen_format(fmt, as_json)
            shoe_type: ShoeMode | None = None
            points_option = "--points"
            if shoe is not None and "=" not in shoe and not shoe.strip()[:1].isdigit():
                shoe_type = parse_shoe(shoe)
            elif shoe is not None:
                # Counts per point value under --shoe, as before --points: kept for scripts.
                if points is not None:
                    raise _UsageError("give only one of --shoe and --points", code="one_points")
                points, points_option = shoe, "--shoe"
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
                shoes=shoes,
                seed=seed,
            )
        except OptionValueError as error:
            option = {"cli.opt.shoe": "--shoe"}.get(error.key, "--format")
            detail = error.detail(language)
            typer.echo(i18n.text(language, "cli.opt.bad", option=option, detail=detail), err=True)
            raise typer.Exit(2) from None
        except BaccaratError as error:
            typer.echo(_error_line(error, language), err=True)
            raise typer.Exit(2) from None
        if output is OutputFormat.JSON:
            from puntobanco.cli import odds_output

            typer.echo(json.dumps(odds_output.json_report(report)))
        elif output is OutputFormat.TABLE:
            from puntobanco.cli import odds_output

            odds_output.print_tables(report, language, exact)
        else:
            from puntobanco.cli import odds_output

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
    from puntobanco.core.rules import Rules
    from puntobanco.core.rules import preset as named_preset

    study_shoes = _whole("--shoes", shoes)
    study_seed = _whole("--seed", seed)
    if study_shoes < 1:
        raise InvalidShoe(
            f"the number of shoes must be a positive whole number, got {study_shoes}",
            code="shoes",
            value=study_shoes,
        )
    if study_seed < 0:
        raise _UsageError(f"bad seed {seed}", code="whole", option="--seed", value=seed)
    if sum(x is not None for x in (decks, shoe_text, ranks_text)) > 1:
        raise _UsageError("give only one of --decks, --points and --ranks", code="one_shoe")
    rules = named_preset(preset) if preset is not None else Rules()
    changes: dict[str, Any] = {}
    if decks is not None:
        changes["decks"] = decks
    if shoe_type is not None:
        changes["shoe_mode"] = shoe_type
    for name, value in (
        ("banker_commission", commission),
        ("tie_pays", tie_pays),
        ("banker_six_pays", banker_six_pays),
        ("pair_pays", pair_pays),
    ):
        if value is not None:
            changes[name] = value
    if changes:
        rules = rules.replace(**changes)
    if side_bets is not None:
        # Core checks the name and the payouts and words the error (en/es).
        rules = offer_side_bets(rules, side_bets)
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
        with _progress(study_shoes, language):
            report["through"] = through_the_shoe(rules, shoes=study_shoes, seed=study_seed)
    return report


#: A study of at least this many shoes shows that it is working, on a terminal.
PROGRESS_SHOES = 50


@contextmanager
def _progress(shoes: int, lang: Lang) -> Iterator[None]:
    """A spinner on standard error while ``--effects`` deals many shoes, where it is a terminal.

    The study is one call into the analysis layer, which reports no steps, so this
    says what is being done and for how many shoes rather than a fraction done;
    nothing is shown when standard error is a file or a pipe (scripts, tests).
    """
    from rich.console import Console

    console = Console(stderr=True)
    if shoes < PROGRESS_SHOES or not console.is_terminal:
        yield
        return
    with console.status(localize(TEXT[lang]["progress"].format(shoes=f"{shoes:,}"), lang)):
        yield
