"""``odds --help`` and ``simulate --help`` in Spanish or English, chosen as ``play``'s is.

The help texts are worded when the command is registered, from ``--lang`` on
the command line (``sys.argv``) or else the locale: the in-process tests
register a fresh app with ``sys.argv`` set, and the shell tests run the
command as a shell does.
"""

from __future__ import annotations

import os
import string
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from puntobanco.cli import odds, simulate
from puntobanco.cli.lang import help_lang
from puntobanco.cli.main import app
from puntobanco.core.i18n import CATALOGUE, LANGUAGES, Lang
from puntobanco.core.i18n import text as i18n_text
from puntobanco.core.rules import PRESETS

SRC = Path(__file__).resolve().parents[2] / "src"


#: The catalogue each command's help texts come from.
def _section(prefix: str) -> Mapping[str, Mapping[str, str]]:
    """One command's section of the catalogue, its keys without the prefix."""
    return {
        lang: {
            k.removeprefix(prefix): v for k, v in CATALOGUE[lang].items() if k.startswith(prefix)
        }
        for lang in LANGUAGES
    }


CATALOGUES: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "odds": _section("odds."),
    "simulate": _section("simulate."),
}
MODULES: Mapping[str, ModuleType] = {"odds": odds, "simulate": simulate}

#: A few distinctive phrases of each help, per language.
PHRASES: Mapping[str, Mapping[Lang, tuple[str, ...]]] = {
    "odds": {
        "en": ("Exact odds, house edge and spread", "Decks in a full shoe", "(default: 100)"),
        "es": (
            "Probabilidades exactas, ventaja de la casa y dispersión",
            "Barajas de un zapato completo",
            "Mostrar fracciones exactas",
            "(por defecto: 100)",
        ),
    },
    "simulate": {
        "en": ("Deal many rounds and tally them", "Rounds to deal (exactly)", "(default: cpu)"),
        "es": (
            "Repartir muchas manos y contarlas",
            "Manos que repartir (exactamente)",
            "Dirección del planificador de Dask",
            "(por defecto: cpu)",
        ),
    },
}
OTHER: Mapping[Lang, Lang] = {"en": "es", "es": "en"}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _help_keys(catalogue: Mapping[str, str]) -> set[str]:
    return {key for key in catalogue if key == "help" or key.startswith("help_")}


@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_both_languages_have_every_help_text(command: str) -> None:
    catalogue = CATALOGUES[command]
    assert set(catalogue) == {"en", "es"}
    assert set(catalogue["en"]) == set(catalogue["es"])
    keys = _help_keys(catalogue["en"])
    assert len(keys) > 10
    for key in keys:
        english, spanish = catalogue["en"][key], catalogue["es"][key]
        assert _fields(english) == _fields(spanish), key
        assert spanish.strip() and spanish != english, key  # translated, not copied


def _registered(command: str, chosen: Lang, monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    """A fresh app with only ``command``, registered as ``puntobanco COMMAND --lang CHOSEN``."""
    monkeypatch.setattr(sys, "argv", ["puntobanco", command, "--help", "--lang", chosen])
    fresh = typer.Typer(add_completion=False)
    MODULES[command].register(fresh)
    return fresh


def _option_helps(fresh: typer.Typer) -> dict[str, str]:
    command = typer.main.get_command(fresh)
    context = typer.Context(command)
    params = command.get_params(context)  # Click's own --help option too
    return {param.opts[0]: getattr(param, "help", None) or "" for param in params}


@pytest.mark.parametrize("chosen", ["en", "es"])
@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_no_option_is_left_in_the_other_language(
    command: str, chosen: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = CATALOGUES[command]
    ours = {catalogue[chosen][key] for key in _help_keys(catalogue[chosen])}
    theirs = {catalogue[OTHER[chosen]][key] for key in _help_keys(catalogue[chosen])}
    # simulate's Chemin de fer options are worded by the catalogue's chemin.simulate.help_* keys.
    for language, texts in ((chosen, ours), (OTHER[chosen], theirs)):
        texts |= {
            v for k, v in CATALOGUE[language].items() if k.startswith(f"chemin.{command}.help_")
        }
    help_option = i18n_text(chosen, "cli.help_option")
    helps = _option_helps(_registered(command, chosen, monkeypatch))
    assert helps.pop("--help") == help_option
    assert len(helps) > 10
    presets = ", ".join(PRESETS)
    for option, text in helps.items():
        assert text, option
        assert text in ours or text == catalogue[chosen]["help_rules"].format(presets=presets)
        assert text not in theirs, option


@pytest.mark.parametrize("chosen", ["en", "es"])
@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_the_rendered_help_is_in_one_language(
    command: str, chosen: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = _registered(command, chosen, monkeypatch)
    done = CliRunner().invoke(fresh, ["--help"], env={"COLUMNS": "300"})
    assert done.exit_code == 0, done.output
    for phrase in PHRASES[command][chosen]:
        assert phrase in done.stdout, phrase
    for phrase in PHRASES[command][OTHER[chosen]]:
        assert phrase not in done.stdout, phrase
    assert "[default:" not in done.stdout  # Click's English note: defaults are in the texts


@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_spanish_help_on_an_ascii_terminal(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = _registered(command, "es", monkeypatch)
    done = CliRunner(charset="ascii").invoke(fresh, ["--help"], env={"COLUMNS": "300"})
    assert done.exit_code == 0, done.exception
    assert "Un objeto JSON en la salida estandar" in done.stdout  # accent dropped, not a crash
    assert "Mostrar esta ayuda y salir" in done.stdout


def _shell(command: str, args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """``puntobanco COMMAND ARGS`` as a shell runs it, in the locale ``env`` names."""
    environment = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    environment.update({"PYTHONPATH": str(SRC), "LANG": "C", "COLUMNS": "300",
                        "PYTHONIOENCODING": "utf-8", **env})  # fmt: skip
    return subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", command, *args],
        capture_output=True,
        env=environment,
        timeout=120,
        check=False,
        encoding=environment["PYTHONIOENCODING"],
    )


@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_help_follows_the_option_then_the_locale_from_a_shell(command: str) -> None:
    spanish = _shell(command, ["--help", "--lang", "es"])
    assert spanish.returncode == 0, spanish.stderr
    assert all(phrase in spanish.stdout for phrase in PHRASES[command]["es"]), spanish.stdout
    by_locale = _shell(command, ["--help"], LANG="es_ES.UTF-8")
    assert PHRASES[command]["es"][0] in by_locale.stdout
    english = _shell(command, ["--help", "--lang", "en"], LANG="es_ES.UTF-8")
    assert all(phrase in english.stdout for phrase in PHRASES[command]["en"]), english.stdout
    assert "Show this message and exit." in english.stdout
    assert PHRASES[command]["es"][0] not in english.stdout


def test_spanish_help_from_a_shell_with_an_ascii_terminal() -> None:
    done = _shell("odds", ["--help"], LANG="es_ES.UTF-8", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert "Probabilidades exactas, ventaja de la casa y dispersion" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("command", "args", "environ", "said"),
    [
        ("odds", ["--lang", "es", "--dekcs", "6"], {}, "Opción desconocida --dekcs (¿quería "),
        ("odds", ["--dekcs", "6"], {"LANG": "es_ES.UTF-8"}, "Vea: puntobanco odds --help"),
        ("odds", ["--dekcs", "6"], {}, "Unknown option --dekcs (did you mean --decks"),
        ("odds", ["--lang", "es", "6"], {}, "Argumento inesperado 6: cada valor va"),
        ("odds", ["--lang", "es", "--seed"], {}, "La opción --seed necesita un valor. Vea:"),
        ("simulate", ["--lang", "es", "--hnds", "5"], {}, "Opción desconocida --hnds (¿quería "),
        ("simulate", ["--hnds", "5"], {"LANG": "es_ES.UTF-8"}, "Vea: puntobanco simulate"),
        ("simulate", ["--hnds", "5"], {}, "Unknown option --hnds (did you mean --hands"),
        ("simulate", ["--lang", "es", "extra"], {}, "como --hands 1000. Vea: puntobanco simulate"),
        (
            "simulate",
            ["--lang", "es", "--hands", "mil"],
            {},
            "La opción --hands espera un número entero; se recibió «mil». Vea: puntobanco",
        ),
        (
            "simulate",
            ["--timeout", "x"],
            {},
            "The option --timeout takes a number, got 'x'. See: puntobanco simulate --help",
        ),
    ],
)
def test_usage_errors_in_the_users_language(
    command: str, args: list[str], environ: dict[str, str], said: str
) -> None:
    env: dict[str, str | None] = {"LANG": "C", "LC_ALL": None, "LC_MESSAGES": None, **environ}
    done = CliRunner().invoke(app, [command, *args], env=env)
    assert done.exit_code == 2 and done.stdout == ""
    text = " ".join(done.stderr.split())
    assert said in text, text
    assert "Traceback" not in text and "Usage:" not in text


def test_help_lang_reads_the_line_then_the_locale() -> None:
    assert help_lang(["puntobanco", "odds", "--lang=es"], {"LANG": "en_US.UTF-8"}) == "es"
    assert help_lang(["puntobanco", "odds"], {"LC_ALL": "es_AR.UTF-8"}) == "es"
    assert help_lang(["puntobanco", "odds", "--lang", "fr"], {"LANG": "C"}) == "en"
    assert help_lang(["puntobanco", "odds", "--lang"], {}) == "en"


def test_the_shoe_is_a_zapato_in_spanish() -> None:
    spanish = [CATALOGUES["odds"]["es"], CATALOGUES["simulate"]["es"]]
    for catalogue in spanish:
        for key, text in catalogue.items():
            assert "sabot" not in text.lower(), key
    done = CliRunner().invoke(app, ["odds", "--lang", "es", "--decks", "6"])
    assert done.exit_code == 0, done.output
    title = " ".join(done.stdout.split())
    assert "312 cartas en el zapato (un zapato completo de 6 barajas)" in title


@pytest.mark.parametrize("chosen", ["en", "es"])
@pytest.mark.parametrize("command", sorted(CATALOGUES))
def test_the_help_headings_are_in_the_language_of_the_help(
    command: str, chosen: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer import rich_utils

    fresh = _registered(command, chosen, monkeypatch)
    done = CliRunner().invoke(fresh, ["--help"], env={"COLUMNS": "300"})
    assert done.exit_code == 0, done.output
    words = {key: i18n_text(chosen, key) for key in ("cli.usage", "cli.options_panel")}
    others = {key: i18n_text(OTHER[chosen], key) for key in words}
    lines = done.stdout.splitlines()
    usage = next(line for line in lines if line.strip())
    assert usage.strip().startswith(words["cli.usage"])
    assert usage.rstrip().endswith(i18n_text(chosen, "cli.options_metavar"))
    assert any(f" {words['cli.options_panel']} " in line for line in lines if "─" in line)
    assert not any(f" {others['cli.options_panel']} " in line for line in lines if "─" in line)
    assert rich_utils.OPTIONS_PANEL_TITLE == "Options"  # Typer's own, put back


@pytest.mark.parametrize("command", ["play", "systems"])
def test_play_and_systems_help_headings_in_spanish_from_a_shell(command: str) -> None:
    spanish = _shell(command, ["--help", "--lang", "es"])
    assert spanish.returncode == 0, spanish.stderr
    assert "Uso: " in spanish.stdout and "[OPCIONES]" in spanish.stdout
    assert "─ Opciones ─" in spanish.stdout
    assert "Usage:" not in spanish.stdout and "─ Options ─" not in spanish.stdout


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "command",
    ["play", "odds", "solve", "simulate", "systems", "advantage", "verify", "report"],
)
def test_no_help_text_is_cut_at_80_columns(command: str, lang: str) -> None:
    # Once "dragon_7,tiger=12:20,super_6=…" and the metavar "stand5|draw5|opt" / "imal".
    done = _shell(command, ["--help", "--lang", lang], COLUMNS="80")
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout
    assert "imal " not in done.stdout.replace("optimal", "")
