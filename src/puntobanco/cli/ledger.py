"""``puntobanco ledger check``: reconcile every wallet with its ledger entries."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any

import typer

from puntobanco.cli.lang import checked_lang, help_lang
from puntobanco.cli.numbers import localize
from puntobanco.cli.params import OptionValueError, OutputFormat, chosen_format, format_option
from puntobanco.cli.textsafe import FlagSafeGroup
from puntobanco.core import i18n
from puntobanco.core.explain import Lang

#: The language of these commands' help texts, worded when the module is imported (as
#: Typer reads them): ``--lang`` on the command line, else the locale's.
HELP_LANG = help_lang(sys.argv, os.environ)

ledger_app = typer.Typer(
    help=i18n.text(HELP_LANG, "ops.help.ledger"), no_args_is_help=True, cls=FlagSafeGroup
)

DatabaseOption = Annotated[
    str | None,
    typer.Option(metavar="URL", help=i18n.text(HELP_LANG, "ops.help.database")),
]
LangOption = Annotated[
    str | None,
    typer.Option(metavar="es|en", help=i18n.text(HELP_LANG, "ops.cli.lang")),
]
#: ``--json``, as every operator command takes it.
JsonOption = Annotated[bool, typer.Option("--json", help=i18n.text(HELP_LANG, "ops.help.json"))]
#: ``--format`` of a command that prints a table (``report``, ``verify``).
TableFormatOption = Annotated[
    OutputFormat | None,
    format_option(
        i18n.text(HELP_LANG, "ops.cli.format", more=i18n.text(HELP_LANG, "ops.cli.format_more"))
    ),
]
#: ``--format`` of a command whose answer is no table (``ledger check``).
FormatOption = Annotated[
    OutputFormat | None, format_option(i18n.text(HELP_LANG, "ops.cli.format", more=""))
]


def output_format(
    fmt: OutputFormat | None, as_json: bool, lang: Lang, *, tables: bool = True
) -> OutputFormat:
    """``--format`` and ``--json`` as one choice, or exit 2 with the shared option message."""
    try:
        chosen = chosen_format(fmt, as_json)
        if not tables and chosen not in (OutputFormat.TABLE, OutputFormat.JSON):
            raise OptionValueError("cli.opt.format_here", value=chosen.value)
    except OptionValueError as error:
        detail = error.detail(lang)
        typer.echo(i18n.text(lang, "cli.opt.bad", option="--format", detail=detail), err=True)
        raise typer.Exit(2) from None
    return chosen


def translated(name: str, example: str) -> type[Any]:
    """A command class whose usage errors are one line in the user's language, as ``play``'s.

    For ``verify``, ``report``, ``ledger check`` and ``serve``: the same words and
    style as every other command's (``Unknown option --bogus. See: puntobanco report
    --help``), instead of Typer's English box.
    """
    from puntobanco.cli.play import TranslatedCommand

    return type(
        f"{name.title().replace(' ', '')}Command",
        (TranslatedCommand,),
        {"command_name": name, "option_example": example, "error_style": None},
    )


def operator_lang(lang: str | None) -> Lang:
    """The language of an operator command's messages: ``--lang``, else the locale's.

    A ``--lang`` we lack is refused (exit status 2) in the locale's language,
    as ``odds`` and ``simulate`` refuse it.
    """
    return checked_lang(lang)


@ledger_app.command(
    "check",
    cls=translated("ledger check", "--database sqlite:///pb.db"),
    help=i18n.text(HELP_LANG, "ops.help.ledger_check"),
)
def check(
    database: DatabaseOption = None,
    as_json: JsonOption = False,
    fmt: FormatOption = None,
    lang: LangOption = None,
) -> None:
    """Compare each cached balance with the sum of its entries; exit 1 on any difference.

    Exit 1 too when the database does not exist or is not migrated (it is
    never created here), 2 when --database is not a URL we take.
    """
    from puntobanco.cli.serverdb import open_database
    from puntobanco.core.money import format_minor
    from puntobanco.server.ledger.check import reconcile

    language = operator_lang(lang)
    as_json = output_format(fmt, as_json, language, tables=False) is OutputFormat.JSON
    with open_database(database, language) as sessions, sessions.begin() as session:
        report = reconcile(session).as_dict()
    if as_json:
        typer.echo(json.dumps(report))
    else:

        def say(key: str, **params: Any) -> None:
            typer.echo(localize(i18n.text(language, key, **params), language))

        say("ops.ledger.ok" if report["ok"] else "ops.ledger.bad")
        say(
            "ops.ledger.counts",
            wallets=f"{report['wallets_checked']:,}",
            entries=f"{report['entries']:,}",
            journals=f"{report['journals']:,}",
            settled=f"{report['rounds_settled']:,}",
        )
        typer.echo(
            i18n.text(
                language,
                "ops.ledger.open",
                open=report["rounds_open"] or i18n.text(language, "ops.ledger.none"),
            )
        )
        if report["shared_rounds_open"]:
            say("ops.ledger.shared_open", open=report["shared_rounds_open"])
        for key in (
            "balance_differences",
            "unbalanced_journals",
            "round_differences",
            "open_holds",
        ):
            for item in report[key]:
                typer.echo(f"  {i18n.text(language, 'ops.ledger.' + key)}: {item}")
        if report["entries_total_minor"]:
            say(
                "ops.ledger.total", total=format_minor(report["entries_total_minor"], lang=language)
            )
    if not report["ok"]:
        raise typer.Exit(1)
    if not report["wallets_checked"] and not report["entries"]:
        # A check of nothing passes nothing: exit 1, as docs/cli.md promises.
        typer.echo(i18n.text(language, "ops.ledger.nothing"), err=True)
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the ``ledger`` command group to ``app``."""
    app.add_typer(ledger_app, name="ledger")
