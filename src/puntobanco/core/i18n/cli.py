"""Words every command of the command line shares: Click's usage texts and option errors.

Every key starts with ``cli.``: ``cli.usage`` and the other parts of a help page,
and ``cli.opt.*``, the refusals of an option's value (``cli.opt.bad`` wraps each:
"Invalid option --decks: ...") and Click's usage errors, for any command.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "cli.help_option": "Show this message and exit.",
    "cli.usage": "Usage:",
    "cli.options_metavar": "[OPTIONS]",
    "cli.options_panel": "Options",
    "cli.arguments_panel": "Arguments",
    # Typer's marks in a help: a required argument, an option's default ({} is Typer's).
    "cli.required": "[required]",
    "cli.default": "[default: {{}}]",
    # Options
    "cli.opt.bad": "Invalid option {option}: {detail}",
    # Click's usage errors, for any command ({command}: play, systems...)
    "cli.opt.unknown": "Unknown option {option}{hint}. See: puntobanco {command} --help",
    "cli.opt.hint": " (did you mean {names}?)",
    "cli.opt.usage": "{detail}. See: puntobanco {command} --help",
    "cli.opt.needs_value": "The option {option} needs a value. See: puntobanco {command} --help",
    "cli.opt.missing": "{name} is missing. See: puntobanco {command} --help",
    "cli.opt.no_command": (
        "Unknown command '{name}'. See: puntobanco {command} --help (the commands are listed)"
    ),
    "cli.opt.not_whole": (
        "The option {option} takes a whole number, got '{value}'. See: puntobanco {command} --help"
    ),
    "cli.opt.not_number": (
        "The option {option} takes a number, got '{value}'. See: puntobanco {command} --help"
    ),
    "cli.opt.bad_value": (
        "The option {option} does not take the value '{value}'. See: puntobanco {command} --help"
    ),
    "cli.opt.extra": (
        "Unexpected argument {args}: every value goes after its option, such as "
        "{example}. See: puntobanco {command} --help"
    ),
    "cli.opt.decks": "the number of decks is a whole number from 1 to 8, got '{value}'",
    "cli.opt.shoe": "the shoe is cut-card or reshuffle, got '{value}'",
    "cli.opt.cut_card": (
        "the cut card must leave {minimum} to {maximum} cards behind it "
        "in a shoe of {decks}, got '{value}'"
    ),
    "cli.opt.seed": "the seed is a whole number from 0 to {maximum}, got '{value}'",
    "cli.opt.amount": "'{value}' is not an amount above 0 with at most 2 decimals",
    "cli.opt.amount_error": "{detail}",
    "cli.opt.history_ext": (
        "the history file's name ends in .csv or .json (its format), got '{value}'"
    ),
    "cli.opt.history_unwritable": (
        "cannot write the history to {path} ({reason}): give a file in a folder "
        "that exists and can be written"
    ),
    "cli.opt.limits_order": "the table minimum {minimum} is above the maximum {maximum}",
    "cli.opt.commission": (
        "the commission is a fraction from 0 to below 1, such as 0.05 or 5%, got '{value}'"
    ),
    "cli.opt.tie_pays": "the Tie pays a positive number to 1, such as 8 or 9, got '{value}'",
    "cli.opt.preset": "the rules presets are {allowed}, got '{value}'",
    "cli.opt.detail": "{detail}",
    "cli.opt.cards": "'{value}' is not a list of cards such as Kd 5s 10h",
    "cli.opt.rate_ambiguous": (
        "'{value}' is ambiguous: write {percent}% for {percent} percent, or {decimal}"
    ),
    "cli.opt.payout": (
        "a payout is a positive number to 1, such as 8, 8:1, 19/20 or 0.95, got '{value}'"
    ),
    "cli.opt.format": "the formats are table, json, csv and markdown, got '{value}'",
    "cli.opt.format_here": "this command writes table or json, got '{value}'",
    "cli.opt.format_json": "--json is --format json, and --format says {value}: give one of them",
    "cli.opt.balance_low": ("the starting balance {balance} is under the table minimum {minimum}"),
    "cli.opt.lang": "the languages are en (English) and es (español), got '{value}'",
    "cli.opt.whole_range": "a whole number from {minimum} to {maximum}, got '{value}'",
    "cli.opt.not_with": "not used with {other}: give one of the two",
    "cli.opt.needs": "used only with {other}",
    "cli.opt.choice": "the choices are {allowed}, got '{value}'",
    "cli.opt.plot_suffix": "the plot is a PNG: give a file name ending in .png, got '{value}'",
    "cli.opt.plot_path": "cannot write the plot to {path}: {reason}",
    "cli.opt.cut_card_reshuffle": (
        "a shoe reshuffled every round (--shoe reshuffle) has no cut card"
    ),
    # Operator commands (ledger check, report, verify): the database and the audit
    # Each command's line in the top-level help.
    "cli.command.play": "Play Punto Banco at the terminal, in Spanish or English.",
    "cli.command.odds": (
        "Exact odds, house edge and spread of every bet, for any shoe and any payouts."
    ),
    "cli.command.solve": (
        "Solve Chemin de fer (or Banque) exactly: each side's best play and the game's value."
    ),
    "cli.command.simulate": (
        "Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net."
    ),
    "cli.command.systems": (
        "Betting systems over many sessions: what they do to the bankroll, and what they cannot do "
        "to the house edge."
    ),
    "cli.command.advantage": (
        "Side bets worth betting late in the shoe: a perfect player's win and a count's."
    ),
    "cli.command.serve": "Serve the web table and the HTTP API (docs at /docs).",
    "cli.command.verify": (
        "Recompute each round dealt under a revealed server seed; exit 1 if any differs."
    ),
    "cli.command.report": (
        "Rounds, turnover and GGR per bet and per day; realised RTP against the exact."
    ),
    "cli.command.ledger": "The wallet ledger (ledger check reconciles every wallet).",
    # The top-level help's own words.
    "cli.top.help": "Punto Banco (baccarat): play it, price it, simulate it, serve it.",
    "cli.top.commands": "Commands",
    "cli.top.lang": "Language of every command's messages, en or es (default: from the locale).",
    "cli.top.version": "Print the version and exit.",
    "cli.top.install_completion": "Install completion for the current shell.",
    "cli.top.show_completion": "Show completion for the current shell, to copy it or customise it.",
    "cli.top.commands_metavar": "COMMAND [ARGS]...",
    # Why a file could not be read or written (an OSError's common reasons).
    "cli.os.not_found": "no such file or folder",
    "cli.os.permission": "permission denied",
    "cli.os.is_a_folder": "it is a folder, not a file",
    "cli.os.not_a_folder": "a part of the path is not a folder",
    "cli.os.no_space": "no space is left on the device",
    "cli.os.read_only": "the file system is read-only",
    "cli.os.not_json": "it is not JSON (line {line}, column {column})",
    "cli.os.not_utf8": "it is not UTF-8 text",
}

ES: dict[str, str] = {
    "cli.help_option": "Mostrar esta ayuda y salir.",
    "cli.usage": "Uso:",
    "cli.options_metavar": "[OPCIONES]",
    "cli.options_panel": "Opciones",
    "cli.arguments_panel": "Argumentos",
    "cli.required": "[obligatorio]",
    "cli.default": "[por defecto: {{}}]",
    "cli.opt.bad": "Opción no válida {option}: {detail}",
    "cli.opt.unknown": "Opción desconocida {option}{hint}. Vea: puntobanco {command} --help",
    "cli.opt.hint": " (¿quería decir {names}?)",
    "cli.opt.usage": "{detail}. Vea: puntobanco {command} --help",
    "cli.opt.needs_value": (
        "La opción {option} necesita un valor. Vea: puntobanco {command} --help"
    ),
    "cli.opt.missing": "Falta {name}. Vea: puntobanco {command} --help",
    "cli.opt.no_command": (
        "Orden desconocida «{name}». Vea: puntobanco {command} --help (lista las órdenes)"
    ),
    "cli.opt.not_whole": (
        "La opción {option} espera un número entero; se recibió «{value}». "
        "Vea: puntobanco {command} --help"
    ),
    "cli.opt.not_number": (
        "La opción {option} espera un número; se recibió «{value}». "
        "Vea: puntobanco {command} --help"
    ),
    "cli.opt.bad_value": (
        "La opción {option} no admite el valor «{value}». Vea: puntobanco {command} --help"
    ),
    "cli.opt.extra": (
        "Argumento inesperado {args}: cada valor va después de su opción, como "
        "{example}. Vea: puntobanco {command} --help"
    ),
    "cli.opt.decks": "el número de barajas es un número entero de 1 a 8; se recibió «{value}»",
    "cli.opt.shoe": "el zapato es cut-card o reshuffle; se recibió «{value}»",
    "cli.opt.cut_card": (
        "la carta de corte debe dejar de {minimum} a {maximum} cartas detrás "
        "en un zapato de {decks}; se recibió «{value}»"
    ),
    "cli.opt.seed": "la semilla es un número entero de 0 a {maximum}; se recibió «{value}»",
    "cli.opt.amount": "«{value}» no es una cantidad mayor que 0 con 2 decimales como mucho",
    "cli.opt.amount_error": "{detail}",
    "cli.opt.history_ext": (
        "el nombre del archivo de historial termina en .csv o .json (su formato); "
        "se recibió «{value}»"
    ),
    "cli.opt.history_unwritable": (
        "no se puede escribir el historial en {path} ({reason}): indique un archivo "
        "en una carpeta que exista y admita escritura"
    ),
    "cli.opt.limits_order": "el mínimo de la mesa ({minimum}) supera el máximo ({maximum})",
    "cli.opt.commission": (
        "la comisión es una fracción de 0 a menos de 1, como 0.05 o 5%; se recibió «{value}»"
    ),
    "cli.opt.tie_pays": ("el Empate paga un número positivo a 1, como 8 o 9; se recibió «{value}»"),
    "cli.opt.preset": "las reglas predefinidas son {allowed}; se recibió «{value}»",
    "cli.opt.detail": "{detail}",
    "cli.opt.cards": "«{value}» no es una lista de cartas como Kd 5s 10h",
    "cli.opt.rate_ambiguous": (
        "«{value}» es ambiguo: escriba {percent} % para un {percent} por ciento, o {decimal}"
    ),
    "cli.opt.payout": (
        "un pago es un número positivo a 1, como 8, 8:1, 19/20 o 0.95; se recibió «{value}»"
    ),
    "cli.opt.format": "los formatos son table, json, csv y markdown; se recibió «{value}»",
    "cli.opt.format_here": "esta orden escribe table o json; se recibió «{value}»",
    "cli.opt.format_json": (
        "--json es --format json, y --format dice {value}: indique solo uno de los dos"
    ),
    "cli.opt.balance_low": (
        "el saldo inicial ({balance}) está por debajo del mínimo de la mesa ({minimum})"
    ),
    "cli.opt.lang": "los idiomas son en (English) y es (español); se recibió «{value}»",
    "cli.opt.whole_range": "un número entero de {minimum} a {maximum}; se recibió «{value}»",
    "cli.opt.not_with": "no se usa con {other}: indique solo una de las dos",
    "cli.opt.needs": "solo se usa con {other}",
    "cli.opt.choice": "las opciones son {allowed}; se recibió «{value}»",
    "cli.opt.plot_suffix": (
        "el gráfico es un PNG: dé un nombre de archivo terminado en .png; se recibió «{value}»"
    ),
    "cli.opt.plot_path": "no se puede escribir el gráfico en {path}: {reason}",
    "cli.opt.cut_card_reshuffle": (
        "un zapato que se baraja en cada mano (--shoe reshuffle) no tiene carta de corte"
    ),
    # Comandos del operador (ledger check, report, verify): la base de datos y la auditoría
    # Each command's line in the top-level help.
    "cli.command.play": "Jugar al Punto Banco en la terminal, en español o en inglés.",
    "cli.command.odds": (
        "Probabilidades exactas, ventaja de la casa y dispersión de cada apuesta, para cualquier "
        "zapato y pagos."
    ),
    "cli.command.solve": (
        "Resolver el Chemin de fer (o la Banque) exactamente: la mejor jugada de cada lado y "
        "el valor del juego."
    ),
    "cli.command.simulate": (
        "Repartir muchas manos y contarlas: resultados, naturales, parejas, el neto de cada "
        "apuesta."
    ),
    "cli.command.systems": (
        "Sistemas de apuestas en muchas sesiones: lo que hacen con el capital y lo que no pueden "
        "hacer con la ventaja de la casa."
    ),
    "cli.command.advantage": (
        "Apuestas laterales que valen la pena al final del zapato: lo que gana un jugador perfecto "
        "y un conteo."
    ),
    "cli.command.serve": "Servir la mesa web y la API HTTP (documentación en /docs).",
    "cli.command.verify": (
        "Recalcular cada mano repartida con una semilla de servidor revelada; sale con 1 si alguna "
        "difiere."
    ),
    "cli.command.report": (
        "Manos, volumen y GGR por apuesta y por día; RTP obtenido frente al exacto."
    ),
    "cli.command.ledger": "El libro de carteras (ledger check concilia cada cartera).",
    # The top-level help's own words.
    "cli.top.help": "Punto Banco (baccarat): jugarlo, calcularlo, simularlo, servirlo.",
    "cli.top.commands": "Órdenes",
    "cli.top.lang": (
        "Idioma de los mensajes de todas las órdenes, en o es (por defecto: el del sistema)."
    ),
    "cli.top.version": "Mostrar la versión y salir.",
    "cli.top.install_completion": "Instalar el autocompletado para el intérprete actual.",
    "cli.top.show_completion": (
        "Mostrar el autocompletado del intérprete actual, para copiarlo o adaptarlo."
    ),
    "cli.top.commands_metavar": "ORDEN [ARGUMENTOS]...",
    "cli.os.not_found": "no existe ese archivo ni esa carpeta",
    "cli.os.permission": "no hay permiso",
    "cli.os.is_a_folder": "es una carpeta, no un archivo",
    "cli.os.not_a_folder": "una parte de la ruta no es una carpeta",
    "cli.os.no_space": "no queda espacio en el dispositivo",
    "cli.os.read_only": "el sistema de archivos es de solo lectura",
    "cli.os.not_json": "no es JSON (línea {line}, columna {column})",
    "cli.os.not_utf8": "no es texto UTF-8",
}
