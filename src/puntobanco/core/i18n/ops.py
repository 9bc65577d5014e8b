"""The operator's commands' words: ``verify``, ``ledger check``, ``report``, ``serve``.

Every key starts with ``ops.``: ``ops.db.*`` refuse a ``--database`` that is not
a puntobanco database; ``ops.cli.*`` are these commands' shared ``--help`` texts.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "ops.cli.lang": "Language of messages, en or es (default: from the locale).",
    "ops.cli.format": "table (default) or json (the same as --json){more}.",
    "ops.cli.format_more": ", csv or markdown",
    # What the operator commands print when they ran (their refusals are below)
    "ops.verify.summary": "seed {hash}...: {checked} rounds checked, {mismatches} mismatches",
    "ops.verify.mismatch": "  round {round} {field}: recorded {recorded}, recomputed {recomputed}",
    # The words of a mismatch's field and value, as the audit's records name them.
    "ops.verify.word.outcome": "outcome",
    "ops.verify.word.cards": "cards",
    "ops.verify.word.burn": "burn",
    "ops.verify.word.shown": "shown",
    "ops.verify.word.face_down": "face down",
    "ops.verify.word.first_card": "first card",
    "ops.verify.word.payout": "payout",
    "ops.verify.word.decisions": "decisions",
    "ops.verify.word.decision": "decision",
    "ops.verify.word.card_count": "card count",
    "ops.verify.word.seats": "seats",
    "ops.verify.word.seat": "seat",
    "ops.verify.word.commission_minor": "commission",
    "ops.verify.word.bets": "bets",
    "ops.verify.word.net_minor": "net",
    "ops.verify.word.payout_minor": "payout",
    "ops.verify.word.delta_minor": "change",
    "ops.verify.word.rounded_away": "rounded away",
    "ops.verify.word.(computer)": "(computer)",
    "ops.verify.word.player": "Player",
    "ops.verify.word.banker": "Banker",
    "ops.verify.word.tie": "Tie",
    "ops.verify.word.resolution": "resolution",
    "ops.verify.word.last_in_shoe": "last of the shoe",
    "ops.verify.word.round_in_shoe": "round in the shoe",
    "ops.verify.word.rounds": "rounds",
    "ops.verify.word.win": "win",
    "ops.verify.word.lose": "lose",
    "ops.verify.word.push": "push",
    "ops.verify.word.true": "yes",
    "ops.verify.word.false": "no",
    "ops.verify.shared.ok": (
        "Shared shoe {shoe} of table {table}: {rounds} rounds and {bets} bets recomputed, "
        "all as recorded"
    ),
    "ops.verify.shared.seed_ok": (
        "  server seed: its SHA-256 is the hash committed before the shoe ({hash}...)"
    ),
    "ops.verify.shared.client_ok": (
        "  client seed {seed}: the published formula over the seeds of {seats}"
    ),
    "ops.verify.shared.no_seat": "no seat (the table and the shoe's number alone)",
    "ops.verify.shared.failed": (
        "Shared shoe {shoe} of table {table}: MISMATCH, after {rounds} rounds and {bets} bets "
        "found as recorded"
    ),
    "ops.verify.shared.bad_seed": (
        "  the server seed is not the one committed: the shoe's hash is {recorded}, the "
        "seed's SHA-256 is {recomputed}"
    ),
    "ops.verify.shared.no_seeds": (
        "  the file does not list the seats' seeds: the client seed cannot be recomputed"
    ),
    "ops.verify.shared.bad_client_seed": (
        "  the client seed {recorded} is not the published formula over the seats' seeds, "
        "which gives {recomputed}"
    ),
    "ops.verify.shared.bad_rules": "  the rules in the file are not the predefined rules {preset}",
    "ops.verify.shared.shoe_field": "  {field}: recorded {recorded}, recomputed {recomputed}",
    "ops.verify.shared.bet": (
        "  round {round}, seat {seat}, bet on {spot}: {field} recorded {recorded}, "
        "recomputed {recomputed}"
    ),
    "ops.verify.shared.bet_invalid": (
        "  round {round}, seat {seat}: the bet on {recorded} cannot be settled: {recomputed}"
    ),
    "ops.ledger.ok": "ledger check: OK",
    "ops.ledger.bad": "ledger check: DIFFERENCES FOUND",
    "ops.ledger.counts": (
        "  wallets {wallets}, entries {entries}, journals {journals}, settled rounds {settled}"
    ),
    "ops.ledger.open": "  open rounds (dealt, not settled): {open}",
    "ops.ledger.none": "none",
    "ops.ledger.balance_differences": "balance differences",
    "ops.ledger.unbalanced_journals": "unbalanced journals",
    "ops.ledger.round_differences": "round differences",
    "ops.ledger.open_holds": "stakes still held after their shared round was settled",
    "ops.ledger.shared_open": "  shared-table rounds in play (stakes held): {open}",
    "ops.ledger.total": "  all entries sum to {total}, not 0",
    "ops.report.totals": "rounds {rounds}  turnover {turnover}  GGR {ggr}",
    "ops.report.columns": "rules|bet|rounds|turnover|GGR|RTP|exact RTP|SE|dist/SE",
    "ops.report.no_theory": "(exact RTP needs puntobanco.analysis, which is not available)",
    "ops.report.full_shoe": (
        "(cut-card tables {presets}: the exact RTP is the full shoe's; the cut-card "
        "effect is too small to detect, far inside SE)"
    ),
    "ops.report.per_day": "per day (UTC):",
    "ops.report.day": "day",
    "ops.report.nothing": "No round has been dealt in this database: nothing to report.",
    "ops.ledger.nothing": "The ledger has no wallet and no entry: nothing to check.",
    "ops.serve.settings": "Invalid settings (environment or .env): {detail}",
    "ops.serve.setting": "Invalid setting {name} (environment or .env): {detail}",
    "ops.serve.setting.int": "a whole number is needed, got {value}",
    "ops.serve.setting.float": "a number is needed, got {value}",
    "ops.serve.setting.bool": "true or false is needed, got {value}",
    "ops.serve.setting.ge": "the least allowed is {limit}, got {value}",
    "ops.serve.setting.gt": "it must be more than {limit}, got {value}",
    "ops.serve.setting.le": "the most allowed is {limit}, got {value}",
    "ops.serve.setting.lt": "it must be less than {limit}, got {value}",
    "ops.serve.setting.choice": "the choices are {allowed}, got {value}",
    "ops.serve.setting.unknown_preset": "unknown rules {preset!r}: choose one of {allowed}",
    "ops.serve.setting.default_not_offered": (
        "the default rules {preset!r} are not offered: choose one of "
        "PUNTOBANCO_TABLE_PRESETS ({allowed})"
    ),
    "ops.serve.setting.not_a_network": (
        "{entry!r} is not an IP network (e.g. 10.0.0.0/8 or 127.0.0.1)"
    ),
    "ops.serve.setting.not_an_origin": (
        "{entry!r} is not an origin (e.g. https://table.example.com)"
    ),
    "ops.serve.setting.weak_argon2": (
        "argon2 costs below OWASP's minimum: with PUNTOBANCO_ARGON2_TIME_COST={time_cost}, "
        "PUNTOBANCO_ARGON2_MEMORY_KIB must be at least {needed} (got {memory}); OWASP's "
        "minimum is 19456 KiB with 2 passes"
    ),
    "ops.serve.setting.test_seed": (
        "PUNTOBANCO_TEST_SERVER_SEED is set: with it every card is known in advance and no "
        "round is provably fair. Unset it, or for tests and demos only start with "
        "--allow-test-seed"
    ),
    "ops.serve.setting.server_seed": (
        "a server seed is {digits} hexadecimal digits ({bytes} bytes)"
    ),
    "ops.serve.proxy": (
        "{entry} is not an IP address or network (e.g. 10.0.0.2 or 10.0.0.0/8), nor *"
    ),
    "ops.serve.log_level": "the levels are debug, info, warning and error, got {value}",
    "ops.serve.port": "a port is a whole number from 1 to 65535, got {value}",
    "ops.serve.port_in_use": (
        "port {port} on {host} is in use by another program: stop it, or choose another port"
    ),
    "ops.serve.port_denied": (
        "this user may not listen on port {port}: ports under 1024 need privileges; "
        "choose one from 1024 to 65535"
    ),
    "ops.serve.host": "this machine cannot listen on {host} ({reason}), got {value}",
    "ops.serve.folder": (
        "the folder {folder} of the SQLite file does not exist: create it, or choose another file"
    ),
    "ops.serve.weak_argon2": (
        "PUNTOBANCO_ARGON2_WEAK_FOR_TESTS is set: passwords would be stored with argon2 "
        "costs below OWASP's minimum, for tests only. Unset it, or for tests only start "
        "with --allow-weak-argon2"
    ),
    "ops.serve.weak_argon2_on": (
        "puntobanco: FOR TESTS ONLY: passwords are stored with weak argon2 costs "
        "(--allow-weak-argon2)"
    ),
    "ops.serve.sqlite_workers": (
        "note: several workers share one SQLite file; writes take turns (use PostgreSQL to scale)"
    ),
    "ops.serve.database": "Cannot prepare the database: {detail}",
    "ops.serve.serving": "puntobanco: serving on http://{host}:{port} ({count} workers)",
    "ops.serve.serving.one": "puntobanco: serving on http://{host}:{port} ({count} worker)",
    "ops.serve.lobby": "puntobanco: the lobby ({count} shared tables): http://{host}:{port}/lobby.html",
    "ops.serve.lobby.one": "puntobanco: the lobby ({count} shared table): http://{host}:{port}/lobby.html",
    "ops.db.path": (
        "--database takes a URL, not a path: write sqlite:///{value} for a SQLite file, "
        "or postgresql+psycopg://USER@HOST:PORT/NAME for PostgreSQL"
    ),
    "ops.db.bad_url": (
        "--database {value!r} is not a database URL: write sqlite:///PATH for a SQLite "
        "file, or postgresql+psycopg://USER@HOST:PORT/NAME for PostgreSQL"
    ),
    "ops.db.dialect": (
        "--database {value!r}: the database is SQLite or PostgreSQL, not {scheme!r}: "
        "write sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME"
    ),
    "ops.db.settings": "the settings are invalid: {detail}",
    "ops.db.missing": (
        "no database at {path}: give the URL of an existing puntobanco database "
        "(sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME)"
    ),
    "ops.db.unreachable": (
        "cannot open the database {url}: {detail}; give the URL of an existing "
        "puntobanco database (sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME)"
    ),
    "ops.db.not_migrated": (
        "{url} is not a puntobanco database (it has no puntobanco tables): give the "
        "server's database; puntobanco serve --database URL creates one"
    ),
    "ops.db.old": (
        "the database {url} is at migration {current}, not the newest, {head}: "
        "puntobanco serve --database URL migrates it"
    ),
    "ops.verify.seed": "a server seed is 64 hexadecimal digits (32 bytes), got {value!r}",
    "ops.verify.unreadable": (
        "cannot read rounds from {path}: {detail}; give the JSON that GET /api/rounds "
        "returns (a page, or a list of rounds)"
    ),
    "ops.verify.empty": (
        "{path} holds no rounds: nothing to verify; give the rounds that GET /api/rounds "
        "returns (a page, or a list of rounds)"
    ),
    "ops.verify.no_match": (
        "no round in {path} was dealt under the seed whose hash is {hash}: nothing to "
        "verify. The file's rounds carry these seed hashes: {hashes}"
    ),
    "ops.verify.hash_count": "{hash} ({count} rounds)",
    "ops.verify.hash_count.one": "{hash} ({count} round)",
    "ops.verify.seed_not_found": (
        "No server seed in this database has the hash {hash}: the seed is another "
        "database's, or was never used"
    ),
    "ops.verify.seed_not_revealed": (
        "The server seed with the hash {hash} is still in play: its rounds can be checked "
        "once its player has rotated it (revealed it)"
    ),
    "ops.verify.no_rounds": (
        "no round was dealt under the seed whose hash is {hash}: nothing to verify"
    ),
    "ops.verify.broken": (
        "cannot recompute round {round}: {detail}; its record is not one the server "
        "could have dealt"
    ),
    "ops.verify.broken_db": (
        "cannot recompute a round of this seed: {detail}; its record in the database is "
        "not one the server could have dealt"
    ),
    # The operator commands' --help texts.
    "ops.help.json": "Print one JSON object.",
    "ops.help.database": (
        "URL of an existing puntobanco database, sqlite:///PATH or "
        "postgresql+psycopg://USER@HOST:PORT/NAME (default: PUNTOBANCO_DATABASE_URL, else "
        "sqlite:///puntobanco.db); it is never created nor migrated here (serve does that)."
    ),
    "ops.help.ledger": "The wallet ledger.",
    "ops.help.ledger_check": (
        "Compare each cached balance with the sum of its entries; exit 1 on any difference.\n\n"
        "Exit 1 too when the database does not exist or is not migrated (it is never created "
        "here), 2 when --database is not a URL we take."
    ),
    "ops.help.report": (
        "Rounds, turnover and GGR per bet and per day; realised RTP against the exact value.\n\n"
        "Exit 1 when the database does not exist or is not migrated (it is never created "
        "here), 2 when --database is not a URL we take."
    ),
    "ops.help.verify": (
        "Recompute each round dealt under SERVER_SEED; exit 1 if any differs.\n\n"
        "A verification that checks nothing fails: exit 1 when no round was dealt under "
        "SERVER_SEED (in the file, or in the database), naming the seed hashes the file's "
        "rounds carry. Exit 2 for input that cannot be read (a seed that is not 64 hex "
        "digits, a file that is not rounds)."
    ),
    "ops.help.verify_seed": "The revealed server seed, 64 hex digits.",
    "ops.help.verify_rounds": (
        "Rounds as GET /api/rounds returns them (a page, or a list): check them without the "
        "database, as a player would."
    ),
    "ops.help.verify_shared": (
        "A shared shoe's export as GET /api/tables/ID/shoes/N returns it (- for standard "
        "input): recompute all its rounds and payouts from the seeds it reveals (give no "
        "SERVER_SEED)."
    ),
    "ops.verify.shared.unreadable": (
        "cannot read a shared shoe from {path}: {detail}; give the JSON that "
        "GET /api/tables/ID/shoes/N returns"
    ),
    "ops.verify.shared.not_object": "it is not a JSON object",
    "ops.verify.shared.bad_field": "its field {field} is missing or of the wrong type",
    "ops.verify.shared.stdin": "standard input",
    "ops.help.serve": "Serve the web table and the HTTP API (docs at /docs).",
    "ops.help.serve_host": "Address to listen on (default: 127.0.0.1).",
    "ops.help.serve_port": "Port to listen on, 1 to 65535 (default: 8000).",
    "ops.help.serve_database": (
        "Database URL (default: PUNTOBANCO_DATABASE_URL, else sqlite:///puntobanco.db)."
    ),
    "ops.help.serve_workers": "Worker processes, 1 to 64 (default: 1).",
    "ops.help.serve_log_level": "debug, info, warning or error (default: info).",
    "ops.help.serve_forwarded": (
        "Proxies trusted to give the client's address (X-Forwarded-For), comma-separated "
        "addresses or networks (default: FORWARDED_ALLOW_IPS, else 127.0.0.1)."
    ),
    "ops.help.serve_test_seed": (
        "FOR TESTS AND DEMOS ONLY: start although PUNTOBANCO_TEST_SERVER_SEED is set (every "
        "card known in advance; the page shows a warning)."
    ),
    "ops.help.serve_weak_argon2": (
        "FOR TESTS ONLY: start although PUNTOBANCO_ARGON2_WEAK_FOR_TESTS is set (password "
        "hashes below OWASP's minimum)."
    ),
    "ops.verify.not_rounds": "they are not rounds as GET /api/rounds returns them",
}

ES: dict[str, str] = {
    "ops.cli.lang": "Idioma de los mensajes, en o es (por defecto: el del sistema).",
    "ops.cli.format": "table (por defecto) o json (lo mismo que --json){more}.",
    "ops.cli.format_more": ", csv o markdown",
    # Lo que imprimen los comandos del operador al terminar (sus rechazos, más abajo)
    "ops.verify.summary": (
        "semilla {hash}...: {checked} manos comprobadas, {mismatches} discrepancias"
    ),
    "ops.verify.mismatch": (
        "  mano {round} {field}: registrado {recorded}, recalculado {recomputed}"
    ),
    # Las palabras del campo y del valor de una discrepancia, como las nombran los registros.
    "ops.verify.word.outcome": "resultado",
    "ops.verify.word.cards": "cartas",
    "ops.verify.word.burn": "quemado",
    "ops.verify.word.shown": "vista",
    "ops.verify.word.face_down": "boca abajo",
    "ops.verify.word.first_card": "primera carta",
    "ops.verify.word.payout": "pago",
    "ops.verify.word.decisions": "decisiones",
    "ops.verify.word.decision": "decisión",
    "ops.verify.word.card_count": "número de cartas",
    "ops.verify.word.seats": "asientos",
    "ops.verify.word.seat": "asiento",
    "ops.verify.word.commission_minor": "comisión",
    "ops.verify.word.bets": "apuestas",
    "ops.verify.word.net_minor": "neto",
    "ops.verify.word.payout_minor": "pago",
    "ops.verify.word.delta_minor": "variación",
    "ops.verify.word.rounded_away": "redondeo",
    "ops.verify.word.(computer)": "(ordenador)",
    "ops.verify.word.player": "Jugador",
    "ops.verify.word.banker": "Banca",
    "ops.verify.word.tie": "Empate",
    "ops.verify.word.resolution": "resolución",
    "ops.verify.word.last_in_shoe": "última del zapato",
    "ops.verify.word.round_in_shoe": "mano en el zapato",
    "ops.verify.word.rounds": "manos",
    "ops.verify.word.win": "gana",
    "ops.verify.word.lose": "pierde",
    "ops.verify.word.push": "devuelta",
    "ops.verify.word.true": "sí",
    "ops.verify.word.false": "no",
    "ops.verify.shared.ok": (
        "Zapato compartido {shoe} de la mesa {table}: {rounds} manos y {bets} apuestas "
        "recalculadas, todas como se registraron"
    ),
    "ops.verify.shared.seed_ok": (
        "  semilla del servidor: su SHA-256 es el resumen comprometido antes del zapato ({hash}...)"
    ),
    "ops.verify.shared.client_ok": (
        "  semilla de cliente {seed}: la fórmula publicada sobre las semillas de {seats}"
    ),
    "ops.verify.shared.no_seat": "ningún asiento (solo la mesa y el número del zapato)",
    "ops.verify.shared.failed": (
        "Zapato compartido {shoe} de la mesa {table}: DISCREPANCIA, tras {rounds} manos y "
        "{bets} apuestas conformes a lo registrado"
    ),
    "ops.verify.shared.bad_seed": (
        "  la semilla del servidor no es la comprometida: el resumen del zapato es "
        "{recorded}, el SHA-256 de la semilla es {recomputed}"
    ),
    "ops.verify.shared.no_seeds": (
        "  el archivo no da las semillas de los asientos: la semilla de cliente no se puede "
        "recalcular"
    ),
    "ops.verify.shared.bad_client_seed": (
        "  la semilla de cliente {recorded} no es la fórmula publicada sobre las semillas "
        "de los asientos, que da {recomputed}"
    ),
    "ops.verify.shared.bad_rules": (
        "  las reglas del archivo no son las reglas predefinidas {preset}"
    ),
    "ops.verify.shared.shoe_field": ("  {field}: registrado {recorded}, recalculado {recomputed}"),
    "ops.verify.shared.bet": (
        "  mano {round}, asiento {seat}, apuesta a {spot}: {field} registrado {recorded}, "
        "recalculado {recomputed}"
    ),
    "ops.verify.shared.bet_invalid": (
        "  mano {round}, asiento {seat}: la apuesta a {recorded} no se puede liquidar: {recomputed}"
    ),
    "ops.ledger.ok": "comprobación del libro: CORRECTO",
    "ops.ledger.bad": "comprobación del libro: HAY DIFERENCIAS",
    "ops.ledger.counts": (
        "  carteras {wallets}, apuntes {entries}, asientos {journals}, manos liquidadas {settled}"
    ),
    "ops.ledger.open": "  manos abiertas (repartidas, sin liquidar): {open}",
    "ops.ledger.none": "ninguna",
    "ops.ledger.balance_differences": "diferencias de saldo",
    "ops.ledger.unbalanced_journals": "asientos descuadrados",
    "ops.ledger.round_differences": "diferencias en manos",
    "ops.ledger.open_holds": "apuestas aún retenidas tras liquidarse su mano compartida",
    "ops.ledger.shared_open": "  manos de mesas compartidas en juego (apuestas retenidas): {open}",
    "ops.ledger.total": "  la suma de todos los apuntes es {total}, no 0",
    "ops.report.totals": "manos {rounds}  volumen {turnover}  GGR {ggr}",
    "ops.report.columns": "reglas|apuesta|manos|volumen|GGR|RTP|RTP exacto|ET|dist/ET",
    "ops.report.no_theory": (
        "(el RTP exacto necesita puntobanco.analysis, que no está disponible)"
    ),
    "ops.report.full_shoe": (
        "(mesas con carta de corte {presets}: el RTP exacto es el del zapato completo; el "
        "efecto de la carta de corte es demasiado pequeño para detectarlo, muy dentro del ET)"
    ),
    "ops.report.per_day": "por día (UTC):",
    "ops.report.day": "día",
    "ops.report.nothing": (
        "No se ha repartido ninguna mano en esta base de datos: no hay nada que informar."
    ),
    "ops.ledger.nothing": "El libro no tiene carteras ni apuntes: no hay nada que comprobar.",
    "ops.serve.settings": "Configuración no válida (entorno o .env): {detail}",
    "ops.serve.setting": "Ajuste no válido {name} (entorno o .env): {detail}",
    "ops.serve.setting.int": "hace falta un número entero; se recibió {value}",
    "ops.serve.setting.float": "hace falta un número; se recibió {value}",
    "ops.serve.setting.bool": "hace falta true o false; se recibió {value}",
    "ops.serve.setting.ge": "lo mínimo permitido es {limit}; se recibió {value}",
    "ops.serve.setting.gt": "debe ser mayor que {limit}; se recibió {value}",
    "ops.serve.setting.le": "lo máximo permitido es {limit}; se recibió {value}",
    "ops.serve.setting.lt": "debe ser menor que {limit}; se recibió {value}",
    "ops.serve.setting.choice": "las opciones son {allowed}; se recibió {value}",
    "ops.serve.setting.unknown_preset": "reglas desconocidas {preset!r}: elija una de {allowed}",
    "ops.serve.setting.default_not_offered": (
        "las reglas por defecto {preset!r} no se ofrecen: elija una de "
        "PUNTOBANCO_TABLE_PRESETS ({allowed})"
    ),
    "ops.serve.setting.not_a_network": ("{entry!r} no es una red IP (como 10.0.0.0/8 o 127.0.0.1)"),
    "ops.serve.setting.not_an_origin": (
        "{entry!r} no es un origen (como https://mesa.example.com)"
    ),
    "ops.serve.setting.weak_argon2": (
        "costes de argon2 por debajo del mínimo de OWASP: con "
        "PUNTOBANCO_ARGON2_TIME_COST={time_cost}, PUNTOBANCO_ARGON2_MEMORY_KIB debe ser al "
        "menos {needed} (se recibió {memory}); el mínimo de OWASP es 19456 KiB con 2 pasadas"
    ),
    "ops.serve.setting.test_seed": (
        "PUNTOBANCO_TEST_SERVER_SEED está definida: con ella todas las cartas se conocen de "
        "antemano y ninguna mano es demostrablemente justa. Quítela o, solo para pruebas y "
        "demostraciones, arranque con --allow-test-seed"
    ),
    "ops.serve.setting.server_seed": (
        "una semilla del servidor tiene {digits} dígitos hexadecimales ({bytes} bytes)"
    ),
    "ops.serve.proxy": (
        "{entry} no es una dirección IP ni una red (como 10.0.0.2 o 10.0.0.0/8), ni *"
    ),
    "ops.serve.log_level": "los niveles son debug, info, warning y error; se recibió {value}",
    "ops.serve.port": "un puerto es un número entero de 1 a 65535; se recibió {value}",
    "ops.serve.port_in_use": (
        "el puerto {port} en {host} lo usa otro programa: deténgalo o elija otro puerto"
    ),
    "ops.serve.port_denied": (
        "este usuario no puede escuchar en el puerto {port}: los puertos por debajo de 1024 "
        "requieren privilegios; elija uno de 1024 a 65535"
    ),
    "ops.serve.host": "esta máquina no puede escuchar en {host} ({reason}); se recibió {value}",
    "ops.serve.folder": (
        "la carpeta {folder} del archivo SQLite no existe: créela o elija otro archivo"
    ),
    "ops.serve.weak_argon2": (
        "PUNTOBANCO_ARGON2_WEAK_FOR_TESTS está definida: las contraseñas se guardarían con "
        "costes de argon2 por debajo del mínimo de OWASP, solo para pruebas. Quítela o, "
        "solo para pruebas, arranque con --allow-weak-argon2"
    ),
    "ops.serve.weak_argon2_on": (
        "puntobanco: SOLO PARA PRUEBAS: las contraseñas se guardan con costes de argon2 "
        "débiles (--allow-weak-argon2)"
    ),
    "ops.serve.sqlite_workers": (
        "nota: varios procesos comparten un archivo SQLite; las escrituras se turnan "
        "(use PostgreSQL para escalar)"
    ),
    "ops.serve.database": "No se puede preparar la base de datos: {detail}",
    "ops.serve.serving": "puntobanco: sirviendo en http://{host}:{port} ({count} procesos)",
    "ops.serve.serving.one": "puntobanco: sirviendo en http://{host}:{port} ({count} proceso)",
    "ops.serve.lobby": (
        "puntobanco: el salón ({count} mesas compartidas): http://{host}:{port}/lobby.html"
    ),
    "ops.serve.lobby.one": (
        "puntobanco: el salón ({count} mesa compartida): http://{host}:{port}/lobby.html"
    ),
    "ops.db.path": (
        "--database espera una URL, no una ruta: escriba sqlite:///{value} para un "
        "archivo SQLite, o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE para PostgreSQL"
    ),
    "ops.db.bad_url": (
        "--database {value!r} no es una URL de base de datos: escriba sqlite:///RUTA para "
        "un archivo SQLite, o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE para PostgreSQL"
    ),
    "ops.db.dialect": (
        "--database {value!r}: la base de datos es SQLite o PostgreSQL, no {scheme!r}: "
        "escriba sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE"
    ),
    "ops.db.settings": "la configuración no es válida: {detail}",
    "ops.db.missing": (
        "no hay ninguna base de datos en {path}: indique la URL de una base de datos de "
        "puntobanco que exista (sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE)"
    ),
    "ops.db.unreachable": (
        "no se puede abrir la base de datos {url}: {detail}; indique la URL de una base de "
        "datos de puntobanco que exista "
        "(sqlite:///RUTA o postgresql+psycopg://USUARIO@HOST:PUERTO/NOMBRE)"
    ),
    "ops.db.not_migrated": (
        "{url} no es una base de datos de puntobanco (no tiene sus tablas): indique la del "
        "servidor; puntobanco serve --database URL crea una"
    ),
    "ops.db.old": (
        "la base de datos {url} está en la migración {current}, no en la última, {head}: "
        "puntobanco serve --database URL la migra"
    ),
    "ops.verify.seed": (
        "una semilla de servidor son 64 dígitos hexadecimales (32 bytes); se recibió {value!r}"
    ),
    "ops.verify.unreadable": (
        "no se pueden leer las manos de {path}: {detail}; indique el JSON que devuelve "
        "GET /api/rounds (una página, o una lista de manos)"
    ),
    "ops.verify.empty": (
        "{path} no contiene ninguna mano: no hay nada que verificar; indique las manos "
        "que devuelve GET /api/rounds (una página, o una lista de manos)"
    ),
    "ops.verify.no_match": (
        "ninguna mano de {path} se repartió con la semilla cuyo hash es {hash}: no hay "
        "nada que verificar. Las manos del archivo llevan estos hashes de semilla: {hashes}"
    ),
    "ops.verify.hash_count": "{hash} ({count} manos)",
    "ops.verify.hash_count.one": "{hash} ({count} mano)",
    "ops.verify.seed_not_found": (
        "Ninguna semilla del servidor de esta base de datos tiene el resumen {hash}: la "
        "semilla es de otra base de datos, o nunca se usó"
    ),
    "ops.verify.seed_not_revealed": (
        "La semilla del servidor con el resumen {hash} sigue en juego: sus manos se pueden "
        "comprobar cuando su jugador la haya rotado (revelado)"
    ),
    "ops.verify.no_rounds": (
        "no se repartió ninguna mano con la semilla cuyo hash es {hash}: no hay nada que verificar"
    ),
    "ops.verify.broken": (
        "no se puede recalcular la mano {round}: {detail}; su registro no es uno que "
        "el servidor pudiera repartir"
    ),
    "ops.verify.broken_db": (
        "no se puede recalcular una mano de esta semilla: {detail}; su registro en la "
        "base de datos no es uno que el servidor pudiera repartir"
    ),
    "ops.help.json": "Escribir un objeto JSON.",
    "ops.help.database": (
        "URL de una base de datos de puntobanco que exista, sqlite:///RUTA o "
        "postgresql+psycopg://USUARIO@HOST/BD (por defecto: "
        "PUNTOBANCO_DATABASE_URL, si no sqlite:///puntobanco.db); aquí nunca se crea ni se "
        "migra (eso lo hace serve)."
    ),
    "ops.help.ledger": "El libro de carteras.",
    "ops.help.ledger_check": (
        "Comparar el saldo guardado de cada cartera con la suma de sus apuntes; sale con 1 "
        "ante cualquier diferencia.\n\n"
        "Sale con 1 también si la base de datos no existe o no está migrada (aquí nunca se "
        "crea), y con 2 si --database no es una URL que aceptemos."
    ),
    "ops.help.report": (
        "Manos, volumen y GGR por apuesta y por día; RTP obtenido frente al exacto.\n\n"
        "Sale con 1 si la base de datos no existe o no está migrada (aquí nunca se crea), y "
        "con 2 si --database no es una URL que aceptemos."
    ),
    "ops.help.verify": (
        "Recalcular cada mano repartida con SERVER_SEED; sale con 1 si alguna difiere.\n\n"
        "Una verificación que no comprueba nada falla: sale con 1 si no se repartió ninguna "
        "mano con SERVER_SEED (en el archivo o en la base de datos), y nombra los hashes de "
        "semilla que llevan las manos del archivo. Sale con 2 si la entrada no se puede leer "
        "(una semilla que no son 64 dígitos hexadecimales, un archivo que no son manos)."
    ),
    "ops.help.verify_seed": "La semilla de servidor revelada, 64 dígitos hexadecimales.",
    "ops.help.verify_rounds": (
        "Las manos tal como las devuelve GET /api/rounds (una página, o una lista): "
        "comprobarlas sin la base de datos, como lo haría un jugador."
    ),
    "ops.help.verify_shared": (
        "La exportación de un zapato compartido tal como la devuelve "
        "GET /api/tables/ID/shoes/N (- para la entrada estándar): recalcular todas sus manos "
        "y pagos con las semillas que revela (sin SERVER_SEED)."
    ),
    "ops.verify.shared.unreadable": (
        "no se puede leer un zapato compartido de {path}: {detail}; indique el JSON que "
        "devuelve GET /api/tables/ID/shoes/N"
    ),
    "ops.verify.shared.not_object": "no es un objeto JSON",
    "ops.verify.shared.bad_field": "su campo {field} falta o tiene un tipo incorrecto",
    "ops.verify.shared.stdin": "la entrada estándar",
    "ops.help.serve": "Servir la mesa web y la API HTTP (documentación en /docs).",
    "ops.help.serve_host": "Dirección en la que escuchar (por defecto: 127.0.0.1).",
    "ops.help.serve_port": "Puerto en el que escuchar, de 1 a 65535 (por defecto: 8000).",
    "ops.help.serve_database": (
        "URL de la base de datos (por defecto: PUNTOBANCO_DATABASE_URL, si no "
        "sqlite:///puntobanco.db)."
    ),
    "ops.help.serve_workers": "Procesos, de 1 a 64 (por defecto: 1).",
    "ops.help.serve_log_level": "debug, info, warning o error (por defecto: info).",
    "ops.help.serve_forwarded": (
        "Proxies de confianza que dan la dirección del cliente (X-Forwarded-For), direcciones "
        "o redes separadas por comas (por defecto: FORWARDED_ALLOW_IPS, si no 127.0.0.1)."
    ),
    "ops.help.serve_test_seed": (
        "SOLO PARA PRUEBAS Y DEMOSTRACIONES: arrancar aunque PUNTOBANCO_TEST_SERVER_SEED esté "
        "definida (todas las cartas se conocen de antemano; la página muestra un aviso)."
    ),
    "ops.help.serve_weak_argon2": (
        "SOLO PARA PRUEBAS: arrancar aunque PUNTOBANCO_ARGON2_WEAK_FOR_TESTS esté definida "
        "(resúmenes de contraseñas por debajo del mínimo de OWASP)."
    ),
    "ops.verify.not_rounds": "no son manos como las devuelve GET /api/rounds",
}
