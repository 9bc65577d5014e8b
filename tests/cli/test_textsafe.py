"""Output that survives any terminal's encoding: the fallbacks and ``--help``."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from puntobanco.cli.textsafe import SafeHelpCommand, transliterate


def test_statistics_signs_are_spelled_out_where_the_encoding_lacks_them() -> None:
    assert transliterate("σ 12 ± 3", "ascii") == "sd 12 +/- 3"
    assert transliterate("σ 12 ± 3", "utf-8") == "σ 12 ± 3"
    assert transliterate("± 3", "latin-1") == "± 3"  # Latin-1 has the sign


def _app(cls: type[typer.core.TyperCommand]) -> typer.Typer:
    app = typer.Typer()

    @app.command(cls=cls, help="Año de la baraja ± σ")
    def command(decks: int = 8) -> None:
        """Nothing to run: only the help is read."""

    return app


def test_help_on_an_ascii_terminal_is_transliterated_not_a_crash() -> None:
    done = CliRunner(charset="ascii").invoke(
        _app(SafeHelpCommand), ["--help"], env={"COLUMNS": "80"}
    )
    assert done.exit_code == 0, done.output
    assert "Ano de la baraja +/- sd" in done.stdout and "--decks" in done.stdout
    # The oracle: Typer's own command fails on this terminal.
    plain = CliRunner(charset="ascii").invoke(_app(typer.core.TyperCommand), ["--help"])
    assert isinstance(plain.exception, UnicodeEncodeError)


def test_help_on_a_utf8_terminal_is_untouched() -> None:
    done = CliRunner().invoke(_app(SafeHelpCommand), ["--help"], env={"COLUMNS": "80"})
    assert done.exit_code == 0 and "Año de la baraja ± σ" in done.stdout
