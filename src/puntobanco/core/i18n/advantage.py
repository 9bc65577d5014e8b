"""The words of ``puntobanco advantage``: its table, its plot, its help, its refusals.

Every key starts with ``advantage.``; ``advantage.help*`` are the --help texts.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "advantage.help": (
        "Side bets worth betting: the perfectly informed player's win and a count's, "
        "over seeded cut-card shoes."
    ),
    "advantage.help_decks": "Decks, one or several separated by commas (default: 8).",
    "advantage.help_cut_card": "Cards behind the cut card, one or several (default: 14).",
    "advantage.help_shoes": "Shoes measured per setting (default: 1000).",
    "advantage.help_train_shoes": "Shoes the count thresholds are chosen on (default: 500).",
    "advantage.help_seed": "Seed of the measured shoes (default: 1).",
    "advantage.help_train_seed": (
        "Seed of the training shoes; must differ from --seed (default: 2)."
    ),
    "advantage.help_workers": "Processes (default: 1).",
    "advantage.help_scheduler": (
        "Run on this Dask scheduler (tcp://host:8786) instead of processes."
    ),
    "advantage.help_json": "Print JSON.",
    "advantage.help_format": (
        "table (the default), json (as --json), csv or markdown: a row per setting, bet and "
        "strategy, with plain numbers."
    ),
    "advantage.help_plot": (
        "Write a PNG: win per 100 shoes against the cut-card depth, perfect vs count."
    ),
    "advantage.help_progress": "Progress bar (default: on a terminal).",
    "advantage.help_lang": "Language, en or es (default: from the locale).",
    "advantage.title": (
        "{decks} decks, cut card {cut} from the end: {shoes:,} shoes "
        "(thresholds from {train:,} other shoes)"
    ),
    "advantage.bet": "Bet",
    "advantage.strategy": "Strategy",
    "advantage.perfect": "perfect",
    # The count built from the project's effects of removal (the others are named
    # after their authors).
    "advantage.effects": "effects",
    "advantage.rounds": "Bets/shoe",
    "advantage.edge": "Mean edge",
    "advantage.win": "Win /100 shoes",
    "advantage.expected": "Expected /100 shoes",
    "advantage.share": "Share",
    "advantage.threshold": "TC ≥",
    "advantage.never": "never",
    "advantage.progress_train": "Training {setting}",
    "advantage.progress_measure": "Measuring {setting}",
    "advantage.stopped": "Stopped (Ctrl-C): the figures are for the shoes finished.",
    "advantage.nothing": "Stopped (Ctrl-C) before a setting was measured: nothing to report.",
    "advantage.note": (
        "Win: what the bets actually won (± s.e.). Expected: the exact edges of the "
        "bets placed, summed (its expectation, ± s.e.). Share: the count's expected win over "
        "the perfect player's."
    ),
    "advantage.bad_list": "whole numbers separated by commas, such as 8,6, got '{value}'",
    "advantage.plot_path": "Cannot write the plot to {path}: {reason}.",
    "advantage.plot_suffix": "The plot is a PNG: give a file name ending in .png, got {path}.",
    "advantage.scheduler": "Could not use the Dask scheduler {address}: {reason}.",
    "advantage.workers_with_scheduler": "--workers cannot be used with --scheduler.",
    "advantage.wrote": "Plot written to {path}.",
    "advantage.plot_perfect": "{decks} decks, perfect",
    "advantage.plot_count": "{decks} decks, best count",
    "advantage.plot_x": "cards behind the cut card",
    "advantage.plot_y": "expected win / 100 shoes (units)",
    "advantage.error_count": "--{name} must be a whole number of at least {low}, got {value}.",
    "advantage.error_seed": (
        "--{name} must be a whole number from 0 to 18446744073709551615, got {value}."
    ),
    "advantage.error_same_seed": (
        "--train-seed must differ from --seed ({seed}): thresholds chosen on "
        "the measured shoes would bias the count's win upward."
    ),
    "advantage.error_settings": "Give at least one number of decks and one cut-card depth.",
    "advantage.at_least": "a whole number of at least {low}, got '{value}'",
    "advantage.error_rules": "The rules do not offer {names}.",
}

ES: dict[str, str] = {
    "advantage.help": (
        "Apuestas laterales que vale la pena jugar: lo que gana el jugador con "
        "información perfecta y lo que gana un conteo, en zapatos con carta de corte."
    ),
    "advantage.help_decks": "Barajas, una o varias separadas por comas (por defecto: 8).",
    "advantage.help_cut_card": (
        "Cartas detrás de la carta de corte, una o varias (por defecto: 14)."
    ),
    "advantage.help_shoes": "Zapatos medidos por configuración (por defecto: 1000).",
    "advantage.help_train_shoes": (
        "Zapatos en los que se eligen los umbrales del conteo (por defecto: 500)."
    ),
    "advantage.help_seed": "Semilla de los zapatos medidos (por defecto: 1).",
    "advantage.help_train_seed": (
        "Semilla de los zapatos de entrenamiento; distinta de --seed (por defecto: 2)."
    ),
    "advantage.help_workers": "Procesos (por defecto: 1).",
    "advantage.help_scheduler": (
        "Ejecutar en este planificador de Dask (tcp://host:8786) en vez de en procesos."
    ),
    "advantage.help_json": "Imprimir JSON.",
    "advantage.help_format": (
        "table (por defecto), json (como --json), csv o markdown: una fila por escenario, "
        "apuesta y estrategia, con números sin formato."
    ),
    "advantage.help_plot": (
        "Escribir un PNG: ganancia por 100 zapatos según la profundidad de la "
        "carta de corte, perfecto frente a conteo."
    ),
    "advantage.help_progress": "Barra de progreso (por defecto: en una terminal).",
    "advantage.help_lang": "Idioma, en o es (por defecto: el del sistema).",
    "advantage.title": (
        "{decks} barajas, carta de corte a {cut} del final: {shoes:,} zapatos "
        "(umbrales elegidos en otros {train:,})"
    ),
    "advantage.bet": "Apuesta",
    "advantage.strategy": "Estrategia",
    "advantage.perfect": "perfecto",
    "advantage.effects": "efectos",
    "advantage.rounds": "Apuestas/zapato",
    "advantage.edge": "Ventaja media",
    "advantage.win": "Ganancia /100 zapatos",
    "advantage.expected": "Esperada /100 zapatos",
    "advantage.share": "Parte",
    "advantage.threshold": "CV ≥",
    "advantage.never": "nunca",
    "advantage.progress_train": "Entrenando {setting}",
    "advantage.progress_measure": "Midiendo {setting}",
    "advantage.stopped": "Detenido (Ctrl-C): las cifras son de los zapatos terminados.",
    "advantage.nothing": (
        "Detenido (Ctrl-C) antes de medir una configuración: no hay nada que mostrar."
    ),
    "advantage.note": (
        "Ganancia: lo que ganaron de verdad las apuestas (± e. e.). Esperada: la suma "
        "de las ventajas exactas de las apuestas hechas (su esperanza, ± e. e.). Parte: la "
        "ganancia esperada del conteo sobre la del jugador perfecto."
    ),
    "advantage.bad_list": ("números enteros separados por comas, como 8,6; se recibió «{value}»"),
    "advantage.plot_path": "No se puede escribir el gráfico en {path}: {reason}.",
    "advantage.plot_suffix": (
        "El gráfico es un PNG: dé un nombre de archivo terminado en .png; se recibió {path}."
    ),
    "advantage.scheduler": "No se pudo usar el planificador de Dask {address}: {reason}.",
    "advantage.workers_with_scheduler": "--workers no se puede usar con --scheduler.",
    "advantage.wrote": "Gráfico escrito en {path}.",
    "advantage.plot_perfect": "{decks} barajas, perfecto",
    "advantage.plot_count": "{decks} barajas, mejor conteo",
    "advantage.plot_x": "cartas detrás de la carta de corte",
    "advantage.plot_y": "ganancia esperada / 100 zapatos (unidades)",
    "advantage.error_count": (
        "--{name} debe ser un número entero de al menos {low}; se recibió {value}."
    ),
    "advantage.error_seed": (
        "--{name} debe ser un número entero de 0 a 18446744073709551615; se recibió {value}."
    ),
    "advantage.error_same_seed": (
        "--train-seed debe ser distinta de --seed ({seed}): elegir los "
        "umbrales en los zapatos medidos sesgaría al alza la ganancia del conteo."
    ),
    "advantage.error_settings": "Indique al menos un número de barajas y una profundidad de corte.",
    "advantage.at_least": "un número entero de al menos {low}; se recibió «{value}»",
    "advantage.error_rules": "Las reglas no ofrecen {names}.",
}
