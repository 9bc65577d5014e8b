"""The command line's shared helpers: the one --lang check, rules builder and help wording."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from puntobanco.cli.lang import checked_lang, refused_lang
from puntobanco.cli.localized import add_command, worded
from puntobanco.cli.params import lang_option
from puntobanco.cli.refusal import lang_line
from puntobanco.cli.rules_options import SideBetsRefused, rules_from_options
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError, InvalidRules
from puntobanco.core.rules import PRESETS, Rules, ShoeMode


def test_refused_lang_is_a_given_language_we_lack() -> None:
    assert refused_lang("fr") and refused_lang("") and refused_lang("C")
    assert not refused_lang(None) and not refused_lang("ES_mx") and not refused_lang("en")


def test_checked_lang_is_the_option_then_the_locale() -> None:
    assert checked_lang("es", {"LANG": "en_GB.UTF-8"}) == "es"
    assert checked_lang(None, {"LC_ALL": "es_ES.UTF-8"}) == "es"
    assert checked_lang(None, {}) == "en"


def test_checked_lang_refuses_in_the_locales_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as done:
        checked_lang("fr", {"LANG": "es_ES.UTF-8"})
    assert done.value.exit_code == 2
    assert capsys.readouterr().err == lang_line("fr", "es") + "\n"


def test_checked_lang_prints_its_refusal_as_the_command_asks() -> None:
    said: list[str] = []
    with pytest.raises(typer.Exit):
        checked_lang("xx", {}, say=said.append)
    assert said == [lang_line("xx", "en")]


def test_rules_from_options_changes_only_what_was_given() -> None:
    assert rules_from_options() == Rules()
    assert rules_from_options("punto-banco-6") == PRESETS["punto-banco-6"]
    assert rules_from_options(PRESETS["punto-banco-6"], decks=4).decks == 4
    rules = rules_from_options(
        "punto-banco",
        decks=6,
        shoe_mode=ShoeMode.RESHUFFLE,
        burn=False,
        banker_commission=Fraction(1, 25),
        tie_pays=Fraction(9),
        side_bets="dragon_7",
    )
    assert rules == Rules(
        decks=6,
        shoe_mode=ShoeMode.RESHUFFLE,
        burn=False,
        banker_commission=Fraction(1, 25),
        tie_pays=Fraction(9),
    ).replace(side_bets={"dragon_7": None})


def test_rules_from_options_refusals_keep_their_codes() -> None:
    with pytest.raises(InvalidRules) as unknown:
        rules_from_options("no-such-preset")
    assert unknown.value.code == "preset"
    with pytest.raises(InvalidRules) as reshuffled:
        rules_from_options(shoe_mode=ShoeMode.RESHUFFLE, cut_card=20)
    assert reshuffled.value.code == "cut_card_reshuffle"
    with pytest.raises(SideBetsRefused) as side:
        rules_from_options(side_bets="no_such_bet")
    assert isinstance(side.value.error, BaccaratError)
    assert not isinstance(side.value, BaccaratError)  # worded by each command, not as the rules'


def _command(
    decks: Annotated[int, typer.Option(help="odds.help_decks")] = 8,
    lang: Annotated[str | None, lang_option("odds.help_lang")] = None,
) -> None:
    typer.echo(f"{decks} {lang}")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worded_help_is_the_catalogues_and_the_command_unchanged(lang: i18n.Lang) -> None:
    app = typer.Typer()
    app.command("x")(worded(_command, lang))
    app.command("y")(lambda: None)
    command = typer.main.get_command(app)
    params = {p.name: p for p in command.commands["x"].params}  # type: ignore[attr-defined]
    assert params["decks"].help == i18n.text(lang, "odds.help_decks")
    assert params["lang"].help == i18n.text(lang, "odds.help_lang")
    result = CliRunner().invoke(app, ["x", "--decks", "6", "--lang", "es"])
    assert result.output == "6 es\n"


def test_add_command_words_the_help_in_the_language_of_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.argv", ["puntobanco", "x", "--help", "--lang", "es"])
    app = typer.Typer()
    add_command(app, "x", _command, cls=typer.core.TyperCommand, help_key="odds.help")
    app.command("y")(lambda: None)
    result = CliRunner().invoke(app, ["x", "--help"])
    assert i18n.text("es", "odds.help_decks").split()[0] in result.output
