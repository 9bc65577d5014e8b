"""``puntobanco advantage``: what a perfectly informed player and a counter win on side bets.

Argument checking and printing only; the study is :mod:`puntobanco.sim.advantage_run`.
Its messages live here, in both languages, as ``simulate``'s do in its module.
"""

import json
import math
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.lang import detect_lang, help_lang
from puntobanco.cli.numbers import localize
from puntobanco.cli.play import TranslatedCommand
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "help": "Side bets worth betting: the perfectly informed player's win and a count's, "
        "over seeded cut-card shoes.",
        "help_decks": "Decks, one or several separated by commas (default: 8).",
        "help_cut_card": "Cards behind the cut card, one or several (default: 14).",
        "help_shoes": "Shoes measured per setting (default: 1000).",
        "help_train_shoes": "Shoes the count thresholds are chosen on (default: 500).",
        "help_seed": "Seed of the measured shoes (default: 1).",
        "help_train_seed": "Seed of the training shoes; must differ from --seed (default: 2).",
        "help_workers": "Processes (default: 1).",
        "help_scheduler": "Run on this Dask scheduler (tcp://host:8786) instead of processes.",
        "help_json": "Print JSON.",
        "help_plot": "Write a PNG: win per 100 shoes against the cut-card depth, perfect vs count.",
        "help_progress": "Progress bar (default: on a terminal).",
        "help_lang": "Language, en or es (default: from the locale).",
        "title": "{decks} decks, cut card {cut} from the end: {shoes:,} shoes "
        "(thresholds from {train:,} other shoes)",
        "bet": "Bet",
        "strategy": "Strategy",
        "perfect": "perfect",
        # The count built from the project's effects of removal (the others are named
        # after their authors).
        "effects": "effects",
        "rounds": "Bets/shoe",
        "edge": "Mean edge",
        "win": "Win /100 shoes",
        "expected": "Expected /100 shoes",
        "share": "Share",
        "threshold": "TC ≥",
        "never": "never",
        "progress_train": "Training {setting}",
        "progress_measure": "Measuring {setting}",
        "stopped": "Stopped (Ctrl-C): the figures are for the shoes finished.",
        "nothing": "Stopped (Ctrl-C) before a setting was measured: nothing to report.",
        "note": "Win: what the bets actually won (± s.e.). Expected: the exact edges of the "
        "bets placed, summed (its expectation, ± s.e.). Share: the count's expected win over "
        "the perfect player's.",
        "bad_list": "{option} takes whole numbers separated by commas, got {value!r}.",
        "lang": "Unknown language {value!r}: use en or es.",
        "plot_path": "Cannot write the plot to {path}: {reason}.",
        "plot_suffix": "The plot is a PNG: give a file name ending in .png, got {path}.",
        "scheduler": "Could not use the Dask scheduler {address}: {reason}.",
        "workers_with_scheduler": "--workers cannot be used with --scheduler.",
        "wrote": "Plot written to {path}.",
        "plot_perfect": "{decks} decks, perfect",
        "plot_count": "{decks} decks, best count",
        "plot_x": "cards behind the cut card",
        "plot_y": "expected win / 100 shoes (units)",
        "error_count": "--{name} must be a whole number of at least {low}, got {value}.",
        "error_seed": "--{name} must be a whole number from 0 to 18446744073709551615, "
        "got {value}.",
        "error_same_seed": "--train-seed must differ from --seed ({seed}): thresholds chosen on "
        "the measured shoes would bias the count's win upward.",
        "error_settings": "Give at least one number of decks and one cut-card depth.",
        "error_rules": "The rules do not offer {names}.",
    },
    "es": {
        "help": "Apuestas laterales que vale la pena jugar: lo que gana el jugador con "
        "información perfecta y lo que gana un conteo, en zapatos con carta de corte.",
        "help_decks": "Barajas, una o varias separadas por comas (por defecto: 8).",
        "help_cut_card": "Cartas detrás de la carta de corte, una o varias (por defecto: 14).",
        "help_shoes": "Zapatos medidos por configuración (por defecto: 1000).",
        "help_train_shoes": "Zapatos en los que se eligen los umbrales del conteo "
        "(por defecto: 500).",
        "help_seed": "Semilla de los zapatos medidos (por defecto: 1).",
        "help_train_seed": "Semilla de los zapatos de entrenamiento; distinta de --seed "
        "(por defecto: 2).",
        "help_workers": "Procesos (por defecto: 1).",
        "help_scheduler": "Ejecutar en este planificador de Dask (tcp://host:8786) en vez de "
        "en procesos.",
        "help_json": "Imprimir JSON.",
        "help_plot": "Escribir un PNG: ganancia por 100 zapatos según la profundidad de la "
        "carta de corte, perfecto frente a conteo.",
        "help_progress": "Barra de progreso (por defecto: en una terminal).",
        "help_lang": "Idioma, en o es (por defecto: el del sistema).",
        "title": "{decks} barajas, carta de corte a {cut} del final: {shoes:,} zapatos "
        "(umbrales elegidos en otros {train:,})",
        "bet": "Apuesta",
        "strategy": "Estrategia",
        "perfect": "perfecto",
        "effects": "efectos",
        "rounds": "Apuestas/zapato",
        "edge": "Ventaja media",
        "win": "Ganancia /100 zapatos",
        "expected": "Esperada /100 zapatos",
        "share": "Parte",
        "threshold": "CV ≥",
        "never": "nunca",
        "progress_train": "Entrenando {setting}",
        "progress_measure": "Midiendo {setting}",
        "stopped": "Detenido (Ctrl-C): las cifras son de los zapatos terminados.",
        "nothing": "Detenido (Ctrl-C) antes de medir una configuración: no hay nada que mostrar.",
        "note": "Ganancia: lo que ganaron de verdad las apuestas (± e. e.). Esperada: la suma "
        "de las ventajas exactas de las apuestas hechas (su esperanza, ± e. e.). Parte: la "
        "ganancia esperada del conteo sobre la del jugador perfecto.",
        "bad_list": "{option} admite números enteros separados por comas; se recibió {value!r}.",
        "lang": "Idioma desconocido {value!r}: use en o es.",
        "plot_path": "No se puede escribir el gráfico en {path}: {reason}.",
        "plot_suffix": "El gráfico es un PNG: dé un nombre de archivo terminado en .png; "
        "se recibió {path}.",
        "scheduler": "No se pudo usar el planificador de Dask {address}: {reason}.",
        "workers_with_scheduler": "--workers no se puede usar con --scheduler.",
        "wrote": "Gráfico escrito en {path}.",
        "plot_perfect": "{decks} barajas, perfecto",
        "plot_count": "{decks} barajas, mejor conteo",
        "plot_x": "cartas detrás de la carta de corte",
        "plot_y": "ganancia esperada / 100 zapatos (unidades)",
        "error_count": "--{name} debe ser un número entero de al menos {low}; se recibió {value}.",
        "error_seed": "--{name} debe ser un número entero de 0 a 18446744073709551615; "
        "se recibió {value}.",
        "error_same_seed": "--train-seed debe ser distinta de --seed ({seed}): elegir los "
        "umbrales en los zapatos medidos sesgaría al alza la ganancia del conteo.",
        "error_settings": "Indique al menos un número de barajas y una profundidad de corte.",
        "error_rules": "Las reglas no ofrecen {names}.",
    },
}


class AdvantageCommand(TranslatedCommand):
    """Click's usage errors in the user's language, as in ``simulate``."""

    command_name = "advantage"
    option_example = "--shoes 1000"
    error_style = None


def _fail(text: str) -> NoReturn:
    typer.echo(text, err=True)
    raise typer.Exit(2)


def _language(lang: str | None) -> str:
    if lang is not None and i18n.parse_lang(lang) is None:
        _fail(_TEXT[detect_lang(None, os.environ)]["lang"].format(value=lang))
    return detect_lang(lang, os.environ)


def parse_list(value: str, option: str, lang: str) -> tuple[int, ...]:
    """``"8,6"`` -> ``(8, 6)``; anything else is refused (exit 2)."""
    parts = [p.strip() for p in value.split(",")]
    if not parts or not all(p.isdecimal() and p.isascii() for p in parts):
        _fail(_TEXT[lang]["bad_list"].format(option=option, value=value))
    return tuple(dict.fromkeys(int(p) for p in parts))


def check_plot_path(path: Path, lang: str) -> None:
    """Refuse, before the run, a plot file that cannot be written."""
    if path.suffix.lower() != ".png":
        _fail(_TEXT[lang]["plot_suffix"].format(path=path))
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        _fail(_TEXT[lang]["plot_path"].format(path=path, reason=error.strerror or error))
    if not existed:
        path.unlink()


def to_json(study: Any) -> dict[str, Any]:
    """The study as JSON: per setting, per bet, the perfect player and each count."""

    def line(x: Any) -> dict[str, Any]:
        return {
            "rounds_per_shoe": x.rounds_per_shoe,
            "mean_edge": x.mean_edge,
            "win_per_100_shoes": x.win,
            "win_standard_error": _finite(x.win_se),
            "expected_win_per_100_shoes": x.expected_win,
            "expected_standard_error": _finite(x.expected_se),
        }

    settings = []
    for s in study.settings:
        bets: dict[str, Any] = {}
        for name, perfect in s.perfect.items():
            bets[name] = {
                "perfect": line(perfect),
                "counts": [
                    {
                        "name": c.count.name,
                        "tags": list(c.count.tags),
                        "threshold": _finite(c.threshold),
                        "share": _finite(c.share),
                        **line(c.line),
                    }
                    for c in s.counts.get(name, [])
                ],
            }
        settings.append(
            {
                "decks": s.decks,
                "cut_card": s.cut_card,
                "shoes": s.shoes,
                "train_shoes": s.train_shoes,
                "bets": bets,
            }
        )
    return {
        "seed": study.seed,
        "train_seed": study.train_seed,
        "interrupted": study.interrupted,
        "settings": settings,
    }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


#: The table's columns; below :data:`WIDE` columns of terminal they go in two tables.
COLUMNS = ("bet", "strategy", "rounds", "edge", "win", "expected", "share", "threshold")
NARROW = (
    ("bet", "strategy", "rounds", "edge", "share", "threshold"),
    ("bet", "strategy", "win", "expected"),
)
WIDE = 124


def print_table(study: Any, lang: str) -> None:
    """One Rich table per setting (two at a narrow terminal, so that no figure is cut)."""
    from rich.console import Console
    from rich.table import Table

    t = _TEXT[lang]
    console = Console()
    if not console.is_terminal:  # piped or captured: wide enough for every column
        console = Console(width=132)
    groups = (COLUMNS,) if console.width >= WIDE else NARROW

    def num(fmt: str, x: float) -> str:
        return localize(format(x, fmt), lang)

    def cells(
        name: str, who: str, x: Any, share: float | None, threshold: float | None
    ) -> dict[str, str]:
        return {
            "bet": name,
            "strategy": who,
            "rounds": num(".2f", x.rounds_per_shoe),
            "edge": num("+.2%", x.mean_edge) if x.rounds_per_shoe else "",
            "win": f"{num('+,.1f', x.win)} ± {num(',.1f', x.win_se)}",
            "expected": f"{num('+,.1f', x.expected_win)} ± {num(',.1f', x.expected_se)}",
            "share": "" if share is None or not math.isfinite(share) else num(".0%", share),
            "threshold": ""
            if threshold is None
            else (num("+.2f", threshold) if math.isfinite(threshold) else t["never"]),
        }

    for s in study.settings:
        title = localize(
            t["title"].format(decks=s.decks, cut=s.cut_card, shoes=s.shoes, train=s.train_shoes),
            lang,
        )
        rows: list[dict[str, str]] = []
        for name, perfect in s.perfect.items():
            rows.append(cells(name, t["perfect"], perfect, None, None))
            for c in s.counts.get(name, []):
                label = t["effects"] if c.count.name == "effects" else c.count.name
                rows.append(cells("", label, c.line, c.share, c.threshold))
        for columns in groups:
            table = Table(title=title)
            for key in columns:
                left = key in ("bet", "strategy")
                table.add_column(t[key], no_wrap=True, justify="left" if left else "right")
            for row in rows:
                table.add_row(*(row[key] for key in columns))
            console.print(table)
    console.print(t["note"])


def write_plot(study: Any, path: Path, lang: str = "en") -> None:
    """Expected win per 100 shoes against the cut-card depth: perfect and the best count.

    The expected win (the summed exact edges of the bets placed) rather than the
    actual one: its standard error is a tenth as large, so the curves are readable.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = _TEXT[lang]
    bets = list(study.settings[0].perfect) if study.settings else []
    cols = 5
    rows = max(1, math.ceil(len(bets) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False)
    for ax, name in zip(axes.flat, bets, strict=False):
        for decks in sorted({s.decks for s in study.settings}):
            settings = sorted(
                (s for s in study.settings if s.decks == decks), key=lambda s: s.cut_card
            )
            depth = [s.cut_card for s in settings]
            perfect = [s.perfect[name] for s in settings]
            ax.errorbar(depth, [x.expected_win for x in perfect], [x.expected_se for x in perfect],
                        marker="o", label=t["plot_perfect"].format(decks=decks))  # fmt: skip
            best = [max(s.counts[name], key=lambda c: c.line.expected_win).line for s in settings]
            ax.errorbar(depth, [x.expected_win for x in best], [x.expected_se for x in best],
                        marker="s", linestyle="--",
                        label=t["plot_count"].format(decks=decks))  # fmt: skip
        ax.set_title(name)
        ax.set_xlabel(t["plot_x"])
        ax.set_ylabel(t["plot_y"])
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(bets) :]:
        ax.set_visible(False)
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)


@contextmanager
def _progress(show: bool, lang: str) -> Iterator[Callable[[str, int, int], None] | None]:
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=Console(stderr=True),
    ) as bar:
        tasks: dict[str, Any] = {}

        def tick(phase: str, done: int, total: int) -> None:
            kind, setting = phase.split(" ", 1)
            if phase not in tasks:
                label = _TEXT[lang][f"progress_{kind}"].format(setting=setting)
                tasks[phase] = bar.add_task(label, total=total)
            bar.update(tasks[phase], completed=done)

        yield tick


def register(app: typer.Typer) -> None:
    """Add the ``advantage`` command to ``app`` (help in the language of ``--lang``/locale)."""
    help_text = _TEXT[help_lang(sys.argv, os.environ)]

    def h(key: str) -> str:
        return help_text[f"help_{key}"]

    @app.command("advantage", cls=AdvantageCommand, help=help_text["help"])
    def advantage_command(
        decks: Annotated[str, typer.Option("--decks", metavar="N[,N...]", help=h("decks"))] = "8",
        cut_card: Annotated[
            str, typer.Option("--cut-card", metavar="N[,N...]", help=h("cut_card"))
        ] = "14",
        shoes: Annotated[int, typer.Option("--shoes", metavar="N", help=h("shoes"))] = 1000,
        train_shoes: Annotated[
            int, typer.Option("--train-shoes", metavar="N", help=h("train_shoes"))
        ] = 500,
        seed: Annotated[int, typer.Option("--seed", metavar="N", help=h("seed"))] = 1,
        train_seed: Annotated[
            int, typer.Option("--train-seed", metavar="N", help=h("train_seed"))
        ] = 2,
        workers: Annotated[
            int | None, typer.Option("--workers", metavar="N", help=h("workers"))
        ] = None,
        scheduler: Annotated[
            str | None, typer.Option("--scheduler", metavar="ADDRESS", help=h("scheduler"))
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=h("json"))] = False,
        plot: Annotated[
            Path | None, typer.Option("--plot", metavar="FILE.png", help=h("plot"))
        ] = None,
        progress: Annotated[
            bool | None, typer.Option("--progress/--no-progress", help=h("progress"))
        ] = None,
        lang: Annotated[str | None, typer.Option("--lang", metavar="es|en", help=h("lang"))] = None,
    ) -> None:
        """Side bets worth betting: the perfectly informed player's win and a count's."""
        language = _language(lang)
        t = _TEXT[language]
        deck_list = parse_list(decks, "--decks", language)
        cut_list = parse_list(cut_card, "--cut-card", language)
        if scheduler is not None and workers is not None:
            _fail(t["workers_with_scheduler"])
        from puntobanco.sim.advantage import AdvantageError
        from puntobanco.sim.advantage_run import check_request, run_study

        try:
            check_request(
                decks=deck_list,
                cut_cards=cut_list,
                shoes=shoes,
                train_shoes=train_shoes,
                seed=seed,
                train_seed=train_seed,
                workers=workers if workers is not None else 1,
            )
        except AdvantageError as error:
            _fail(t[f"error_{error.code}"].format(**error.params))
        except BaccaratError as error:  # the rules' refusals, worded as simulate words them
            from puntobanco.cli.simulate import message as rules_message

            _fail(rules_message(error, language))
        if plot is not None:
            check_plot_path(plot, language)
        client: Any = None
        executor = None
        if scheduler is not None:
            try:
                import distributed

                connect: Any = distributed.Client
                client = connect(scheduler, timeout=10)
                executor = client.get_executor()
            except Exception as error:  # noqa: BLE001 - any failure to connect is the user's to fix
                _fail(t["scheduler"].format(address=scheduler, reason=error))
        show = progress if progress is not None else sys.stderr.isatty()
        try:
            with _progress(show and not as_json, language) as tick:
                study = run_study(
                    decks=deck_list,
                    cut_cards=cut_list,
                    shoes=shoes,
                    train_shoes=train_shoes,
                    seed=seed,
                    train_seed=train_seed,
                    workers=workers if workers is not None else 1,
                    executor=executor,
                    progress=tick,
                )
        finally:
            if client is not None:
                client.close()
        if as_json:
            typer.echo(json.dumps(to_json(study)))
        elif study.settings:
            print_table(study, language)
        if plot is not None and study.settings:
            write_plot(study, plot, language)
            if not as_json:
                typer.echo(t["wrote"].format(path=plot))
        if study.interrupted:
            typer.echo(t["stopped"] if study.settings else t["nothing"], err=True)
            raise typer.Exit(130)
