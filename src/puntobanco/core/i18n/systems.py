"""The words of ``puntobanco systems``: the betting systems' names, the report, help, refusals.

Every key starts with ``systems.``: ``systems.name.<system>`` names each system,
``systems.help*`` are the --help texts, and the refusals are keyed by the code
of the error they word (``systems.<code>``).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "systems.name.flat": "Flat",
    "systems.name.martingale": "Martingale",
    "systems.name.paroli": "Paroli",
    "systems.name.fibonacci": "Fibonacci",
    "systems.name.dalembert": "D'Alembert",
    "systems.name.1-3-2-6": "1-3-2-6",
    "systems.name.labouchere": "Labouchère",
    "systems.name.follow-the-winner": "Follow the last winner",
    "systems.title": "{system} on {side}: {sessions} sessions of up to {rounds} rounds",
    "systems.setup": (
        "Bankroll {bankroll}, base stake {base}, table {minimum} to {maximum}, seed {seed}"
    ),
    "systems.figure": "Figure",
    "systems.value": "Value",
    "systems.system": "System",
    "systems.mean_final": "Mean final bankroll",
    "systems.quantiles": "Final bankroll 5% / 25% / 50% / 75% / 95%",
    "systems.range": "Lowest / highest final bankroll",
    "systems.ahead": "Sessions ending ahead",
    "systems.ruin": "Risk of ruin (could not afford the next stake)",
    "systems.stop_win": "Sessions stopped by stop-win",
    "systems.stop_loss": "Sessions stopped by stop-loss",
    "systems.turnover": "Mean turnover (total staked)",
    "systems.rounds_played": "Mean rounds played",
    "systems.loss": "Loss per unit wagered (± standard error)",
    "systems.exact": "House edge of the same bets (exact)",
    "systems.rounded": "Of which rounding winnings down to the cent",
    "systems.unknown": "not available",
    "systems.compare_title": "Every system on {side}: {sessions} sessions of up to {rounds} rounds",
    "systems.col_mean": "Mean final",
    "systems.col_p05": "5%",
    "systems.col_median": "Median",
    "systems.col_p95": "95%",
    "systems.col_ahead": "Ahead",
    "systems.col_ruin": "Ruin",
    "systems.col_turnover": "Turnover",
    "systems.col_loss": "Loss/unit ± s.e.",
    "systems.col_exact": "Edge",
    "systems.answer": (
        "No system changes the expectation. Every plan loses, per unit wagered, the "
        "house edge of the bets it makes ({edges}); the losses measured here are within 3 "
        "standard errors of it. A system only changes the shape of the results: how often "
        "a session ends ahead, how deep the losses go, and the risk of ruin."
    ),
    "systems.answer_unmeasured": (
        "No system changes the expectation. Every plan loses, per unit "
        "wagered, the house edge of the bets it makes ({edges}); this run is too small to "
        "measure its standard error, so it neither confirms nor refutes that. A system only "
        "changes the shape of the results: how often a session ends ahead, how deep the "
        "losses go, and the risk of ruin."
    ),
    "systems.answer_far": (
        "In theory no system changes the expectation: every plan loses, per unit "
        "wagered, the house edge of the bets it makes ({edges}). This run does not confirm "
        "it: {far}. A gap of 3 standard errors or more happens by chance about 3 times in "
        "1,000 per system; run more sessions or another seed, and if the gap stays, the "
        "simulation is wrong."
    ),
    "systems.far_item": "{system} lost {loss} per unit against an edge of {edge} (z = {z})",
    "systems.answer_no_edge": (
        "No system changes the expectation: every plan loses the same per "
        "unit wagered, the house edge of its bets (the exact edge is not available in this "
        "build). A system only changes the shape of the results: how often a session ends "
        "ahead, how deep the losses go, and the risk of ruin."
    ),
    "systems.dealing": "Dealing {rounds} rounds from seeded shoes...",
    "systems.stopped": "Stopped by Ctrl-C before any session was played: nothing is reported.",
    "systems.partial": (
        "Stopped early by Ctrl-C: these figures are of the {done} sessions played, of {asked}."
    ),
    "systems.plot_saved": "Plot saved to {path}",
    "systems.plot_failed": "Could not write the plot to {path}: {reason}",
    "systems.paths": "Bankroll in the first {count} sessions",
    "systems.histogram": "Final bankroll over {count} sessions",
    "systems.round_axis": "Round",
    "systems.bankroll_axis": "Bankroll",
    "systems.sessions_axis": "Sessions",
    "systems.start": "Starting bankroll",
    "systems.bad_integer": (
        "{name} must be a whole number from {minimum} to {maximum}, got {value!r}."
    ),
    "systems.too_many": (
        "{sessions} sessions of {rounds} rounds is more than {limit} rounds in "
        "all: use fewer sessions or shorter ones."
    ),
    "systems.unknown_system": "Unknown system {value!r}: choose one of {allowed}.",
    "systems.bad_side": "A system bets on banker or player, not {value!r}.",
    "systems.rules_not_supported": (
        "The betting systems play Player or Banker where a win always pays the same way; "
        "these rules settle a Banker win in more ways (as EZ Baccarat's push on a "
        "three-card 7). Presets they play: {allowed}."
    ),
    "systems.base_outside_limits": (
        "The base stake {stake} must be within the table limits, {minimum} to {maximum}."
    ),
    "systems.base_over_bankroll": "The base stake {stake} is more than the bankroll {balance}.",
    "systems.too_small": "{name} must be at least {low}, got {value}.",
    "systems.out_of_range": "{name} must be from {low} to {high}, got {value}.",
    "systems.not_whole": "{name} must be a whole number, got {value}.",
    "systems.limit": "The table {name} must be a positive amount, got {value}.",
    "systems.limits_order": "The table minimum {minimum} is above the maximum {maximum}.",
    "systems.decks": "Decks must be a whole number from 1 to 8, got {value}.",
    "systems.preset": "Unknown rules {value!r}: choose one of {allowed}.",
    "systems.help": (
        "Betting systems over many sessions of seeded cut-card shoes: what they do "
        "to the bankroll, and what they cannot do to the house edge."
    ),
    "systems.help_system": (
        "flat, martingale, paroli, fibonacci, dalembert, 1-3-2-6, labouchere "
        "or follow-the-winner (default: flat)."
    ),
    "systems.help_on": (
        "banker or player; for follow-the-winner, the first bet's side (default: banker)."
    ),
    "systems.help_bankroll": "Bankroll per session (default: 1000).",
    "systems.progress": "Playing the sessions",
    "systems.help_base": "Base stake, one unit of the progression (default: 10).",
    "systems.help_sessions": "Number of sessions (default: 10000).",
    "systems.help_rounds": "Rounds per session, at most (default: 200).",
    "systems.help_stop_win": "Stop a session once ahead by this much.",
    "systems.help_stop_loss": "Stop a session once behind by this much.",
    "systems.help_min": "Table minimum per bet (default: 1).",
    "systems.help_max": "Table maximum per bet (default: 500).",
    "systems.help_decks": "Decks in the shoe, 1 to 8 (default: the rules preset's).",
    "systems.help_rules": "Rules preset (default: punto-banco).",
    "systems.help_seed": "Seed: the same seed deals the same rounds (default: random).",
    "systems.help_compare": "Every system side by side, on the same rounds.",
    "systems.help_json": "One JSON object instead of the tables (the same as --format json).",
    "systems.help_format": "table (default), json, csv or markdown: one row per system.",
    "systems.help_plot": "Write a PNG: bankroll paths and the final-bankroll histogram.",
    "systems.help_lang": "Language, es or en (default: from the locale).",
}

ES: dict[str, str] = {
    "systems.name.flat": "Apuesta plana",
    "systems.name.martingale": "Martingala",
    "systems.name.paroli": "Paroli",
    "systems.name.fibonacci": "Fibonacci",
    "systems.name.dalembert": "D'Alembert",
    "systems.name.1-3-2-6": "1-3-2-6",
    "systems.name.labouchere": "Labouchère",
    "systems.name.follow-the-winner": "Seguir al último ganador",
    "systems.title": "{system} a {side}: {sessions} sesiones de hasta {rounds} manos",
    "systems.setup": (
        "Banca inicial {bankroll}, apuesta base {base}, mesa de {minimum} a {maximum}, "
        "semilla {seed}"
    ),
    "systems.figure": "Cifra",
    "systems.value": "Valor",
    "systems.system": "Sistema",
    "systems.mean_final": "Capital final medio",
    # Percentiles named by their number: "75 %" in a wrapped label could split from its sign.
    "systems.quantiles": "Capital final, percentiles 5 / 25 / 50 / 75 / 95",
    "systems.range": "Capital final mínimo / máximo",
    "systems.ahead": "Sesiones que terminan ganando",
    "systems.ruin": "Riesgo de ruina (no pudo cubrir la apuesta siguiente)",
    "systems.stop_win": "Sesiones detenidas por objetivo de ganancia",
    "systems.stop_loss": "Sesiones detenidas por límite de pérdida",
    "systems.turnover": "Volumen medio apostado",
    "systems.rounds_played": "Manos jugadas de media",
    "systems.loss": "Pérdida por unidad apostada (± error típico)",
    "systems.exact": "Ventaja de la casa de esas apuestas (exacta)",
    "systems.rounded": "De ella, por redondear las ganancias al céntimo",
    "systems.unknown": "no disponible",
    "systems.compare_title": (
        "Todos los sistemas a {side}: {sessions} sesiones de hasta {rounds} manos"
    ),
    "systems.col_mean": "Final medio",
    "systems.col_p05": "5%",
    "systems.col_median": "Mediana",
    "systems.col_p95": "95%",
    "systems.col_ahead": "Ganando",
    "systems.col_ruin": "Ruina",
    "systems.col_turnover": "Apostado",
    "systems.col_loss": "Pérdida/unidad ± e.t.",
    "systems.col_exact": "Ventaja",
    "systems.answer": (
        "Ningún sistema cambia la esperanza. Cada plan pierde, por unidad apostada, "
        "la ventaja de la casa de las apuestas que hace ({edges}); las pérdidas medidas "
        "aquí quedan a menos de 3 errores típicos de ella. Un sistema solo cambia la forma "
        "de los resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y "
        "el riesgo de ruina."
    ),
    "systems.answer_unmeasured": (
        "Ningún sistema cambia la esperanza. Cada plan pierde, por unidad "
        "apostada, la ventaja de la casa de las apuestas que hace ({edges}); esta simulación "
        "es demasiado pequeña para medir su error típico, así que ni lo confirma ni lo "
        "desmiente. Un sistema solo cambia la forma de los resultados: cuántas sesiones "
        "terminan ganando, cuánto se llega a perder y el riesgo de ruina."
    ),
    "systems.answer_far": (
        "En teoría ningún sistema cambia la esperanza: cada plan pierde, por "
        "unidad apostada, la ventaja de la casa de las apuestas que hace ({edges}). Esta "
        "simulación no lo confirma: {far}. Una diferencia de 3 errores típicos o más ocurre "
        "por azar unas 3 veces de cada 1.000 por sistema; simule más sesiones u otra "
        "semilla, y si la diferencia se mantiene, la simulación está mal."
    ),
    "systems.far_item": (
        "{system} perdió {loss} por unidad frente a una ventaja de {edge} (z = {z})"
    ),
    "systems.answer_no_edge": (
        "Ningún sistema cambia la esperanza: todos pierden lo mismo por "
        "unidad apostada, la ventaja de la casa de sus apuestas (la ventaja exacta no está "
        "disponible en esta instalación). Un sistema solo cambia la forma de los "
        "resultados: cuántas sesiones terminan ganando, cuánto se llega a perder y el "
        "riesgo de ruina."
    ),
    "systems.dealing": "Repartiendo {rounds} manos de zapatos con semilla...",
    "systems.stopped": (
        "Detenido con Ctrl-C antes de jugar ninguna sesión: no se informa de nada."
    ),
    "systems.partial": (
        "Detenido antes de tiempo con Ctrl-C: estas cifras son de las {done} sesiones jugadas, "
        "de {asked}."
    ),
    "systems.plot_saved": "Gráfico guardado en {path}",
    "systems.plot_failed": "No se pudo escribir el gráfico en {path}: {reason}",
    "systems.paths": "Capital en las primeras {count} sesiones",
    "systems.histogram": "Capital final en {count} sesiones",
    "systems.round_axis": "Mano",
    "systems.bankroll_axis": "Capital",
    "systems.sessions_axis": "Sesiones",
    "systems.start": "Capital inicial",
    "systems.bad_integer": (
        "{name} debe ser un número entero de {minimum} a {maximum}; se recibió {value!r}."
    ),
    "systems.too_many": (
        "{sessions} sesiones de {rounds} manos superan las {limit} manos en total: "
        "use menos sesiones o más cortas."
    ),
    "systems.unknown_system": "Sistema desconocido {value!r}: elija uno de {allowed}.",
    "systems.bad_side": "Un sistema apuesta a banker (Banca) o player (Jugador), no a {value!r}.",
    "systems.rules_not_supported": (
        "Los sistemas juegan a Jugador o Banca donde una apuesta ganadora se paga siempre "
        "igual; estas reglas liquidan una victoria de la Banca de más formas (como la "
        "devolución de EZ Baccarat con un 7 de tres cartas). Preajustes que juegan: "
        "{allowed}."
    ),
    "systems.base_outside_limits": (
        "La apuesta base {stake} debe estar dentro de los límites de la "
        "mesa, de {minimum} a {maximum}."
    ),
    "systems.base_over_bankroll": "La apuesta base {stake} supera la banca inicial {balance}.",
    "systems.too_small": "{name} debe ser al menos {low}; se recibió {value}.",
    "systems.out_of_range": "{name} debe estar entre {low} y {high}; se recibió {value}.",
    "systems.not_whole": "{name} debe ser un número entero; se recibió {value}.",
    "systems.limit": "El {name} de la mesa debe ser una cantidad positiva; se recibió {value}.",
    "systems.limits_order": "El mínimo de la mesa {minimum} supera el máximo {maximum}.",
    "systems.decks": "Las barajas deben ser un número entero de 1 a 8; se recibió {value}.",
    "systems.preset": "Reglas desconocidas {value!r}: elija unas de {allowed}.",
    "systems.help": (
        "Sistemas de apuestas en muchas sesiones de zapatos con carta de corte y "
        "semilla: lo que hacen con el capital, y lo que no pueden hacer con la ventaja de la "
        "casa."
    ),
    "systems.help_system": (
        "flat, martingale, paroli, fibonacci, dalembert, 1-3-2-6, labouchere "
        "o follow-the-winner (por defecto: flat)."
    ),
    "systems.help_on": (
        "banker (Banca) o player (Jugador); en follow-the-winner, el lado de la "
        "primera apuesta (por defecto: banker)."
    ),
    "systems.help_bankroll": "Capital de cada sesión (por defecto: 1000).",
    "systems.progress": "Jugando las sesiones",
    "systems.help_base": "Apuesta base, una unidad de la progresión (por defecto: 10).",
    "systems.help_sessions": "Número de sesiones (por defecto: 10000).",
    "systems.help_rounds": "Manos por sesión, como mucho (por defecto: 200).",
    "systems.help_stop_win": "Parar una sesión al ir ganando esta cantidad.",
    "systems.help_stop_loss": "Parar una sesión al ir perdiendo esta cantidad.",
    "systems.help_min": "Apuesta mínima de la mesa (por defecto: 1).",
    "systems.help_max": "Apuesta máxima de la mesa (por defecto: 500).",
    "systems.help_decks": "Barajas en el zapato, de 1 a 8 (por defecto: las de las reglas).",
    "systems.help_rules": "Reglas predefinidas (por defecto: punto-banco).",
    "systems.help_seed": (
        "Semilla: la misma semilla reparte las mismas manos (por defecto: al azar)."
    ),
    "systems.help_compare": "Todos los sistemas a la vez, sobre las mismas manos.",
    "systems.help_json": "Un objeto JSON en lugar de las tablas (lo mismo que --format json).",
    "systems.help_format": "table (por defecto), json, csv o markdown: una fila por sistema.",
    "systems.help_plot": (
        "Escribir un PNG: la evolución del capital y el histograma del capital final."
    ),
    "systems.help_lang": "Idioma, es o en (por defecto: el del sistema).",
}
