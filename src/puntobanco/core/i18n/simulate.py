"""The words of ``puntobanco simulate``: its report, its help, its refusals.

Every key starts with ``simulate.``: ``simulate.help*`` are the --help texts,
``simulate.error.<code>`` the sentences for the errors the simulator and the
rules raise (by code), worded for the command line (fields named by their options).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "simulate.title": (
        "{hands:,} rounds, {decks} decks, {mode}: {backend} backend, {count} workers"
    ),
    "simulate.title.one": (
        "{hands:,} rounds, {decks} decks, {mode}: {backend} backend, {count} worker"
    ),
    "simulate.speed": "{seconds:.3f} s, {rate:,.0f} rounds/s (compilation excluded), seed {seed}",
    "simulate.interrupted": "Stopped early: these are the {hands:,} rounds dealt before Ctrl-C.",
    "simulate.outcome": "Outcome",
    "simulate.count": "Count",
    "simulate.frequency": "Frequency",
    "simulate.exact": "Exact",
    "simulate.bet": "Bet",
    "simulate.net": "Net per unit",
    "simulate.interval": "95% interval",
    "simulate.naturals": "Naturals: Player {player:,}, Banker {banker:,}",
    "simulate.pairs": "Pairs: Player {player:,}, Banker {banker:,}",
    "simulate.cards": "Cards dealt: {cards:,} (rounds of 4/5/6 cards: {four:,}/{five:,}/{six:,})",
    "simulate.no_exact": "(no exact figures for these rules)",
    "simulate.progress": "Dealing",
    "simulate.stopped": "Stopped before any round was dealt.",
    "simulate.cut-card": "cut-card shoe",
    "simulate.reshuffle": "reshuffled every round",
    # --help
    "simulate.help": (
        "Deal many rounds and tally them: outcomes, naturals, pairs, every bet's net result."
    ),
    "simulate.help_hands": "Rounds to deal (exactly).",
    "simulate.help_shoes": "Whole shoes to deal instead of --hands.",
    "simulate.help_seed": "Seed (0 or more); random and reported if left out.",
    "simulate.help_backend": "reference, cpu, cuda or dask (default: cpu).",
    "simulate.help_workers": "Threads (cpu) or local processes (dask).",
    "simulate.help_scheduler": "Dask scheduler address, e.g. tcp://host:8786.",
    "simulate.help_timeout": "Seconds to wait for the scheduler (default: 10).",
    "simulate.help_rules": "Rules preset: {presets} (default: punto-banco).",
    "simulate.help_decks": "Decks, 1 to 8.",
    "simulate.help_shoe": "cut-card (burn, deal to the cut card) or reshuffle.",
    "simulate.help_cut_card": "Cards behind the cut card.",
    "simulate.help_burn": "Burn at the start of a shoe.",
    "simulate.help_commission": "Banker commission, 5% or 0.05 (a bare 5 is refused as ambiguous).",
    "simulate.help_tie_pays": "Tie winnings per unit, e.g. 8.",
    "simulate.help_banker_six_pays": "Winnings of a Banker win on 6 (e.g. 1/2).",
    "simulate.help_pair_pays": "Offer pair bets paying this.",
    "simulate.help_side_bets": (
        "Side bets to offer too, as in play and odds: NAME[=N],... (tiger=12:20 for a bet "
        "with several payouts)."
    ),
    "simulate.help_json": "One JSON object on stdout (the same as --format json).",
    "simulate.help_format": "table (default), json, csv or markdown: one row per outcome and bet.",
    "simulate.help_progress": "Progress bar (default: long runs).",
    "simulate.help_lang": "en or es (default: the locale).",
    "simulate.error.count": "--{name} must be a whole number from 1 to {maximum:,}, got {value}.",
    "simulate.error.count_choice": "Give --hands or --shoes (one of them).",
    "simulate.error.seed": (
        "The seed must be a whole number from 0 to 18446744073709551615 (2**64 - 1), got {value}."
    ),
    "simulate.error.backend": "Unknown backend {value!r}: choose one of {allowed}.",
    "simulate.error.workers": (
        "The {backend} backend takes 1 to {maximum} workers here, got {value}."
    ),
    "simulate.error.workers_with_scheduler": (
        "--workers cannot be used with --scheduler: the cluster's workers are used."
    ),
    "simulate.error.scheduler_option": "--scheduler is only used with --backend dask.",
    "simulate.error.scheduler_address": (
        "The scheduler address must look like tcp://host:8786, got {value!r}."
    ),
    "simulate.error.scheduler_unreachable": (
        "Could not reach the Dask scheduler at {address} within {timeout:g} s: check the "
        "address, or leave --scheduler out to start a local cluster."
    ),
    "simulate.error.dask_missing": (
        "The dask backend needs dask[distributed]: install it or use --backend cpu."
    ),
    "simulate.error.no_gpu": (
        "The cuda backend needs an NVIDIA GPU with CuPy or numba-cuda, and none is usable "
        "here: use --backend cpu (all cores) or --backend dask instead."
    ),
    "simulate.error.timeout": "The timeout must be more than 0 seconds.",
    "simulate.error.preset": "Unknown rules preset {value}: choose one of {allowed}.",
    "simulate.error.shoe_mode": "--shoe must be cut-card or reshuffle, got {value}.",
    # The rules' own refusals, worded with the options' names (not the fields').
    "simulate.error.decks": "The number of decks must be from 1 to 8, got {value}.",
    "simulate.error.cut_card": (
        "The cut card must leave {minimum} to {maximum} cards behind it, got {value}."
    ),
    "simulate.error.commission": (
        "The commission must be at least 0 and below 1 (0.05 is 5%), got {value}."
    ),
    "simulate.error.rules_not_positive": "{name} must be positive.",
    "simulate.error.rules_not_a_number": (
        "{name} must be a number such as 8, 0.05 or 19/20, got {value}."
    ),
}

ES: dict[str, str] = {
    "simulate.title": (
        "{hands:,} manos, {decks} barajas, {mode}: motor {backend}, {count} trabajadores"
    ),
    "simulate.title.one": (
        "{hands:,} manos, {decks} barajas, {mode}: motor {backend}, {count} trabajador"
    ),
    "simulate.speed": "{seconds:.3f} s, {rate:,.0f} manos/s (sin la compilación), semilla {seed}",
    "simulate.interrupted": (
        "Detenido antes de tiempo: son las {hands:,} manos repartidas antes de Ctrl-C."
    ),
    "simulate.outcome": "Resultado",
    "simulate.count": "Veces",
    "simulate.frequency": "Frecuencia",
    "simulate.exact": "Exacto",
    "simulate.bet": "Apuesta",
    "simulate.net": "Neto por unidad",
    "simulate.interval": "Intervalo 95%",
    "simulate.naturals": "Naturales: Jugador {player:,}, Banca {banker:,}",
    "simulate.pairs": "Parejas: Jugador {player:,}, Banca {banker:,}",
    "simulate.cards": (
        "Cartas repartidas: {cards:,} (manos de 4/5/6 cartas: {four:,}/{five:,}/{six:,})"
    ),
    "simulate.no_exact": "(sin cifras exactas para estas reglas)",
    "simulate.progress": "Repartiendo",
    "simulate.stopped": "Detenido antes de repartir ninguna mano.",
    "simulate.cut-card": "zapato con carta de corte",
    "simulate.reshuffle": "barajado en cada mano",
    "simulate.help": (
        "Repartir muchas manos y contarlas: resultados, naturales, parejas y el resultado "
        "neto de cada apuesta."
    ),
    "simulate.help_hands": "Manos que repartir (exactamente).",
    "simulate.help_shoes": "Zapatos completos que repartir, en lugar de --hands.",
    "simulate.help_seed": "Semilla (0 o más); si se omite, se elige al azar y se muestra.",
    "simulate.help_backend": "reference, cpu, cuda o dask (por defecto: cpu).",
    "simulate.help_workers": "Hilos (cpu) o procesos locales (dask).",
    "simulate.help_scheduler": "Dirección del planificador de Dask, como tcp://host:8786.",
    "simulate.help_timeout": "Segundos que esperar al planificador (por defecto: 10).",
    "simulate.help_rules": "Reglas predefinidas: {presets} (por defecto: punto-banco).",
    "simulate.help_decks": "Barajas, de 1 a 8.",
    "simulate.help_shoe": "cut-card (quemado y reparto hasta la carta de corte) o reshuffle.",
    "simulate.help_cut_card": "Cartas detrás de la carta de corte.",
    "simulate.help_burn": "Quemar cartas al empezar cada zapato.",
    "simulate.help_commission": (
        "Comisión de la Banca, 5% o 0.05 (un 5 solo se rechaza por ambiguo)."
    ),
    "simulate.help_tie_pays": "Ganancia del Empate por unidad apostada, como 8.",
    "simulate.help_banker_six_pays": "Ganancia de la Banca cuando gana con 6 (por ejemplo, 1/2).",
    "simulate.help_pair_pays": "Ofrecer las apuestas a pareja con este pago.",
    "simulate.help_side_bets": (
        "Apuestas laterales que ofrecer también, como en play y odds: NOMBRE[=N],... "
        "(tiger=12:20 para una apuesta con varios pagos)."
    ),
    "simulate.help_json": "Un objeto JSON en la salida estándar (lo mismo que --format json).",
    "simulate.help_format": (
        "table (por defecto), json, csv o markdown: una fila por resultado y apuesta."
    ),
    "simulate.help_progress": "Barra de progreso (por defecto: en las simulaciones largas).",
    "simulate.help_lang": "en o es (por defecto: el idioma del sistema).",
    "simulate.error.count": (
        "--{name} debe ser un número entero de 1 a {maximum:,}; se recibió {value}."
    ),
    "simulate.error.count_choice": "Indique --hands o --shoes (uno de los dos).",
    "simulate.error.seed": (
        "La semilla debe ser un número entero de 0 a 18446744073709551615 (2**64 - 1); "
        "se recibió {value}."
    ),
    "simulate.error.backend": "Motor desconocido {value!r}: elija uno de {allowed}.",
    "simulate.error.workers": (
        "El motor {backend} admite aquí de 1 a {maximum} trabajadores; se pidió {value}."
    ),
    "simulate.error.workers_with_scheduler": (
        "--workers no se puede usar con --scheduler: se usan los trabajadores del clúster."
    ),
    "simulate.error.scheduler_option": "--scheduler solo se usa con --backend dask.",
    "simulate.error.scheduler_address": (
        "La dirección del planificador debe ser como tcp://host:8786; se recibió {value!r}."
    ),
    "simulate.error.scheduler_unreachable": (
        "No se pudo contactar con el planificador de Dask en {address} en {timeout:g} s: "
        "revise la dirección, u omita --scheduler para arrancar un clúster local."
    ),
    "simulate.error.dask_missing": (
        "El motor dask necesita dask[distributed]: instálelo o use --backend cpu."
    ),
    "simulate.error.no_gpu": (
        "El motor cuda necesita una GPU NVIDIA con CuPy o numba-cuda, y aquí no hay ninguna "
        "utilizable: use --backend cpu (todos los núcleos) o --backend dask."
    ),
    "simulate.error.timeout": "El tiempo de espera debe ser mayor que 0 segundos.",
    "simulate.error.preset": "Reglas desconocidas {value}: elija una de {allowed}.",
    "simulate.error.shoe_mode": "--shoe debe ser cut-card o reshuffle; se recibió {value}.",
    "simulate.error.decks": "El número de barajas debe ser de 1 a 8; se recibió {value}.",
    "simulate.error.cut_card": (
        "La carta de corte debe dejar de {minimum} a {maximum} cartas detrás; se recibió {value}."
    ),
    "simulate.error.commission": (
        "La comisión debe ser al menos 0 y menor que 1 (0.05 es un 5 %); se recibió {value}."
    ),
    "simulate.error.rules_not_positive": "{name} debe ser positivo.",
    "simulate.error.rules_not_a_number": (
        "{name} debe ser un número como 8, 0.05 o 19/20; se recibió {value}."
    ),
}
