"""``puntobanco advantage``: what a perfectly informed player and a counter win on side bets.

Argument checking and printing only; the study is :mod:`puntobanco.sim.advantage_run`.
Its messages live here, in both languages, as ``simulate``'s do in its module.
"""

import json
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from puntobanco.cli.lang import checked_lang
from puntobanco.cli.localized import add_command
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import (
    OptionValueError,
    OutputFormat,
    check_plot,
    chosen_format,
    format_option,
    lang_option,
)
from puntobanco.cli.play import TranslatedCommand
from puntobanco.cli.refusal import option_line, refuse, sentence, shown
from puntobanco.cli.tabular import write_rows
from puntobanco.core import i18n
from puntobanco.core.errors import BaccaratError
from puntobanco.core.i18n import Lang


class AdvantageCommand(TranslatedCommand):
    """Click's usage errors in the user's language, as in ``simulate``."""

    command_name = "advantage"
    option_example = "--shoes 1000"
    error_style = None


def _fail(text: str) -> NoReturn:
    typer.echo(text, err=True)
    raise typer.Exit(2)


def parse_list(value: str, option: str, lang: Lang) -> tuple[int, ...]:
    """``"8,6"`` -> ``(8, 6)``; anything else is refused (exit 2)."""
    parts = [p.strip() for p in value.split(",")]
    if not parts or not all(p.isdecimal() and p.isascii() for p in parts):
        refuse(lang, option, i18n.text(lang, "advantage.bad_list", value=shown(value)))
    return tuple(dict.fromkeys(int(p) for p in parts))


def check_plot_path(path: Path, lang: Lang) -> None:
    """Refuse, before the run, a plot file that cannot be written."""
    problem = check_plot(path, lang)
    if problem is not None:
        refuse(lang, "--plot", problem)


def refusal(error: Any, lang: Lang) -> str:
    """A refusal of the study's request, in the shared wording (``Invalid option --X: ...``)."""
    params: dict[str, Any] = dict(error.params)
    value = str(params.get("value", ""))
    if error.code == "count":
        detail = i18n.text(lang, "advantage.at_least", low=params["low"], value=shown(value))
        return option_line(lang, f"--{params['name']}", detail)
    if error.code == "seed":
        detail = i18n.text(lang, "cli.opt.seed", maximum=str(2**64 - 1), value=shown(value))
        return option_line(lang, f"--{params['name']}", detail)
    text = i18n.text(lang, f"advantage.error_{error.code}", **params)
    if error.code == "same_seed":
        return option_line(lang, "--train-seed", text.removeprefix("--train-seed "))
    return sentence(text)


def flat_table(document: dict[str, Any], output: OutputFormat) -> str:
    """The study as CSV or Markdown, from its JSON: a row per setting, bet and strategy.

    The columns are the JSON's names, with plain numbers in every language.
    """
    figures = ("rounds_per_shoe", "mean_edge", "win_per_100_shoes", "win_standard_error",
               "expected_win_per_100_shoes", "expected_standard_error")  # fmt: skip
    headers = ["decks", "cut_card", "bet", "strategy", *figures, "share", "threshold"]
    rows: list[list[Any]] = []
    for setting in document["settings"]:
        where = [setting["decks"], setting["cut_card"]]
        for bet, lines in setting["bets"].items():
            perfect = lines["perfect"]
            rows.append([*where, bet, "perfect", *(perfect[f] for f in figures), None, None])
            for count in lines["counts"]:
                rows.append([*where, bet, count["name"], *(count[f] for f in figures),
                             count["share"], count["threshold"]])  # fmt: skip
    return write_rows(headers, rows, output.value)


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


#: The table's columns; where they do not fit the width, they go in two tables.
COLUMNS = ("bet", "strategy", "rounds", "edge", "win", "expected", "share", "threshold")
NARROW = (
    ("bet", "strategy", "rounds", "edge", "share", "threshold"),
    ("bet", "strategy", "win", "expected"),
)


def print_table(study: Any, lang: Lang) -> None:
    """One table per setting (two, or stacked, where the width is short: no figure is cut).

    The width is the terminal's, or ``COLUMNS`` when the output is piped, as in
    every command (:mod:`puntobanco.cli.layout`).
    """
    from puntobanco.cli.layout import fit_table, stdout_console, table_width

    console = stdout_console()

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
            else (
                num("+.2f", threshold)
                if math.isfinite(threshold)
                else i18n.text(lang, "advantage.never")
            ),
        }

    for s in study.settings:
        title = localize(
            i18n.text(
                lang,
                "advantage.title",
                decks=s.decks,
                cut=s.cut_card,
                shoes=s.shoes,
                train=s.train_shoes,
            ),
            lang,
        )
        rows: list[dict[str, str]] = []
        for name, perfect in s.perfect.items():
            rows.append(cells(name, i18n.text(lang, "advantage.perfect"), perfect, None, None))
            for c in s.counts.get(name, []):
                label = (
                    i18n.text(lang, "advantage.effects")
                    if c.count.name == "effects"
                    else c.count.name
                )
                rows.append(cells("", label, c.line, c.share, c.threshold))
        headers = {key: i18n.text(lang, f"advantage.{key}") for key in COLUMNS}
        every = [[row[key] for key in COLUMNS] for row in rows]
        fits = table_width([headers[key] for key in COLUMNS], every) <= console.width
        for columns in (COLUMNS,) if fits else NARROW:
            fit_table(
                console,
                title,
                [headers[key] for key in columns],
                [[row[key] for key in columns] for row in rows],
                left=2,
            )
    console.print(i18n.text(lang, "advantage.note"))


def write_plot(study: Any, path: Path, lang: Lang = "en") -> None:
    """Expected win per 100 shoes against the cut-card depth: perfect and the best count.

    The expected win (the summed exact edges of the bets placed) rather than the
    actual one: its standard error is a tenth as large, so the curves are readable.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

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
            label = i18n.text(lang, "advantage.plot_perfect", decks=decks)
            ax.errorbar(depth, [x.expected_win for x in perfect], [x.expected_se for x in perfect],
                        marker="o", label=label)  # fmt: skip
            best = [max(s.counts[name], key=lambda c: c.line.expected_win).line for s in settings]
            ax.errorbar(depth, [x.expected_win for x in best], [x.expected_se for x in best],
                        marker="s", linestyle="--",
                        label=i18n.text(lang, "advantage.plot_count", decks=decks))  # fmt: skip
        ax.set_title(name)
        ax.set_xlabel(i18n.text(lang, "advantage.plot_x"))
        ax.set_ylabel(i18n.text(lang, "advantage.plot_y"))
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(bets) :]:
        ax.set_visible(False)
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)


@contextmanager
def _progress(show: bool, lang: Lang) -> Iterator[Callable[[str, int, int], None] | None]:
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
                label = i18n.text(lang, f"advantage.progress_{kind}", setting=setting)
                tasks[phase] = bar.add_task(label, total=total)
            bar.update(tasks[phase], completed=done)

        yield tick


def register(app: typer.Typer) -> None:
    """Add the ``advantage`` command to ``app`` (help in the language of ``--lang``/locale)."""
    add_command(
        app, "advantage", advantage_command, cls=AdvantageCommand, help_key="advantage.help"
    )


def advantage_command(
    decks: Annotated[
        str,
        typer.Option(
            "--decks", metavar="N[,N...]", help="advantage.help_decks", show_default=False
        ),
    ] = "8",
    cut_card: Annotated[
        str,
        typer.Option(
            "--cut-card", metavar="N[,N...]", help="advantage.help_cut_card", show_default=False
        ),
    ] = "14",
    shoes: Annotated[
        int,
        typer.Option("--shoes", metavar="N", help="advantage.help_shoes", show_default=False),
    ] = 1000,
    train_shoes: Annotated[
        int,
        typer.Option(
            "--train-shoes", metavar="N", help="advantage.help_train_shoes", show_default=False
        ),
    ] = 500,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="advantage.help_seed", show_default=False)
    ] = 1,
    train_seed: Annotated[
        int,
        typer.Option(
            "--train-seed", metavar="N", help="advantage.help_train_seed", show_default=False
        ),
    ] = 2,
    workers: Annotated[
        int | None, typer.Option("--workers", metavar="N", help="advantage.help_workers")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", metavar="ADDRESS", help="advantage.help_scheduler"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="advantage.help_json")] = False,
    fmt: Annotated[OutputFormat | None, format_option("advantage.help_format")] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="FILE.png", help="advantage.help_plot")
    ] = None,
    progress: Annotated[
        bool | None, typer.Option("--progress/--no-progress", help="advantage.help_progress")
    ] = None,
    lang: Annotated[str | None, lang_option("advantage.help_lang")] = None,
) -> None:
    """Side bets worth betting: the perfectly informed player's win and a count's."""
    language = checked_lang(lang)
    try:
        output = chosen_format(fmt, as_json)
    except OptionValueError as error:
        refuse(language, "--format", error.detail(language))
    as_json = output is not OutputFormat.TABLE  # a document for programs: no bar, no prose
    deck_list = parse_list(decks, "--decks", language)
    cut_list = parse_list(cut_card, "--cut-card", language)
    if scheduler is not None and workers is not None:
        _fail(i18n.text(language, "advantage.workers_with_scheduler"))
    request: dict[str, Any] = {
        "decks": deck_list,
        "cut_cards": cut_list,
        "shoes": shoes,
        "train_shoes": train_shoes,
        "seed": seed,
        "train_seed": train_seed,
        "workers": workers if workers is not None else 1,
    }
    _check_request(request, language)
    if plot is not None:
        check_plot_path(plot, language)
    show = progress if progress is not None else sys.stderr.isatty()
    study = _run_study(request, scheduler, show and not as_json, language)
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(to_json(study)))
    elif as_json:
        typer.echo(flat_table(to_json(study), output), nl=False)
    elif study.settings:
        print_table(study, language)
    if plot is not None and study.settings:
        write_plot(study, plot, language)
        if not as_json:
            typer.echo(i18n.text(language, "advantage.wrote", path=plot))
    if study.interrupted:
        typer.echo(
            i18n.text(language, "advantage.stopped")
            if study.settings
            else i18n.text(language, "advantage.nothing"),
            err=True,
        )
        raise typer.Exit(130)


def _check_request(request: dict[str, Any], language: Lang) -> None:
    """Refuse, before the study, a request it cannot run (exit status 2)."""
    from puntobanco.sim.advantage import AdvantageError
    from puntobanco.sim.advantage_run import check_request

    try:
        check_request(**request)
    except AdvantageError as error:
        _fail(refusal(error, language))
    except BaccaratError as error:  # the rules' refusals, worded as simulate words them
        from puntobanco.cli.simulate import refusal as rules_refusal

        _fail(rules_refusal(error, language))


def _run_study(request: dict[str, Any], scheduler: str | None, show: bool, language: Lang) -> Any:
    """Run the study here, or on the Dask cluster of ``scheduler`` (exit 2 if it cannot connect)."""
    from puntobanco.sim.advantage_run import run_study

    client: Any = None
    executor = None
    if scheduler is not None:
        try:
            import distributed

            connect: Any = distributed.Client
            client = connect(scheduler, timeout=10)
            executor = client.get_executor()
        except Exception as error:  # noqa: BLE001 - any failure to connect is the user's to fix
            _fail(i18n.text(language, "advantage.scheduler", address=scheduler, reason=error))
    try:
        with _progress(show, language) as tick:
            return run_study(**request, executor=executor, progress=tick)
    finally:
        if client is not None:
            client.close()
