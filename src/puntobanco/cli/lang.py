"""The terminal game's language: detection, and every word it prints that core does not.

The words about the game itself (events of a coup, bet errors, bet and side
names) come from :mod:`puntobanco.core.explain`, so the terminal and the web
table say the same thing. Everything else the game prints lives here, in one
catalogue with an English and a Spanish entry for every key (a test checks
that neither language lacks one).

>>> detect_lang(None, {"LANG": "es_ES.UTF-8"})
'es'
>>> message("es", "goodbye")
'Gracias por jugar.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puntobanco.core.explain import LANGUAGES, Lang

#: The program's own language setting: the global ``puntobanco --lang`` passes itself on to
#: the subcommand through it, and a user may set it; it comes before the locale's variables.
LANG_VARIABLE = "PUNTOBANCO_LANG"
#: The locale variables that name the language of messages, in POSIX precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def parse_lang(value: str) -> Lang | None:
    """The language a tag or locale names, if it is one we have.

    This signature is stable: every command (play, odds, simulate, systems)
    reads languages through this function and :func:`detect_lang`.

    Args:
        value: A language tag or a locale name, in any case: ``"es"``,
            ``"ES"``, ``"es-MX"``, ``"es_ES.UTF-8"``, ``"en_GB"``.

    Returns:
        ``"es"`` or ``"en"``; ``None`` for a language we lack (``"fr"``,
        ``"C"``, ``""``), so that a caller can refuse an explicit ``--lang``.

    >>> parse_lang("es-MX"), parse_lang("EN_gb.UTF-8"), parse_lang("fr")
    ('es', 'en', None)
    """
    short = value.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    for lang in LANGUAGES:
        if short == lang:
            return lang
    return None


def detect_lang(explicit: str | None, environ: Mapping[str, str]) -> Lang:
    """The player's language: ``explicit`` if we have it, else the locale's, else English.

    The one place the command line decides a language; this signature is
    stable. Then ``PUNTOBANCO_LANG`` (the global ``--lang``), if it names a
    language we have; then the first non-empty of LC_ALL, LC_MESSAGES and
    LANG decides, as in POSIX; a locale in a language we lack (``fr_FR``,
    ``C``) means English.

    Args:
        explicit: The value of ``--lang``, or ``None`` when it was not given.
            A value we lack is passed over here (the locale decides); a
            command that must refuse it checks :func:`parse_lang` first.
        environ: The environment to read the locale from (``os.environ``;
            a plain dict in tests).

    Returns:
        ``"es"`` or ``"en"``.

    >>> detect_lang("en", {"LANG": "es_ES.UTF-8"}), detect_lang(None, {"LC_ALL": "C"})
    ('en', 'en')
    >>> detect_lang(None, {"PUNTOBANCO_LANG": "es", "LANG": "en_GB.UTF-8"})
    'es'
    """
    for given in (explicit, environ.get(LANG_VARIABLE)):
        if given is not None:
            chosen = parse_lang(given)
            if chosen is not None:
                return chosen
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return parse_lang(value) or "en"
    return "en"


def lang_in_args(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on a command line, read without Click.

    For what must be worded before Click has parsed the line (the help texts)
    or when it could not parse it (a usage error). The value is not checked:
    pass it to :func:`parse_lang` or :func:`detect_lang`.

    >>> lang_in_args(["play", "--lang", "es"]), lang_in_args(["--lang=en"]), lang_in_args([])
    ('es', 'en', None)
    """
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def help_lang(argv: Sequence[str], environ: Mapping[str, str]) -> Lang:
    """The language of a command's ``--help``: ``--lang`` on the command line, else the locale.

    Help texts are worded before Click parses the line, so ``--lang`` is read
    from ``argv`` (``sys.argv``) with :func:`lang_in_args`; a value we lack is
    passed over, as :func:`detect_lang` does.

    >>> help_lang(["puntobanco", "odds", "--help", "--lang", "es"], {})
    'es'
    >>> help_lang(["puntobanco", "odds", "--lang", "fr"], {"LANG": "es_ES.UTF-8"})
    'es'
    """
    raw = lang_in_args(argv)
    return detect_lang(raw if raw and parse_lang(raw) else None, environ)


def message(lang: Lang, key: str, **params: Any) -> str:
    """The catalogue's text for ``key`` in ``lang``, with ``params`` filled in."""
    return MESSAGES[lang][key].format(**params)


def counted_key(key: str, count: int) -> str:
    """The catalogue key for ``count`` of something: ``key + "_one"`` for exactly one.

    English and Spanish both have one singular form, used for 1 only
    ("1 card left", "queda 1 carta"; "0 cards left", "quedan 0 cartas").

    >>> message("es", counted_key("board.rounds", 1), cards=1)
    'queda 1 carta'
    """
    return f"{key}_one" if count == 1 else key


# Rich markup is allowed in these strings: [bold], [dim]... Literal square
# brackets must be escaped as "\[".
MESSAGES: Mapping[Lang, Mapping[str, str]] = {
    "en": {
        # Welcome and table
        "title": "Punto Banco",
        "subtitle": "Baccarat as dealt in the casino",
        "label.shoe": "Shoe",
        "label.payouts": "Payouts",
        "label.limits": "Table limits",
        "label.balance": "Starting balance",
        "label.seed": "Seed",
        "label.explain": "Explain mode",
        "decks.one": "1 deck",
        "decks.other": "{n} decks",
        "shoe.cut_card": "{decks}, dealt to a cut card {cut} cards from the end, burn at the start",
        "shoe.cut_card_no_burn": "{decks}, dealt to a cut card {cut} cards from the end",
        "shoe.reshuffle": "{decks}, reshuffled before every round",
        "payout.win": "{bet} {ratio} to 1",
        "payout.commission": "{bet} {ratio} to 1 less {commission}% commission",
        "payout.total": "a {bet} win on {total} pays {ratio} to 1",
        "payout.push": "{bets} bets push on a tie",
        "payout.push_when": "{bet} pushes when {when}",
        "or": "or",
        "and": "and",
        "limits": "{minimum} to {maximum} per bet",
        "on": "on",
        "off": "off",
        "seed.none": "none (cryptographic shuffle)",
        "start_hint": "Type your bets, such as [bold]banker 10, tie 2[/], or [bold]h[/] for help.",
        # Prompt
        "prompt.balance": "Balance",
        "prompt.bet": "Bet> ",
        "prompt.last_round": "last round of the shoe",
        # Shoe events
        "new_shoe": "New shoe no. {number} ({decks}), freshly shuffled.",
        "burn": "Burn: the dealer shows {card} and burns {count} more face down.",
        "cut_card_out": "The cut card is out: one more round, then a new shoe.",
        "shoe_over": "End of the shoe: the cards will be shuffled.",
        # The deal
        "round": "Round {number}",
        "your_bets": "Your bets: {bets}",
        "third_card": "third card",
        "natural": "natural",
        # Settlement
        "col.bet": "Bet",
        "col.stake": "Stake",
        "col.result": "Result",
        "col.returned": "Returned",
        "col.winnings": "Winnings",
        "col.commission": "Commission",
        "col.rounded": "Rounded",
        "col.net": "Net",
        "res.win": "wins",
        "res.lose": "loses",
        "res.push": "push",
        "total": "Total",
        "balance_now": "Balance: [bold]{balance}[/] ({net})",
        # Scoreboard
        "board.title": "Shoe no. {number}",
        "board.title_recent": "Last {count} rounds",
        "board.title_recent_one": "Last round",
        "board.counts": "Banker {banker} · Player {player} · Tie {tie}",
        "board.rounds": "{cards} cards left",
        "board.rounds_one": "1 card left",
        "board.legend": (
            "[red]B[/] Banker  [blue]P[/] Player  [green]T[/] Tie  • pair  "
            "[green]/[/] ties on the Big Road"
        ),
        "board.bead_plate": "Bead plate",
        "board.big_road": "Big Road",
        "board.big_eye_boy": "Big Eye Boy",
        "board.small_road": "Small Road",
        "board.cockroach_pig": "Cockroach Pig",
        "board.derived_legend": (
            "Derived roads: [red]red[/] where the Big Road repeats itself, "
            "[blue]blue[/] where it breaks."
        ),
        "board.derived_legend_plain": (
            "Derived roads: ● red where the Big Road repeats itself, ○ blue where it breaks."
        ),
        "bead.banker": "B",
        "bead.player": "P",
        "bead.tie": "T",
        # Commands
        "explain.on": "Explain mode on: each draw or stand will show the rule that decided it.",
        "explain.off": "Explain mode off.",
        "err.no_rebet": "There are no previous bets to repeat yet: place a bet first.",
        "rebet": "Repeating: {bets}",
        "empty": (
            "Nothing to do: type your bets (such as [bold]banker 10, tie 2[/]), "
            "[bold]r[/] to repeat the last bets, [bold]h[/] for help, [bold]q[/] to quit."
        ),
        "allowed": (
            "Allowed: {bets}; each from {minimum} to {maximum}, "
            "all together at most your balance, {balance}. Example: [bold]{example}[/]"
        ),
        "bet.player": "player (p)",
        "bet.banker": "banker (b)",
        "bet.tie": "tie (t)",
        "bet.player_pair": "player pair (pp)",
        "bet.banker_pair": "banker pair (bp)",
        "example": "banker 10, tie 2",
        "example.one": "{bet} 10",
        "err.unknown_word": (
            "'{word}' is neither a bet nor a command. Bets: {bets}. "
            "Commands: r (rebet), x (explain), s (summary), h (help), q (quit)."
        ),
        "err.missing_amount": "How much on {bet}? Write the amount after it, such as {example}.",
        "err.missing_bet": (
            "Which bet is {amount} for? Write the bet first, such as banker {amount}."
        ),
        "err.command_alone": "Write the command '{word}' alone on its line.",
        # Help
        "help.title": "How to play",
        "help.bets": (
            "Bet on [bold]player[/] (p), [bold]banker[/] (b) or [bold]tie[/] (t), "
            "several in one line: [bold]banker 10, tie 2[/] or [bold]b 10 t 2[/]. "
            "Amounts in units, with up to 2 decimals (2.50); a thousand is 1,000 or 1 000."
        ),
        "help.pairs": "Pair bets: [bold]pp[/] (Player Pair) and [bold]bp[/] (Banker Pair).",
        "help.side_bets": (
            "Side bets at this table: {bets}. Type them like the others "
            "([bold]{example}[/]); [bold]rules[/] shows their paytables."
        ),
        "label.side_bets": "Side bets",
        "side_bets.hint": "{bets} (type rules for the paytables)",
        "paytables.title": "Paytables (winnings per unit staked)",
        "settled.why": "{sentence} {why}.",
        "help.rebet": "[bold]r[/]  repeat the last round's bets",
        "help.explain": "[bold]x[/]  explain mode on/off: the rule behind every draw or stand",
        "help.rules": "[bold]rules[/]  the drawing rules and every bet's paytable",
        "help.board": "[bold]board[/]  every road of this shoe, the derived roads too",
        "help.summary": "[bold]s[/]  the session so far",
        "help.help": "[bold]h[/]  this help",
        "help.quit": "[bold]q[/]  quit with a summary (Ctrl-C and Ctrl-D too)",
        "rules.title": "The drawing rules",
        "rules.points": "Points: Ace 1, 2–9 their value, 10 J Q K 0; a hand counts its sum mod 10.",
        "rules.natural": "{totals} on two cards is a natural: both hands stand.",
        "rules.player": "Player: draws on {draws}, stands on {stands}.",
        "rules.banker_stood": (
            "Banker, when the Player stood: draws on {draws}, stands on {stands}."
        ),
        "rules.banker_third": "Banker, when the Player drew: the Player's third card decides:",
        "rules.banker_row": "Banker {total}: draws when the Player's third card is {values}",
        "rules.always": "Banker {total}: always draws",
        "rules.never": "Banker {total}: always stands",
        # End of session
        "broke": (
            "Your balance, {balance}, is under the table minimum of {minimum}: the game is over."
        ),
        "interrupted": "Interrupted (Ctrl-C): the session ends here, with no bet left open.",
        "unreadable": (
            "That line could not be read in this terminal's encoding: "
            "type bets with plain letters and digits, such as b 10."
        ),
        "end_of_input": "End of input (Ctrl-D): the session ends here, with no bet left open.",
        "summary.title": "Session summary",
        "summary.rounds": "Rounds played",
        "summary.record": "Rounds won / lost / even",
        "summary.wagered": "Wagered",
        "summary.won": "Won",
        "summary.lost": "Lost",
        "summary.net": "Net",
        "summary.commission": "Commission paid",
        "summary.rounded": "Rounded away",
        "summary.biggest": "Biggest win",
        "summary.biggest_value": "{amount} (round {round})",
        "summary.none": "none",
        "summary.outcomes": "Banker / Player / Tie",
        "summary.start": "Starting balance",
        "summary.final": "Final balance",
        "summary.now": "Balance",
        "goodbye": "Thanks for playing.",
        # --help
        "cli.help": "Play Punto Banco at the terminal, in Spanish or English.",
        "cli.decks": "Decks in the shoe, 1 to 8 (default: 8).",
        "cli.shoe": "Deal to a cut card with a burn, or reshuffle every round (default: cut-card).",
        "cli.cut_card": "Cards left behind the cut card (default: 14).",
        "cli.seed": (
            "Shuffle seed, 0 to 18446744073709551615 (2**64 - 1): "
            "the same seed deals the same game."
        ),
        "cli.balance": "Starting balance (default: 1000).",
        "cli.min": "Table minimum per bet (default: 1).",
        "cli.max": "Table maximum per bet (default: 500).",
        "cli.commission": "Banker commission, 5% or 0.05 (default: 5%; a bare 5 is ambiguous).",
        "cli.preset": "Rules preset to start from, such as punto-banco-6 (--rules too).",
        "cli.tie_pays": "The Tie pays N to 1 (default: 8).",
        "cli.pairs": "Offer the Player Pair and Banker Pair bets (11 to 1).",
        "cli.side_bets": (
            "Offer side bets too, e.g. dragon_7,tiger=12:20,super_6=15 (=X sets the payouts, "
            "colon-separated in the paytable's order), as in odds."
        ),
        "cli.lang": "Language, es or en (default: from the locale).",
        "cli.fast": "Deal without pauses between cards.",
        "cli.explain": "Start with explain mode on.",
        "cli.history": (
            "Write every round (cards, totals, each bet's settlement, balance) to this file "
            "as the game goes: CSV, one row per bet, or JSON, by the file's ending."
        ),
        "cli.help_option": "Show this message and exit.",
        "cli.usage": "Usage:",
        "cli.options_metavar": "[OPTIONS]",
        "cli.options_panel": "Options",
        "cli.arguments_panel": "Arguments",
        # Options
        "opt.bad": "Invalid option {option}: {detail}",
        # Click's usage errors, for any command ({command}: play, systems...)
        "opt.unknown": "Unknown option {option}{hint}. See: puntobanco {command} --help",
        "opt.hint": " (did you mean {names}?)",
        "opt.usage": "{detail}. See: puntobanco {command} --help",
        "opt.needs_value": "The option {option} needs a value. See: puntobanco {command} --help",
        "opt.missing": "{name} is missing. See: puntobanco {command} --help",
        "opt.no_command": (
            "Unknown command '{name}'. See: puntobanco {command} --help (the commands are listed)"
        ),
        "opt.not_whole": (
            "The option {option} takes a whole number, got '{value}'. "
            "See: puntobanco {command} --help"
        ),
        "opt.not_number": (
            "The option {option} takes a number, got '{value}'. See: puntobanco {command} --help"
        ),
        "opt.bad_value": (
            "The option {option} does not take the value '{value}'. "
            "See: puntobanco {command} --help"
        ),
        "opt.extra": (
            "Unexpected argument {args}: every value goes after its option, such as "
            "{example}. See: puntobanco {command} --help"
        ),
        "opt.lang": "the languages are en and es, got '{value}'",
        "opt.decks": "the number of decks is a whole number from 1 to 8, got '{value}'",
        "opt.shoe": "the shoe is cut-card or reshuffle, got '{value}'",
        "opt.cut_card": (
            "the cut card must leave {minimum} to {maximum} cards behind it "
            "in a shoe of {decks}, got '{value}'"
        ),
        "opt.seed": "the seed is a whole number from 0 to {maximum}, got '{value}'",
        "opt.amount": "'{value}' is not an amount above 0 with at most 2 decimals",
        "opt.amount_error": "{detail}",
        "opt.history_ext": (
            "the history file's name ends in .csv or .json (its format), got '{value}'"
        ),
        "opt.history_unwritable": (
            "cannot write the history to {path} ({reason}): give a file in a folder "
            "that exists and can be written"
        ),
        "opt.limits_order": "the table minimum {minimum} is above the maximum {maximum}",
        "opt.commission": (
            "the commission is a fraction from 0 to below 1, such as 0.05 or 5%, got '{value}'"
        ),
        "opt.tie_pays": "the Tie pays a positive number to 1, such as 8 or 9, got '{value}'",
        "opt.preset": "the rules presets are {allowed}, got '{value}'",
        "opt.detail": "{detail}",
        "opt.cards": "'{value}' is not a list of cards such as Kd 5s 10h",
        "opt.rate_ambiguous": (
            "'{value}' is ambiguous: write {percent}% for {percent} percent, or {decimal}"
        ),
        "opt.payout": (
            "a payout is a positive number to 1, such as 8, 8:1, 19/20 or 0.95, got '{value}'"
        ),
        "opt.format": "the formats are table, json, csv and markdown, got '{value}'",
        "opt.format_here": "this command writes table or json, got '{value}'",
        "opt.format_json": "--json is --format json, and --format says {value}: give one of them",
        "opt.balance_low": ("the starting balance {balance} is under the table minimum {minimum}"),
        # What the operator commands print when they ran (their refusals are below)
        "verify.summary": "seed {hash}...: {checked} rounds checked, {mismatches} mismatches",
        "verify.mismatch": "  round {round} {field}: recorded {recorded}, recomputed {recomputed}",
        "ledger.ok": "ledger check: OK",
        "ledger.bad": "ledger check: DIFFERENCES FOUND",
        "ledger.counts": (
            "  wallets {wallets}, entries {entries}, journals {journals}, settled rounds {settled}"
        ),
        "ledger.open": "  open rounds (dealt, not settled): {open}",
        "ledger.none": "none",
        "ledger.balance_differences": "balance differences",
        "ledger.unbalanced_journals": "unbalanced journals",
        "ledger.round_differences": "round differences",
        "ledger.total": "  all entries sum to {total}, not 0",
        "report.totals": "rounds {rounds}  turnover {turnover}  GGR {ggr}",
        "report.columns": "rules|bet|rounds|turnover|GGR|RTP|exact RTP|SE|dist/SE",
        "report.no_theory": "(exact RTP needs puntobanco.analysis, which is not available)",
        "report.full_shoe": (
            "(cut-card tables {presets}: the exact RTP is the full shoe's; the cut-card "
            "effect is too small to detect, far inside SE)"
        ),
        "report.per_day": "per day (UTC):",
        "serve.settings": "puntobanco serve: invalid settings: {detail}",
        "serve.proxy": (
            "puntobanco serve: --forwarded-allow-ips: {entry} is not an IP address or network "
            "(e.g. 10.0.0.2 or 10.0.0.0/8), nor *"
        ),
        "serve.sqlite_workers": (
            "note: several workers share one SQLite file; writes take turns "
            "(use PostgreSQL to scale)"
        ),
        "serve.database": "puntobanco serve: cannot prepare the database: {detail}",
        "serve.serving": "puntobanco: serving on http://{host}:{port} ({workers} worker(s))",
        # Operator commands (ledger check, report, verify): the database and the audit
        "cli.op_lang": "Language of messages, en or es (default: from the locale).",
        "cli.op_format": "table (default) or json (the same as --json){more}.",
        "cli.op_format_more": ", csv or markdown",
        "db.path": (
            "--database takes a URL, not a path: write sqlite:///{value} for a SQLite file, "
            "or postgresql+psycopg://USER@HOST:PORT/NAME for PostgreSQL"
        ),
        "db.bad_url": (
            "--database {value!r} is not a database URL: write sqlite:///PATH for a SQLite "
            "file, or postgresql+psycopg://USER@HOST:PORT/NAME for PostgreSQL"
        ),
        "db.dialect": (
            "--database {value!r}: the database is SQLite or PostgreSQL, not {scheme!r}: "
            "write sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME"
        ),
        "db.settings": "the settings are invalid: {detail}",
        "db.missing": (
            "no database at {path}: give the URL of an existing puntobanco database "
            "(sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME)"
        ),
        "db.unreachable": (
            "cannot open the database {url}: {detail}; give the URL of an existing "
            "puntobanco database (sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME)"
        ),
        "db.not_migrated": (
            "{url} is not a puntobanco database (it has no puntobanco tables): give the "
            "server's database; puntobanco serve --database URL creates one"
        ),
        "db.old": (
            "the database {url} is at migration {current}, not the newest, {head}: "
            "puntobanco serve --database URL migrates it"
        ),
        "verify.seed": "a server seed is 64 hexadecimal digits (32 bytes), got {value!r}",
        "verify.unreadable": (
            "cannot read rounds from {path}: {detail}; give the JSON that GET /api/rounds "
            "returns (a page, or a list of rounds)"
        ),
        "verify.empty": (
            "{path} holds no rounds: nothing to verify; give the rounds that GET /api/rounds "
            "returns (a page, or a list of rounds)"
        ),
        "verify.no_match": (
            "no round in {path} was dealt under the seed whose hash is {hash}: nothing to "
            "verify. The file's rounds carry these seed hashes: {hashes}"
        ),
        "verify.hash_count": "{hash} ({count} rounds)",
        "verify.hash_count_one": "{hash} (1 round)",
        "verify.no_rounds": (
            "no round was dealt under the seed whose hash is {hash}: nothing to verify"
        ),
        "verify.broken": (
            "cannot recompute round {round}: {detail}; its record is not one the server "
            "could have dealt"
        ),
        "verify.broken_db": (
            "cannot recompute a round of this seed: {detail}; its record in the database is "
            "not one the server could have dealt"
        ),
    },
    "es": {
        "title": "Punto Banco",
        "subtitle": "Bacará como se reparte en el casino",
        "label.shoe": "Zapato",
        "label.payouts": "Pagos",
        "label.limits": "Límites de la mesa",
        "label.balance": "Saldo inicial",
        "label.seed": "Semilla",
        "label.explain": "Modo explicación",
        "decks.one": "1 baraja",
        "decks.other": "{n} barajas",
        "shoe.cut_card": (
            "{decks}, repartidas hasta la carta de corte, a {cut} cartas del final, "
            "con quemado al empezar"
        ),
        "shoe.cut_card_no_burn": (
            "{decks}, repartidas hasta la carta de corte, a {cut} cartas del final"
        ),
        "shoe.reshuffle": "{decks}, barajadas antes de cada ronda",
        "payout.win": "{bet} {ratio} a 1",
        "payout.commission": "{bet} {ratio} a 1 menos {commission}% de comisión",
        "payout.total": "{bet} que gana con {total} paga {ratio} a 1",
        "payout.push": "en un empate, las apuestas a {bets} no se pagan ni se pierden",
        "payout.push_when": "{bet} se devuelve si {when}",
        "or": "o",
        "and": "y",
        "limits": "de {minimum} a {maximum} por apuesta",
        "on": "activado",
        "off": "desactivado",
        "seed.none": "ninguna (barajado criptográfico)",
        "start_hint": (
            "Escriba sus apuestas, como [bold]banca 10, empate 2[/], o [bold]ayuda[/] (a)."
        ),
        "prompt.balance": "Saldo",
        "prompt.bet": "Apuesta> ",
        "prompt.last_round": "última ronda del zapato",
        "new_shoe": "Zapato nuevo n.º {number} ({decks}), recién barajado.",
        "burn": "Quemado: el crupier muestra {card} y quema {count} más boca abajo.",
        "cut_card_out": "Ha salido la carta de corte: una ronda más y después un zapato nuevo.",
        "shoe_over": "Fin del zapato: se barajan las cartas.",
        "round": "Ronda {number}",
        "your_bets": "Sus apuestas: {bets}",
        "third_card": "tercera carta",
        "natural": "natural",
        "col.bet": "Apuesta",
        "col.stake": "Importe",
        "col.result": "Resultado",
        "col.returned": "Devuelto",
        "col.winnings": "Ganancia",
        "col.commission": "Comisión",
        "col.rounded": "Redondeo",
        "col.net": "Neto",
        "res.win": "gana",
        "res.lose": "pierde",
        "res.push": "devuelta",
        "total": "Total",
        "balance_now": "Saldo: [bold]{balance}[/] ({net})",
        "board.title": "Zapato n.º {number}",
        "board.title_recent": "Últimas {count} rondas",
        "board.title_recent_one": "Última ronda",
        "board.counts": "Banca {banker} · Jugador {player} · Empate {tie}",
        "board.rounds": "quedan {cards} cartas",
        "board.rounds_one": "queda 1 carta",
        "board.legend": (
            "[red]B[/] Banca  [blue]J[/] Jugador  [green]E[/] Empate  • pareja  "
            "[green]/[/] empates en el camino grande"
        ),
        "board.bead_plate": "Tablero de cuentas (Bead Plate)",
        "board.big_road": "Camino grande (Big Road)",
        "board.big_eye_boy": "Ojo grande (Big Eye Boy)",
        "board.small_road": "Camino pequeño (Small Road)",
        "board.cockroach_pig": "Cucaracha (Cockroach Pig)",
        "board.derived_legend": (
            "Caminos derivados: [red]rojo[/] donde el camino grande se repite, "
            "[blue]azul[/] donde se rompe."
        ),
        "board.derived_legend_plain": (
            "Caminos derivados: ● rojo donde el camino grande se repite, ○ azul donde se rompe."
        ),
        "bead.banker": "B",
        "bead.player": "J",
        "bead.tie": "E",
        "explain.on": (
            "Modo explicación activado: cada vez que una mano pide o se planta, "
            "se muestra la regla que lo decide."
        ),
        "explain.off": "Modo explicación desactivado.",
        "err.no_rebet": "Aún no hay apuestas anteriores que repetir: haga una apuesta primero.",
        "rebet": "Se repite: {bets}",
        "empty": (
            "Nada que hacer: escriba sus apuestas (como [bold]banca 10, empate 2[/]), "
            "[bold]repetir[/] (r) para repetir las últimas, [bold]ayuda[/] (a) para la ayuda, "
            "[bold]salir[/] (q) para salir."
        ),
        "allowed": (
            "Se admite: {bets}; cada una de {minimum} a {maximum}, "
            "y en total como mucho su saldo ({balance}). Ejemplo: [bold]{example}[/]"
        ),
        "bet.player": "jugador (j)",
        "bet.banker": "banca (b)",
        "bet.tie": "empate (e)",
        "bet.player_pair": "pareja jugador (pj)",
        "bet.banker_pair": "pareja banca (pb)",
        "example": "banca 10, empate 2",
        "example.one": "{bet} 10",
        "err.unknown_word": (
            "«{word}» no es una apuesta ni una orden. Apuestas: {bets}. "
            "Órdenes: repetir (r), explicar (x), resumen (s), marcador (m), reglas, "
            "ayuda (a), salir (q)."
        ),
        "err.missing_amount": "¿Cuánto a {bet}? Escriba la cantidad detrás, como {example}.",
        "err.missing_bet": (
            "¿A qué apuesta van {amount}? Escriba primero la apuesta, como banca {amount}."
        ),
        "err.command_alone": "Escriba la orden «{word}» sola en su línea.",
        "help.title": "Cómo se juega",
        "help.bets": (
            "Apueste a [bold]jugador[/] (j o p), [bold]banca[/] (b) o [bold]empate[/] (e o t), "
            "varias en una línea: [bold]banca 10, empate 2[/] o [bold]b 10 e 2[/]. "
            "Cantidades en unidades, con hasta 2 decimales (2,50); mil es 1.000 o 1 000."
        ),
        "help.pairs": "Parejas: [bold]pj[/] (Pareja Jugador) y [bold]pb[/] (Pareja Banca).",
        "help.side_bets": (
            "Apuestas laterales de esta mesa: {bets}. Se escriben como las demás "
            "([bold]{example}[/]); [bold]reglas[/] muestra sus tablas de pagos."
        ),
        "label.side_bets": "Apuestas laterales",
        "side_bets.hint": "{bets} (escriba reglas para ver las tablas de pagos)",
        "paytables.title": "Tablas de pagos (ganancia por unidad apostada)",
        "settled.why": "{sentence} {why}.",
        "help.rebet": "[bold]repetir[/] (r)  repetir las apuestas de la ronda anterior",
        "help.explain": (
            "[bold]explicar[/] (x)  modo explicación: la regla por la que cada mano "
            "pide carta o se planta"
        ),
        "help.rules": (
            "[bold]reglas[/]  las reglas de tercera carta y la tabla de pagos de cada apuesta"
        ),
        "help.board": (
            "[bold]marcador[/] (m)  todos los caminos de este zapato, también los derivados"
        ),
        "help.summary": "[bold]resumen[/] (s)  la sesión hasta ahora",
        "help.help": "[bold]ayuda[/] (a, h o ?)  esta ayuda",
        "help.quit": "[bold]salir[/] (q)  salir con un resumen (también Ctrl-C y Ctrl-D)",
        "rules.title": "Reglas de tercera carta",
        "rules.points": (
            "Puntos: As 1, del 2 al 9 su valor, 10 J Q K 0; una mano vale su suma módulo 10."
        ),
        "rules.natural": "{totals} con dos cartas es natural: las dos manos se plantan.",
        "rules.player": "Jugador: pide con {draws}, se planta con {stands}.",
        "rules.banker_stood": (
            "Banca, si el Jugador se plantó: pide con {draws}, se planta con {stands}."
        ),
        "rules.banker_third": "Banca, si el Jugador pidió: decide la tercera carta del Jugador:",
        "rules.banker_row": "Banca con {total}: pide si la tercera carta del Jugador es {values}",
        "rules.always": "Banca con {total}: siempre pide",
        "rules.never": "Banca con {total}: siempre se planta",
        "broke": (
            "Su saldo ({balance}) está por debajo del mínimo de la mesa ({minimum}): "
            "la partida ha terminado."
        ),
        "interrupted": (
            "Interrumpido (Ctrl-C): la sesión termina aquí, sin ninguna apuesta abierta."
        ),
        "unreadable": (
            "No se pudo leer esa línea con la codificación de este terminal: "
            "escriba las apuestas con letras y cifras sencillas, como b 10."
        ),
        "end_of_input": (
            "Fin de la entrada (Ctrl-D): la sesión termina aquí, sin ninguna apuesta abierta."
        ),
        "summary.title": "Resumen de la sesión",
        "summary.rounds": "Rondas jugadas",
        "summary.record": "Rondas ganadas / perdidas / devueltas",
        "summary.wagered": "Apostado",
        "summary.won": "Ganado",
        "summary.lost": "Perdido",
        "summary.net": "Neto",
        "summary.commission": "Comisión pagada",
        "summary.rounded": "Redondeo",
        "summary.biggest": "Mayor ganancia",
        "summary.biggest_value": "{amount} (ronda {round})",
        "summary.none": "ninguna",
        "summary.outcomes": "Banca / Jugador / Empate",
        "summary.start": "Saldo inicial",
        "summary.final": "Saldo final",
        "summary.now": "Saldo",
        "goodbye": "Gracias por jugar.",
        "cli.help": "Jugar al Punto Banco en el terminal, en español o en inglés.",
        "cli.decks": "Barajas en el zapato, de 1 a 8 (por defecto: 8).",
        "cli.shoe": (
            "Repartir hasta la carta de corte con quemado (cut-card), o barajar en cada ronda "
            "(reshuffle) (por defecto: cut-card)."
        ),
        "cli.cut_card": "Cartas detrás de la carta de corte (por defecto: 14).",
        "cli.seed": (
            "Semilla del barajado, de 0 a 18446744073709551615 (2**64 - 1): "
            "la misma semilla reparte la misma partida."
        ),
        "cli.balance": "Saldo inicial (por defecto: 1000).",
        "cli.min": "Apuesta mínima de la mesa (por defecto: 1).",
        "cli.max": "Apuesta máxima de la mesa (por defecto: 500).",
        "cli.commission": (
            "Comisión de la Banca, 5% o 0.05 (por defecto: 5%; un 5 solo es ambiguo)."
        ),
        "cli.preset": "Reglas predefinidas de partida, como punto-banco-6 (también --rules).",
        "cli.tie_pays": "El Empate paga N a 1 (por defecto: 8).",
        "cli.pairs": "Ofrecer las apuestas Pareja Jugador y Pareja Banca (11 a 1).",
        "cli.side_bets": (
            "Ofrecer también apuestas laterales, p. ej. dragon_7,tiger=12:20,super_6=15 (=X fija "
            "los pagos, separados por dos puntos en el orden de la tabla), como en odds."
        ),
        "cli.lang": "Idioma, es o en (por defecto: el del sistema).",
        "cli.fast": "Repartir sin pausas entre cartas.",
        "cli.explain": "Empezar con el modo explicación activado.",
        "cli.history": (
            "Escribir cada ronda (cartas, totales, la liquidación de cada apuesta, saldo) en "
            "este archivo durante la partida: CSV, una fila por apuesta, o JSON, según su "
            "extensión."
        ),
        "cli.help_option": "Mostrar esta ayuda y salir.",
        "cli.usage": "Uso:",
        "cli.options_metavar": "[OPCIONES]",
        "cli.options_panel": "Opciones",
        "cli.arguments_panel": "Argumentos",
        "opt.bad": "Opción no válida {option}: {detail}",
        "opt.unknown": "Opción desconocida {option}{hint}. Vea: puntobanco {command} --help",
        "opt.hint": " (¿quería decir {names}?)",
        "opt.usage": "{detail}. Vea: puntobanco {command} --help",
        "opt.needs_value": (
            "La opción {option} necesita un valor. Vea: puntobanco {command} --help"
        ),
        "opt.missing": "Falta {name}. Vea: puntobanco {command} --help",
        "opt.no_command": (
            "Orden desconocida «{name}». Vea: puntobanco {command} --help (lista las órdenes)"
        ),
        "opt.not_whole": (
            "La opción {option} espera un número entero; se recibió «{value}». "
            "Vea: puntobanco {command} --help"
        ),
        "opt.not_number": (
            "La opción {option} espera un número; se recibió «{value}». "
            "Vea: puntobanco {command} --help"
        ),
        "opt.bad_value": (
            "La opción {option} no admite el valor «{value}». Vea: puntobanco {command} --help"
        ),
        "opt.extra": (
            "Argumento inesperado {args}: cada valor va después de su opción, como "
            "{example}. Vea: puntobanco {command} --help"
        ),
        "opt.lang": "los idiomas son en y es; se recibió «{value}»",
        "opt.decks": "el número de barajas es un número entero de 1 a 8; se recibió «{value}»",
        "opt.shoe": "el zapato es cut-card o reshuffle; se recibió «{value}»",
        "opt.cut_card": (
            "la carta de corte debe dejar de {minimum} a {maximum} cartas detrás "
            "en un zapato de {decks}; se recibió «{value}»"
        ),
        "opt.seed": "la semilla es un número entero de 0 a {maximum}; se recibió «{value}»",
        "opt.amount": "«{value}» no es una cantidad mayor que 0 con 2 decimales como mucho",
        "opt.amount_error": "{detail}",
        "opt.history_ext": (
            "el nombre del archivo de historial termina en .csv o .json (su formato); "
            "se recibió «{value}»"
        ),
        "opt.history_unwritable": (
            "no se puede escribir el historial en {path} ({reason}): indique un archivo "
            "en una carpeta que exista y admita escritura"
        ),
        "opt.limits_order": "el mínimo de la mesa ({minimum}) supera el máximo ({maximum})",
        "opt.commission": (
            "la comisión es una fracción de 0 a menos de 1, como 0.05 o 5%; se recibió «{value}»"
        ),
        "opt.tie_pays": ("el Empate paga un número positivo a 1, como 8 o 9; se recibió «{value}»"),
        "opt.preset": "las reglas predefinidas son {allowed}; se recibió «{value}»",
        "opt.detail": "{detail}",
        "opt.cards": "«{value}» no es una lista de cartas como Kd 5s 10h",
        "opt.rate_ambiguous": (
            "«{value}» es ambiguo: escriba {percent}% para un {percent} por ciento, o {decimal}"
        ),
        "opt.payout": (
            "un pago es un número positivo a 1, como 8, 8:1, 19/20 o 0.95; se recibió «{value}»"
        ),
        "opt.format": "los formatos son table, json, csv y markdown; se recibió «{value}»",
        "opt.format_here": "esta orden escribe table o json; se recibió «{value}»",
        "opt.format_json": (
            "--json es --format json, y --format dice {value}: indique solo uno de los dos"
        ),
        "opt.balance_low": (
            "el saldo inicial ({balance}) está por debajo del mínimo de la mesa ({minimum})"
        ),
        # Lo que imprimen los comandos del operador al terminar (sus rechazos, más abajo)
        "verify.summary": (
            "semilla {hash}...: {checked} rondas comprobadas, {mismatches} discrepancias"
        ),
        "verify.mismatch": (
            "  ronda {round} {field}: registrado {recorded}, recalculado {recomputed}"
        ),
        "ledger.ok": "comprobación del libro: CORRECTO",
        "ledger.bad": "comprobación del libro: HAY DIFERENCIAS",
        "ledger.counts": (
            "  carteras {wallets}, apuntes {entries}, asientos {journals}, "
            "manos liquidadas {settled}"
        ),
        "ledger.open": "  manos abiertas (repartidas, sin liquidar): {open}",
        "ledger.none": "ninguna",
        "ledger.balance_differences": "diferencias de saldo",
        "ledger.unbalanced_journals": "asientos descuadrados",
        "ledger.round_differences": "diferencias en manos",
        "ledger.total": "  la suma de todos los apuntes es {total}, no 0",
        "report.totals": "manos {rounds}  volumen {turnover}  GGR {ggr}",
        "report.columns": "reglas|apuesta|manos|volumen|GGR|RTP|RTP exacto|ET|dist/ET",
        "report.no_theory": (
            "(el RTP exacto necesita puntobanco.analysis, que no está disponible)"
        ),
        "report.full_shoe": (
            "(mesas con carta de corte {presets}: el RTP exacto es el del zapato completo; el "
            "efecto de la carta de corte es demasiado pequeño para detectarlo, muy dentro del ET)"
        ),
        "report.per_day": "por día (UTC):",
        "serve.settings": "puntobanco serve: configuración no válida: {detail}",
        "serve.proxy": (
            "puntobanco serve: --forwarded-allow-ips: {entry} no es una dirección IP ni una red "
            "(como 10.0.0.2 o 10.0.0.0/8), ni *"
        ),
        "serve.sqlite_workers": (
            "nota: varios procesos comparten un archivo SQLite; las escrituras se turnan "
            "(use PostgreSQL para escalar)"
        ),
        "serve.database": "puntobanco serve: no se puede preparar la base de datos: {detail}",
        "serve.serving": ("puntobanco: sirviendo en http://{host}:{port} ({workers} proceso(s))"),
        # Comandos del operador (ledger check, report, verify): la base de datos y la auditoría
        "cli.op_lang": "Idioma de los mensajes, en o es (por defecto: el del sistema).",
        "cli.op_format": "table (por defecto) o json (lo mismo que --json){more}.",
        "cli.op_format_more": ", csv o markdown",
        "db.path": (
            "--database espera una URL, no una ruta: escriba sqlite:///{value} para un "
            "archivo SQLite, o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE para PostgreSQL"
        ),
        "db.bad_url": (
            "--database {value!r} no es una URL de base de datos: escriba sqlite:///RUTA para "
            "un archivo SQLite, o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE para PostgreSQL"
        ),
        "db.dialect": (
            "--database {value!r}: la base de datos es SQLite o PostgreSQL, no {scheme!r}: "
            "escriba sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE"
        ),
        "db.settings": "la configuración no es válida: {detail}",
        "db.missing": (
            "no hay ninguna base de datos en {path}: indique la URL de una base de datos de "
            "puntobanco que exista (sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE)"
        ),
        "db.unreachable": (
            "no se puede abrir la base de datos {url}: {detail}; indique la URL de una base de "
            "datos de puntobanco que exista "
            "(sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE)"
        ),
        "db.not_migrated": (
            "{url} no es una base de datos de puntobanco (no tiene sus tablas): indique la del "
            "servidor; puntobanco serve --database URL crea una"
        ),
        "db.old": (
            "la base de datos {url} está en la migración {current}, no en la última, {head}: "
            "puntobanco serve --database URL la migra"
        ),
        "verify.seed": (
            "una semilla de servidor son 64 dígitos hexadecimales (32 bytes); se recibió {value!r}"
        ),
        "verify.unreadable": (
            "no se pueden leer las rondas de {path}: {detail}; indique el JSON que devuelve "
            "GET /api/rounds (una página, o una lista de rondas)"
        ),
        "verify.empty": (
            "{path} no contiene ninguna ronda: no hay nada que verificar; indique las rondas "
            "que devuelve GET /api/rounds (una página, o una lista de rondas)"
        ),
        "verify.no_match": (
            "ninguna ronda de {path} se repartió con la semilla cuyo hash es {hash}: no hay "
            "nada que verificar. Las rondas del archivo llevan estos hashes de semilla: {hashes}"
        ),
        "verify.hash_count": "{hash} ({count} rondas)",
        "verify.hash_count_one": "{hash} (1 ronda)",
        "verify.no_rounds": (
            "no se repartió ninguna ronda con la semilla cuyo hash es {hash}: "
            "no hay nada que verificar"
        ),
        "verify.broken": (
            "no se puede recalcular la ronda {round}: {detail}; su registro no es uno que "
            "el servidor pudiera repartir"
        ),
        "verify.broken_db": (
            "no se puede recalcular una ronda de esta semilla: {detail}; su registro en la "
            "base de datos no es uno que el servidor pudiera repartir"
        ),
    },
}
