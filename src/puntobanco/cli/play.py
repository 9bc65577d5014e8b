"""``puntobanco play``: Punto Banco in the terminal, in Spanish or English.

This module declares the command and runs the loop: prompt, parse, play,
show. The options are checked in :mod:`puntobanco.cli.options`; the game's
state lives in :mod:`puntobanco.cli.game`, the parsing of a line in
:mod:`puntobanco.cli.betline`, the printing in :mod:`puntobanco.cli.render`
(:mod:`puntobanco.cli.textsafe` for terminals without Unicode), and the words
in :mod:`puntobanco.cli.lang`.
"""

# Each option's help is a catalogue key, worded when the command is added
# (:mod:`puntobanco.cli.localized`).

import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, ClassVar

import typer
from rich.console import Console
from rich.markup import escape
from typer import rich_utils

from puntobanco.cli.betline import CommandKind, parse_line
from puntobanco.cli.game import RoundReport, Session
from puntobanco.cli.history import History
from puntobanco.cli.lang import detect_lang, help_lang, lang_in_args
from puntobanco.cli.localized import add_command
from puntobanco.cli.numbers import localize
from puntobanco.cli.options import GameConfig, OptionError, build_config
from puntobanco.cli.oserrors import os_reason
from puntobanco.cli.params import (
    OptionValueError,
    complete_preset,
    complete_variant,
    lang_option,
)
from puntobanco.cli.refusal import option_line
from puntobanco.cli.render import Renderer
from puntobanco.cli.textsafe import SafeHelpCommand, safe_stream, transliterate
from puntobanco.core import i18n
from puntobanco.core.bets import Bet
from puntobanco.core.errors import BaccaratError
from puntobanco.core.explain import Lang
from puntobanco.core.rng import SeededSource

#: Seconds between cards when the game is played at a terminal without --fast.
CARD_DELAY = 0.4
#: The exit status after Ctrl-C, as ``simulate`` and shells use (128 + SIGINT).
EXIT_INTERRUPTED = 130


@contextmanager
def _typing_held(active: bool) -> Iterator[None]:
    """While the cards are dealt, what the player types is neither echoed nor kept.

    The terminal's echo is turned off for the duration (so text typed during
    the pauses does not land between the card lines), and whatever was typed
    is discarded when it is turned back on, before the next prompt. Only where
    ``active`` and standard input is a terminal; the terminal's settings are
    restored however the block ends (Ctrl-C included).
    """
    fd = _terminal_fd() if active else None
    if fd is None:
        yield
        return
    import termios

    try:
        saved = termios.tcgetattr(fd)
        quiet = list(saved)
        quiet[3] &= ~termios.ECHO  # the local modes
        termios.tcsetattr(fd, termios.TCSADRAIN, quiet)
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        # TCSAFLUSH: the input typed meanwhile is dropped as the echo comes back.
        termios.tcsetattr(fd, termios.TCSAFLUSH, saved)


def _terminal_fd() -> int | None:
    """Standard input's descriptor if it is a terminal whose settings can be changed."""
    try:
        import termios  # noqa: F401  (POSIX only)

        fd = sys.stdin.fileno()
    except (ImportError, AttributeError, ValueError, OSError):
        return None
    return fd if os.isatty(fd) else None


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Hold a Ctrl-C that arrives while a round is settled until the books balance."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt


_SGR = re.compile(r"(\x1b\[[0-9;]*m)")


def line_reader(console: Console) -> Callable[[str], str]:
    """Read a line after a Rich prompt, with line editing and history where there is readline.

    The prompt goes to :func:`input` itself, its colour codes fenced with
    readline's markers for invisible text, so that readline knows how wide it
    is and editing the line (arrows, backspace, the up arrow for an earlier
    line) does not garble it.
    """
    if not console.is_terminal:
        return console.input
    try:
        import readline  # noqa: F401  (importing it is what turns editing on)
    except ImportError:  # pragma: no cover - Windows
        return console.input

    def read_line(prompt: str) -> str:
        with console.capture() as captured:
            console.print(prompt, end="")
        text = transliterate(captured.get(), console.encoding)
        return input(_SGR.sub("\x01\\1\x02", text))

    return read_line


def run_game(
    config: GameConfig,
    console: Console,
    *,
    read_line: Callable[[str], str] | None = None,
    sleep: Callable[[float], None] | None = None,
    history: History | None = None,
) -> int:
    """Play until the player quits, input ends, or the balance is under the minimum.

    Args:
        config: The checked options.
        console: Where the game is shown.
        read_line: Shows a prompt (Rich markup) and returns the line typed;
            raises ``EOFError`` at the end of input. :func:`line_reader` by default.
        sleep: The pause between cards (``time.sleep`` by default).
        history: Where every settled round is written (``--history``); it is
            closed when the session ends, however it ends.

    Returns:
        The exit status: 0, or :data:`EXIT_INTERRUPTED` (130) after Ctrl-C, as
        ``puntobanco simulate`` exits; the summary is shown in both cases.
    """
    source = SeededSource(config.seed) if config.seed is not None else None
    session = Session(
        config.rules, config.limits, balance_minor=config.balance_minor, source=source
    )
    session.explain = config.explain
    delay = 0.0 if config.fast or not console.is_terminal else CARD_DELAY
    kwargs: dict[str, Any] = {} if sleep is None else {"sleep": sleep}
    show = Renderer(console, config.lang, delay=delay, **kwargs)
    ask = read_line if read_line is not None else line_reader(console)
    record = history.record if history is not None else None
    try:
        show.welcome(session, config.seed)
        new_shoe = session.start_shoe_if_needed()
        if new_shoe is not None:
            show.new_shoe(new_shoe, config.rules)
        _loop(session, show, ask, record)
    except KeyboardInterrupt:
        console.print()
        show.say("play.interrupted")
        status = EXIT_INTERRUPTED
    else:
        status = 0
    finally:
        if history is not None:
            history.close(session.balance_minor)
    show.summary(session)
    return status


def _loop(
    session: Session,
    show: Renderer,
    ask: Callable[[str], str],
    record: Callable[[RoundReport], None] | None = None,
) -> None:
    """Rounds until the player stops. A KeyboardInterrupt ends it (the caller reports it)."""
    while True:
        try:
            line = ask(show.prompt(session))
        except EOFError:
            show.console.print()
            show.say("play.end_of_input")
            return
        except UnicodeDecodeError:
            show.say("play.unreadable", style="bold red")
            continue
        try:
            bets = _bets_for(line, session, show)
        except BaccaratError as error:
            show.error(error, session)
            continue
        if bets is None:
            continue
        if bets == ():
            return  # quit
        with _typing_held(show.delay > 0):
            with _interrupts_deferred():
                report = session.play_round(bets)
                if record is not None:
                    record(report)
            show.deal(report, explain=session.explain)
            show.settlement(report, session.rules)
            show.shoe_news(report)
            show.board(session)
        if show.interrupted:
            raise KeyboardInterrupt
        if not session.can_play:
            show.console.print()
            show.say(
                "play.broke",
                style="bold red",
                balance=show.money(session.balance_minor),
                minimum=show.money(session.limits.minimum_minor),
            )
            return
        new_shoe = session.start_shoe_if_needed()
        if new_shoe is not None:
            show.new_shoe(new_shoe, session.rules)


def _bets_for(line: str, session: Session, show: Renderer) -> tuple[Bet, ...] | None:
    """The checked bets a line asks for; ``None`` for a command done; ``()`` to quit.

    Raises:
        BaccaratError: The line was refused; nothing changed.
    """
    command = parse_line(line, lang=show.lang)
    kind = command.kind
    if kind is CommandKind.BETS:
        return session.check_bets(command.bets)
    if kind is CommandKind.REBET:
        bets = session.rebet()
        show.info("play.rebet", bets=show.bet_list(bets))
        return bets
    if kind is CommandKind.QUIT:
        return ()
    if kind is CommandKind.EXPLAIN:
        session.explain = not session.explain
        show.info("play.explain.on" if session.explain else "play.explain.off")
    elif kind is CommandKind.HELP:
        show.help(session.rules)
    elif kind is CommandKind.RULES:
        show.rules(session.rules)
    elif kind is CommandKind.BOARD:
        show.board(session, full=True)
    elif kind is CommandKind.SUMMARY:
        show.summary(session, final=False)
    else:
        show.say("play.empty", style="yellow")
    return None


def _fail(lang: Lang, text: str) -> typer.Exit:
    console = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
    console.print(escape(text), style="bold red")
    return typer.Exit(2)


#: Click's "unexpected extra argument" error, with the stray arguments in brackets.
_EXTRA = re.compile(r"unexpected extra argument\S* \((.*)\)", re.IGNORECASE)


class TranslatedCommand(SafeHelpCommand):
    """Click's own usage errors (unknown option, missing value) in the user's language.

    Click parses the options before the command runs, so its errors are
    caught here and told with :mod:`puntobanco.cli.lang`'s messages, in the
    language of ``--lang`` on the line, or else of the locale; exit status 2.
    The help is safe on any terminal (:class:`~puntobanco.cli.textsafe.SafeHelpCommand`),
    and the ``--help`` option's own line is in the language of the other help
    texts (:func:`~puntobanco.cli.lang.help_lang`).

    Another command reuses it by subclassing and setting the class attributes,
    as ``puntobanco systems``, ``odds`` and ``simulate`` do.
    """

    #: The command's name, in "See: puntobanco <name> --help".
    command_name: ClassVar[str] = "play"
    #: An option and its value, to show where a stray value belongs.
    option_example: ClassVar[str] = "--decks 6"
    #: How the message is printed (a Rich style; ``None``: plain).
    error_style: ClassVar[str | None] = "bold red"

    def get_usage(self, ctx: Any) -> str:
        """Click's usage line, its words ("Usage:", "[OPTIONS]") in the language of the help."""
        lang = help_lang(sys.argv, os.environ)
        usage = str(super().get_usage(ctx)).replace("Usage:", i18n.text(lang, "cli.usage"), 1)
        if self.options_metavar is None:
            return usage
        return usage.replace(self.options_metavar, i18n.text(lang, "cli.options_metavar"), 1)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, with Typer's panel titles ("Options") in the language of the help.

        Typer reads those titles from module constants of ``typer.rich_utils`` while it
        writes the help: they are set for the duration, then put back.
        """
        lang = help_lang(sys.argv, os.environ)
        titles = {
            "OPTIONS_PANEL_TITLE": i18n.text(lang, "cli.options_panel"),
            "ARGUMENTS_PANEL_TITLE": i18n.text(lang, "cli.arguments_panel"),
            "REQUIRED_LONG_STRING": i18n.text(lang, "cli.required"),
            "DEFAULT_STRING": i18n.text(lang, "cli.default"),
        }
        saved = {name: getattr(rich_utils, name) for name in titles}
        for name, title in titles.items():
            setattr(rich_utils, name, title)
        try:
            super().format_help(ctx, formatter)
        finally:
            for name, title in saved.items():
                setattr(rich_utils, name, title)

    def get_help_option(self, ctx: Any) -> Any:
        """Click's ``--help`` option, its own help in the language of the other options'."""
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = i18n.text(help_lang(sys.argv, os.environ), "cli.help_option")
        return option

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as Click does; a usage error becomes a message in the user's language."""
        original = list(args)  # click consumes the list it parses
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as error:
            # A --lang we lack is passed over here: the usage error is what is told.
            lang = detect_lang(lang_in_args(original), os.environ)
            console = Console(file=safe_stream(sys.stderr), highlight=False, soft_wrap=True)
            console.print(escape(self.usage_text(lang, error)), style=self.error_style)
            raise typer.Exit(2) from None

    def usage_text(self, lang: Lang, error: Exception) -> str:
        """The sentence for one of Click's usage errors, in ``lang``."""
        command = self.command_name
        option = str(getattr(error, "option_name", "") or "")
        name = type(error).__name__
        detail = str(getattr(error, "message", error))
        extra = _EXTRA.search(detail)
        if name == "NoSuchOption":
            possibilities = list(getattr(error, "possibilities", None) or ())  # best first
            hint = (
                i18n.text(lang, "cli.opt.hint", names=", ".join(possibilities))
                if possibilities
                else ""
            )
            return i18n.text(lang, "cli.opt.unknown", option=option, hint=hint, command=command)
        if name == "MissingParameter":
            param = getattr(error, "param", None)
            missing = option or str(getattr(param, "name", "") or "").upper()
            return i18n.text(lang, "cli.opt.missing", name=missing, command=command)
        if name == "BadOptionUsage" and option:
            return i18n.text(lang, "cli.opt.needs_value", option=option, command=command)
        shared = _option_value_error(error)
        if shared is not None:
            return i18n.text(
                lang, "cli.opt.bad", option=option or _option_of(error), detail=shared.detail(lang)
            )
        if name == "BadParameter":
            refused = _refused_value(error)
            if refused is not None:
                key, option, value = refused
                return i18n.text(lang, key, option=option, value=value, command=command)
        if extra:
            return i18n.text(
                lang,
                "cli.opt.extra",
                args=extra.group(1),
                example=self.option_example,
                command=command,
            )
        return i18n.text(lang, "cli.opt.usage", detail=detail.rstrip("."), command=command)


def _option_value_error(error: BaseException) -> OptionValueError | None:
    """The shared option types' refusal (:mod:`puntobanco.cli.params`) behind a usage error."""
    while error is not None:
        if isinstance(error, OptionValueError):
            return error
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return None


def _option_of(error: Exception) -> str:
    """The option a usage error is about, as typed on the line (its longest name)."""
    opts = list(getattr(getattr(error, "param", None), "opts", None) or ())
    return max(opts, key=len) if opts else ""


def _refused_value(error: Exception) -> tuple[str, str, str] | None:
    """The catalogue key, option and value of a value Typer could not convert, if known.

    A typed option (``--hands`` of type ``int``) that gets text Typer cannot
    convert raises ``BadParameter`` with Pydantic's English sentence; its
    cause names the kind of failure and the value typed.
    """
    opts = list(getattr(getattr(error, "param", None), "opts", None) or ())
    errors = getattr(error.__cause__, "errors", None)
    problems: list[Any] = list(errors()) if callable(errors) else []
    if not opts or not problems or "input" not in problems[0]:
        return None
    kind = str(problems[0].get("type", ""))
    key = {"int_parsing": "cli.opt.not_whole", "float_parsing": "cli.opt.not_number"}.get(
        kind, "cli.opt.bad_value"
    )
    return key, str(opts[0]), str(problems[0]["input"])


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``.

    The help texts are in the language of ``--lang`` on the command line, or
    else of the locale, as the game is.
    """
    add_command(app, "play", play, cls=TranslatedCommand, help_key="play.option.help")


def play(
    decks: Annotated[str | None, typer.Option(metavar="N", help="play.option.decks")] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            "--rules",
            metavar="NAME",
            help="play.option.preset",
            autocompletion=complete_preset,
        ),
    ] = None,
    shoe: Annotated[str | None, typer.Option(metavar="TYPE", help="play.option.shoe")] = None,
    cut_card: Annotated[
        str | None, typer.Option("--cut-card", metavar="N", help="play.option.cut_card")
    ] = None,
    seed: Annotated[str | None, typer.Option(metavar="N", help="play.option.seed")] = None,
    balance: Annotated[
        str | None, typer.Option(metavar="AMOUNT", help="play.option.balance")
    ] = None,
    minimum: Annotated[
        str | None, typer.Option("--min", metavar="AMOUNT", help="play.option.min")
    ] = None,
    maximum: Annotated[
        str | None, typer.Option("--max", metavar="AMOUNT", help="play.option.max")
    ] = None,
    commission: Annotated[
        str | None, typer.Option(metavar="RATE", help="play.option.commission")
    ] = None,
    tie_pays: Annotated[
        str | None, typer.Option("--tie-pays", metavar="N", help="play.option.tie_pays")
    ] = None,
    pairs: Annotated[bool, typer.Option("--pairs", help="play.option.pairs")] = False,
    side_bets: Annotated[
        str | None,
        typer.Option("--side-bets", metavar="NAME[=X],...", help="play.option.side_bets"),
    ] = None,
    lang: Annotated[str | None, lang_option("play.option.lang")] = None,
    fast: Annotated[bool, typer.Option("--fast", help="play.option.fast")] = False,
    explain: Annotated[bool, typer.Option("--explain", help="play.option.explain")] = False,
    history: Annotated[
        str | None,
        typer.Option(metavar="FILE.csv|FILE.json", help="play.option.history"),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="chemin.play.help_variant",
            autocompletion=complete_variant,
        ),
    ] = None,
    banker: Annotated[
        str | None, typer.Option(metavar="NAME", help="chemin.play.help_banker")
    ] = None,
) -> None:
    """Play Punto Banco at the terminal; Chemin de fer or Banque with ``--variant``."""
    options = dict(locals())
    del options["variant"], options["banker"]
    if variant is not None and variant.strip().lower() == "banque":
        from puntobanco.cli.banque.play import play_banque_variant

        raise typer.Exit(play_banque_variant(banker, options))
    if variant is not None or banker is not None:  # Chemin de fer has a loop of its own
        from puntobanco.cli.chemin.play import play_variant

        status = play_variant(variant, banker, options)
        if status is not None:
            raise typer.Exit(status)
    config = _config(options)
    writer = _history(config)
    console = Console(file=safe_stream(sys.stdout), highlight=False)
    raise typer.Exit(run_game(config, console, history=writer))


def _config(options: dict[str, Any]) -> GameConfig:
    """``play``'s options checked into its configuration; a bad one is refused (exit status 2)."""
    try:
        return build_config(options, os.environ)
    except OptionError as error:
        # Told in --lang's language, or the locale's where --lang names one we lack.
        lang_now = detect_lang(options.get("lang"), os.environ)
        params = dict(error.params)
        if "decimal" in params:  # the form we suggest, as the language writes it (0,05)
            params["decimal"] = localize(str(params["decimal"]), lang_now)
        if "decks" in params:
            n = params["decks"]
            params["decks"] = i18n.text(lang_now, "lang.decks", count=n)
        detail = i18n.text(lang_now, error.key, **params)
        raise _fail(lang_now, option_line(lang_now, error.option, detail)) from None


def _history(config: GameConfig) -> History | None:
    """The ``--history`` file opened for writing, or ``None``; refused if it cannot be written."""
    if config.history is None:
        return None
    try:
        return History.open(config.history, config.rules)
    except OSError as error:
        reason = os_reason(error, config.lang)
        detail = i18n.text(
            config.lang, "cli.opt.history_unwritable", path=config.history, reason=reason
        )
        raise _fail(
            config.lang,
            i18n.text(config.lang, "cli.opt.bad", option="--history", detail=detail),
        ) from None
