"""The ``puntobanco`` command: one Typer app, one module per subcommand.

Each subcommand module exposes ``register(app)``. The top-level group knows
its commands by name only (:data:`COMMANDS`, with their one-line help in
the catalogue) and imports a command's module when that command is run or
its own help is asked for: ``puntobanco --help`` and ``--version`` load no
subcommand, and so neither numba, numpy, SQLAlchemy nor FastAPI
(``bench/bench_cli_startup.py`` measures it; a test checks the imports).

Global options: ``--lang`` (every subcommand follows it unless it is given
its own ``--lang``; it travels to them as ``PUNTOBANCO_LANG``, which a user
may also set), ``--version``, ``-h``/``--help`` and Typer's shell completion.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import typer
import typer.main
from typer.core import TyperGroup, TyperOption

from puntobanco.cli.lang import LANG_VARIABLE, checked_lang, detect_lang, help_lang, refused_lang
from puntobanco.cli.refusal import option_line
from puntobanco.cli.textsafe import without_flag_placeholders
from puntobanco.core import i18n
from puntobanco.core.explain import Lang

#: Each command and the module that registers it. Its one-line help is the catalogue's
#: ``cli.command.<name>`` (see :func:`command_help`).
COMMANDS: Mapping[str, str] = {
    "play": "play",
    "odds": "odds",
    "solve": "solve",
    "simulate": "simulate",
    "systems": "systems",
    "advantage": "advantage",
    "serve": "serve",
    "verify": "verify",
    "report": "report",
    "ledger": "ledger",
}


def command_help(name: str, lang: Lang) -> str:
    """The command's line in the top-level help, in ``lang``.

    The catalogue's ``cli.command.<name>``; a command whose section has no such
    line reads its section's ``<name>.help`` instead, so that a new command's
    section can carry it.
    """
    for key in (f"cli.command.{name}", f"{name}.help"):
        if key in i18n.CATALOGUE[lang]:
            return i18n.text(lang, key)
    return ""


def version() -> str:
    """The installed package's version (``0+unknown`` when run from a bare source tree)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("puntobanco")
    except PackageNotFoundError:
        return "0+unknown"


@contextmanager
def _global_lang(lang: str | None) -> Iterator[None]:
    """``--lang`` before the command: passed on to it through the environment, for the duration.

    Restored afterwards so that a test invoking the app in-process leaves the
    environment as it found it.
    """
    if lang is None:
        yield
        return
    previous = os.environ.get(LANG_VARIABLE)
    os.environ[LANG_VARIABLE] = lang
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(LANG_VARIABLE, None)
        else:
            os.environ[LANG_VARIABLE] = previous


#: The exit status after Ctrl-C in every command, as shells report it (128 + SIGINT).
EXIT_INTERRUPTED = 130


@contextmanager
def _interrupted_is_130() -> Iterator[None]:
    """Ctrl-C that reaches the top ends the command with status 130 (Click's own answer is 1).

    ``play`` and ``simulate`` catch it themselves to finish what they print
    first, with the same status; this is for every other command, and for a
    Ctrl-C while a command is still being loaded.
    """
    try:
        yield
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


@contextmanager
def _closed_pipe_is_quiet() -> Iterator[None]:
    """A reader that stops early (``| head``) ends the command quietly with status 0.

    Click answers a closed pipe with status 1, which docs/cli.md keeps for a
    check that failed; the output was simply not all wanted.
    """
    try:
        yield
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at nothing so that fails no more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(0) from None
    except SystemExit as done:
        # Rich answers a closed pipe itself: stdout pointed at the null device, then exit 1.
        if done.code == 1 and _stdout_is_devnull():
            raise typer.Exit(0) from None
        raise


def _stdout_is_devnull() -> bool:
    try:
        return os.path.samestat(os.fstat(sys.stdout.fileno()), os.stat(os.devnull))
    except (OSError, ValueError):
        return False


@contextmanager
def _one_line_usage() -> Iterator[None]:
    """A usage error of the group (``--bogus``, an unknown command) as one line, in the language.

    The same sentences and status (2) as every command's, instead of Typer's English box.
    """
    try:
        yield
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            # No command given: the help is the whole answer (Click's message is the help,
            # or empty where Typer printed it already), with no "See: ... --help" after it.
            message = str(getattr(error, "message", "") or "").rstrip()
            if message:
                typer.echo(message, err=True)
            raise typer.Exit(2) from None
        from types import SimpleNamespace

        from puntobanco.cli.play import TranslatedCommand

        lang = detect_lang(None, os.environ)
        names: list[str] = []
        ctx = getattr(error, "ctx", None)
        while ctx is not None and ctx.parent is not None:
            names.insert(0, ctx.info_name or "")
            ctx = ctx.parent
        command = " ".join(names)
        unknown = _UNKNOWN_COMMAND.search(str(getattr(error, "message", "")))
        if unknown:
            text = i18n.text(lang, "cli.opt.no_command", name=unknown.group(1), command=command)
        else:
            stub = SimpleNamespace(command_name=command, option_example="--lang es")
            text = TranslatedCommand.usage_text(stub, lang, error)  # type: ignore[arg-type]
        typer.echo(text.replace("puntobanco  --help", "puntobanco --help"), err=True)
        raise typer.Exit(2) from None


#: Click's sentence for a command it does not know.
_UNKNOWN_COMMAND = re.compile(r"No such command '(.*)'")


class LazyGroup(TyperGroup):
    """The top-level group: commands imported when used, help in the user's language."""

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command, in the order of :data:`COMMANDS`."""
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name``, its module imported and registered now."""
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name = entry
        module = importlib.import_module(f"puntobanco.cli.{module_name}")
        sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        module.register(sub)
        command = typer.main.get_command(sub)
        if isinstance(command, TyperGroup) and cmd_name in command.commands:
            return command.commands[cmd_name]
        return command

    def invoke(self, ctx: Any) -> Any:
        """Run the command with the global ``--lang`` passed on to it."""
        with (
            _closed_pipe_is_quiet(),
            _global_lang(ctx.params.get("lang")),
            _interrupted_is_130(),
            _one_line_usage(),
        ):
            return super().invoke(ctx)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as Click does, the global ``--lang`` already in force for the command's help."""
        # The subcommand is looked up (and its help worded) inside Click's parse of the
        # whole line, before invoke(): the language must be known by then.
        raw = _leading_lang(args)
        with (
            _closed_pipe_is_quiet(),
            _global_lang(None if refused_lang(raw) else raw),
            _interrupted_is_130(),
            _one_line_usage(),
        ):
            return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The top-level help, in the user's language, written without Rich.

        Plain text (usage, summary, options, commands), as ``gh`` and ``uv`` write
        theirs: Rich's help renderer alone costs more to import than the rest of
        the top level, and this page is what a user asks for first. Each
        command's own help is Typer's.
        """
        lang = help_lang(sys.argv, os.environ)
        pieces = " ".join(self.collect_usage_pieces(ctx))
        pieces = pieces.replace("[OPTIONS]", i18n.text(lang, "cli.options_metavar"), 1)
        pieces = pieces.replace("COMMAND [ARGS]...", i18n.text(lang, "cli.top.commands_metavar"), 1)
        formatter.write_usage(ctx.command_path, pieces, prefix=i18n.text(lang, "cli.usage") + " ")
        self.format_help_text(ctx, formatter)
        records = [r for p in self.get_params(ctx) if (r := p.get_help_record(ctx)) is not None]
        with formatter.section(i18n.text(lang, "cli.options_panel")):
            formatter.write_dl(records)
        with formatter.section(i18n.text(lang, "cli.top.commands")):
            formatter.write_dl([(name, command_help(name, lang)) for name in COMMANDS])

    def get_usage(self, ctx: Any) -> str:
        """Click's usage line, its words in the language of the help."""
        lang = help_lang(sys.argv, os.environ)
        usage = str(super().get_usage(ctx)).replace("Usage:", i18n.text(lang, "cli.usage"), 1)
        usage = usage.replace("[OPTIONS]", i18n.text(lang, "cli.options_metavar"), 1)
        return usage.replace("COMMAND [ARGS]...", i18n.text(lang, "cli.top.commands_metavar"), 1)

    def get_help_option(self, ctx: Any) -> Any:
        """Click's ``--help``, its own line in the language of the help."""
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = i18n.text(help_lang(sys.argv, os.environ), "cli.help_option")
        return option

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's options, the completion ones' help in the language of the help."""
        params = super().get_params(ctx)
        lang = help_lang(sys.argv, os.environ)
        for param in params:
            if param.name in ("install_completion", "show_completion") and isinstance(
                param, TyperOption
            ):
                param.help = i18n.text(lang, f"cli.top.{param.name}")
        return without_flag_placeholders(params)


def _leading_lang(args: list[str]) -> str | None:
    """The value of a ``--lang`` given before the command's name, if any."""
    for index, arg in enumerate(args):
        if arg in COMMANDS:
            return None
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


_help_lang = help_lang(sys.argv, os.environ)

app = typer.Typer(
    name="puntobanco",
    cls=LazyGroup,
    help=i18n.text(_help_lang, "cli.top.help"),
    rich_markup_mode=None,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"puntobanco {version()}")
        raise typer.Exit()


def _check_lang(value: str | None) -> str | None:
    # Refused in the locale's own language, whatever PUNTOBANCO_LANG says.
    checked_lang(value, {k: v for k, v in os.environ.items() if k != LANG_VARIABLE})
    return value


@app.callback()
def _top(
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="es|en",
        callback=_check_lang,
        help=i18n.text(_help_lang, "cli.top.lang"),
    ),
    show_version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help=i18n.text(_help_lang, "cli.top.version"),
    ),
) -> None:
    # The docstring would become the group's help and replace the translated one.
    pass


#: The shells Typer writes a completion script for.
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def _completion_for_shell(argv: list[str]) -> None:
    """``--show-completion SHELL`` and ``--install-completion SHELL`` for the shell named.

    Typer's own options guess the shell from the running processes and take the
    word after them for a stray argument (``--show-completion zsh`` printed the
    bash script); a shell we do not know is refused, as any bad value is.
    """
    for index, arg in enumerate(argv):
        name, _, value = arg.partition("=")
        if name not in ("--show-completion", "--install-completion"):
            continue
        if not value and index + 1 < len(argv) and not argv[index + 1].startswith("-"):
            value = argv[index + 1]
        if not value:
            return  # Typer's: the current shell
        lang = detect_lang(None, os.environ)
        if value not in SHELLS:
            detail = i18n.text(lang, "cli.opt.choice", allowed=", ".join(SHELLS), value=value)
            typer.echo(option_line(lang, name, detail), err=True)
            raise SystemExit(2)
        from typer._completion_shared import get_completion_script, install

        if name == "--show-completion":
            typer.echo(
                get_completion_script(
                    prog_name="puntobanco", complete_var="_PUNTOBANCO_COMPLETE", shell=value
                )
            )
        else:
            shell, path = install(shell=value, prog_name="puntobanco")
            typer.echo(f"{shell}: {path}")
        raise SystemExit(0)


def main() -> None:
    """Entry point of the ``puntobanco`` script."""
    import signal

    _completion_for_shell(sys.argv[1:])

    # Loaded: Ctrl-C is the commands' again (puntobanco/__init__ held it while importing).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        app()
    except KeyboardInterrupt:  # while Typer builds the command, before any command runs
        typer.echo("", err=True)
        raise SystemExit(EXIT_INTERRUPTED) from None


if __name__ == "__main__":
    main()
