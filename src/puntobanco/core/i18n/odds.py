"""The words of ``puntobanco odds``: its tables, its help, its refusals.

Every key starts with ``odds.``: ``odds.help*`` are the --help texts; ``odds.<code>``
the command's own refusals (by the code of its error); ``odds.shoe_error.<code>``
the analysis layer's refusals of a shoe (:class:`~puntobanco.analysis.shoe.InvalidShoe`).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "odds.title": "Punto Banco odds: {cards} cards in the shoe ({where})",
    "odds.full": "a full {decks}-deck shoe",
    "odds.counts": "counts given",
    "odds.outcomes": "Outcomes",
    "odds.outcome": "Outcome",
    "odds.probability": "Probability",
    "odds.bets": "Bets (per unit staked; ties push Player and Banker)",
    "odds.bet": "Bet",
    "odds.pays": "Pays",
    "odds.house_edge": "House edge",
    "odds.per_resolved": "Edge per resolved bet",
    "odds.rtp": "Return to player",
    "odds.ev": "Expected value",
    "odds.std_dev": "Std. dev.",
    "odds.more": "The coup",
    "odds.what": "Event",
    "odds.dealt": "{n} cards dealt",
    "odds.player_natural": "Player natural",
    "odds.banker_natural": "Banker natural",
    "odds.any_natural": "A natural (either side)",
    "odds.banker_six": "Banker wins with 6",
    "odds.player_pair": "Player pair",
    "odds.banker_pair": "Banker pair",
    "odds.effects": (
        "Effects of removal: change in expected value (%) when one card leaves "
        "[balanced count weight]"
    ),
    "odds.card": "Card",
    "odds.weights": "level {level}, correlation {corr}",
    "odds.weights_row": "Count",
    "odds.through": (
        "Through the shoe: {shoes} seeded shoes (seed {seed}), {rounds} rounds; "
        "betting only when the remaining cards give a positive expectation"
    ),
    "odds.positive": "Rounds positive",
    "odds.share": "Share",
    "odds.mean_ev": "Mean expected gain",
    "odds.mean_actual": "Mean actual gain",
    "odds.total_note": " ({total} pays {pays})",
    "odds.push_note": " ({when}: push)",
    "odds.error": "Error: {message}",
    "odds.one_shoe": "give only one of --decks, --points and --ranks",
    "odds.one_points": "give only one of --shoe V=N,... and --points (they are the same)",
    "odds.spec": (
        "{option} takes KEY=COUNT pairs separated by commas, such as 0=128,1=32; got {part!r}"
    ),
    "odds.whole": "{option} must be a whole number, got {value!r}",
    "odds.remove": "{token!r} in --remove is not a card or a rank: write Kd, 10h, K or 9",
    "odds.remove_card": ("--remove takes {card} {asked} times, but a shoe of {decks} holds {held}"),
    # --help
    "odds.help": (
        "Exact odds, house edge and spread of every bet, for any shoe and any payouts."
        "\n\nCounts not listed in --points or --ranks are 0. A shoe needs at least 6 "
        "cards (a coup can take 6); a smaller one is refused with exit status 2."
    ),
    "odds.help_decks": "Decks in a full shoe, 1 to 8 (default 8).",
    "odds.help_shoe": (
        "The shoe type, cut-card or reshuffle, as in every command (for --effects' "
        "study); V=N,... is still read as --points."
    ),
    "odds.help_points": "Counts per point value, e.g. 0=128,1=32,...,9=32 (others 0).",
    "odds.help_ranks": "Counts per rank, e.g. A=32,2=32,...,K=32 (needed for pairs).",
    "odds.help_remove": "Cards already dealt, e.g. 'Kd 5s 9' (ranks allowed).",
    "odds.help_preset": (
        "Start from a named rule set, e.g. super-6, ez-baccarat, dragon-bonus, tiger, "
        "egalite or all-side-bets."
    ),
    "odds.help_side_bets": (
        "Offer side bets, e.g. dragon_7,tiger=12:20 (=X sets the payouts, "
        "colon-separated in the paytable's order)."
    ),
    "odds.help_commission": "Banker commission, 5% or 0.05 (a bare 5 is refused as ambiguous).",
    "odds.help_tie_pays": "Tie winnings per unit, e.g. 9.",
    "odds.help_banker_six_pays": "A winning Banker 6 pays this, e.g. 0.5 (Super 6).",
    "odds.help_pair_pays": "Offer Player/Banker Pair paying this, e.g. 11.",
    "odds.help_exact": "Print exact fractions.",
    "odds.help_json": "One JSON object on stdout (the same as --format json).",
    "odds.help_format": "table (default), json, csv or markdown (md).",
    "odds.help_effects": "Effects of removal, counts, through the shoe.",
    "odds.progress": "Dealing {shoes} shoes for the through-the-shoe study…",
    "odds.paytables": "What each side bet with several payouts pays, first that applies:",
    "odds.effects_format": (
        "the effects study is written as a table or in json (its figures do not fit one CSV "
        "table): give --format table or json"
    ),
    "odds.stopped": "Stopped by Ctrl-C before the study was finished: nothing is reported.",
    "odds.help_shoes": (
        "Full seeded shoes of the rules' decks dealt by --effects' study (default: 100)."
    ),
    "odds.help_seed": "Seed of the through-the-shoe study (default: 1).",
    "odds.help_lang": "en or es (default: the locale).",
    # The analysis layer's refusals of a shoe (InvalidShoe, by code); {what} is a
    # kind of card and its key ("rank K", "point value 0").
    "odds.kind.rank": "rank",
    "odds.kind.point_value": "point value",
    "odds.kind.card": "card",
    "odds.shoe_error.count_not_int": "the count for {what} must be a whole number, got {value}",
    "odds.shoe_error.negative_count": "the count for {what} cannot be negative, got {value}",
    "odds.shoe_error.unknown_point": "unknown point value {key!r}: point values are 0 to 9",
    "odds.shoe_error.unknown_rank": "unknown rank {key!r}: use A, 2-10 (or T), J, Q or K",
    "odds.shoe_error.duplicate": "{key} is given twice",
    "odds.shoe_error.none_left": "cannot remove {asked} cards of {what}: the shoe holds {held}",
    "odds.shoe_error.none_left.one": "cannot remove {asked} card of {what}: the shoe holds {held}",
    "odds.shoe_error.too_few_cards": (
        "the shoe has {cards} cards, but this needs at least {minimum}: give at least {minimum}"
    ),
    "odds.shoe_error.pairs_need_ranks": (
        "the pair bets ({bets}) need the count of each rank (--ranks or --decks; suits are "
        "spread evenly), not only of each point value"
    ),
    "odds.shoe_error.decks": "the number of decks must be from 1 to 8, not {value}",
    "odds.shoe_error.shoes": "the number of shoes must be a positive whole number, not {value}",
    "odds.shoe_error.bad_item": "cannot remove {item}: give cards or ranks",
    "odds.shoe_error.inconsistent": (
        "the counts per rank (or per card) do not add up to the counts per point value "
        "(or per rank)"
    ),
    "odds.shoe_error.too_many_cards": (
        "the float path takes at most {maximum} cards, the shoe has {cards}: use the exact path"
    ),
    "odds.shoe_error.count_length": "expected {expected} counts, got {value}",
}

ES: dict[str, str] = {
    "odds.title": "Probabilidades de Punto Banco: {cards} cartas en el zapato ({where})",
    "odds.full": "un zapato completo de {decks} barajas",
    "odds.counts": "recuento dado",
    "odds.outcomes": "Resultados",
    "odds.outcome": "Resultado",
    "odds.probability": "Probabilidad",
    "odds.bets": "Apuestas (por unidad apostada; en empate Jugador y Banca no pierden)",
    "odds.bet": "Apuesta",
    "odds.pays": "Paga",
    "odds.house_edge": "Ventaja de la casa",
    "odds.per_resolved": "Ventaja por apuesta resuelta",
    "odds.rtp": "Retorno al jugador",
    "odds.ev": "Valor esperado",
    "odds.std_dev": "Desv. típica",
    "odds.more": "La mano",
    "odds.what": "Suceso",
    "odds.dealt": "{n} cartas repartidas",
    "odds.player_natural": "Natural del Jugador",
    "odds.banker_natural": "Natural de la Banca",
    "odds.any_natural": "Un natural (cualquier lado)",
    "odds.banker_six": "La Banca gana con 6",
    "odds.player_pair": "Pareja del Jugador",
    "odds.banker_pair": "Pareja de la Banca",
    "odds.effects": (
        "Efecto de retirar una carta: cambio del valor esperado (%) [peso del conteo equilibrado]"
    ),
    "odds.card": "Carta",
    "odds.weights": "nivel {level}, correlación {corr}",
    "odds.weights_row": "Conteo",
    "odds.through": (
        "A lo largo del zapato: {shoes} zapatos con semilla {seed}, {rounds} manos; "
        "apostando solo cuando las cartas que quedan dan una esperanza positiva"
    ),
    "odds.positive": "Manos positivas",
    "odds.share": "Proporción",
    "odds.mean_ev": "Ganancia esperada media",
    "odds.mean_actual": "Ganancia real media",
    "odds.total_note": " (el {total} paga {pays})",
    "odds.push_note": " ({when}: se devuelve)",
    "odds.error": "Error: {message}",
    "odds.one_shoe": "indique solo una de las opciones --decks, --points y --ranks",
    "odds.one_points": "indique solo una de --shoe V=N,... y --points (son lo mismo)",
    "odds.spec": (
        "{option} espera pares CLAVE=CANTIDAD separados por comas, como 0=128,1=32; "
        "recibido {part!r}"
    ),
    "odds.whole": "{option} debe ser un número entero, no {value!r}",
    "odds.remove": "{token!r} en --remove no es una carta ni un rango: escriba Kd, 10h, K o 9",
    "odds.remove_card": (
        "--remove retira {card} {asked} veces, pero un zapato de {decks} tiene {held}"
    ),
    "odds.help": (
        "Probabilidades exactas, ventaja de la casa y dispersión de cada apuesta, para "
        "cualquier zapato y cualquier pago.\n\nLas cantidades que no figuran en --points "
        "o --ranks son 0. Un zapato necesita al menos 6 cartas (una mano puede llevar 6); "
        "uno más pequeño se rechaza con el código de salida 2."
    ),
    "odds.help_decks": "Barajas de un zapato completo, de 1 a 8 (por defecto: 8).",
    "odds.help_shoe": (
        "El tipo de zapato, cut-card o reshuffle, como en todas las órdenes (para el "
        "estudio de --effects); V=N,... se sigue leyendo como --points."
    ),
    "odds.help_points": "Cartas de cada valor, como 0=128,1=32,...,9=32 (el resto, 0).",
    "odds.help_ranks": (
        "Cartas de cada rango, como A=32,2=32,...,K=32 (necesario para las parejas)."
    ),
    "odds.help_remove": "Cartas ya repartidas, como 'Kd 5s 9' (se admiten rangos).",
    "odds.help_preset": (
        "Partir de unas reglas predefinidas, como super-6, ez-baccarat, dragon-bonus, "
        "tiger, egalite o all-side-bets."
    ),
    "odds.help_side_bets": (
        "Ofrecer apuestas laterales, como dragon_7,tiger=12:20 (=X fija los "
        "pagos, separados por dos puntos en el orden de la tabla)."
    ),
    "odds.help_commission": "Comisión de la Banca, 5% o 0.05 (un 5 solo se rechaza por ambiguo).",
    "odds.help_tie_pays": "Ganancia del Empate por unidad apostada, como 9.",
    "odds.help_banker_six_pays": "Lo que paga la Banca al ganar con 6, como 0.5 (Super 6).",
    "odds.help_pair_pays": (
        "Ofrecer las apuestas Pareja Jugador y Pareja Banca con este pago, como 11."
    ),
    "odds.help_exact": "Mostrar fracciones exactas.",
    "odds.help_json": "Un objeto JSON en la salida estándar (lo mismo que --format json).",
    "odds.help_format": "table (por defecto), json, csv o markdown (md).",
    "odds.progress": "Repartiendo {shoes} zapatos para el estudio a lo largo del zapato…",
    "odds.effects_format": (
        "el estudio de efectos se escribe como tabla o en json (sus cifras no caben en una "
        "tabla CSV): indique --format table o json"
    ),
    "odds.paytables": (
        "Lo que paga cada apuesta lateral con varios pagos (decide la primera que se cumple):"
    ),
    "odds.stopped": "Detenido con Ctrl-C antes de terminar el estudio: no se informa de nada.",
    "odds.help_effects": ("Efecto de retirar cada carta, conteos y estudio a lo largo del zapato."),
    "odds.help_shoes": (
        "Zapatos completos con semilla, de las barajas de las reglas, que reparte el "
        "estudio de --effects (por defecto: 100)."
    ),
    "odds.help_seed": "Semilla del estudio a lo largo del zapato (por defecto: 1).",
    "odds.help_lang": "en o es (por defecto: el idioma del sistema).",
    "odds.kind.rank": "rango",
    "odds.kind.point_value": "valor",
    "odds.kind.card": "carta",
    "odds.shoe_error.count_not_int": "la cantidad de {what} debe ser un número entero, no {value}",
    "odds.shoe_error.negative_count": "la cantidad de {what} no puede ser negativa ({value})",
    "odds.shoe_error.unknown_point": "valor {key!r} desconocido: los valores van de 0 a 9",
    "odds.shoe_error.unknown_rank": "rango {key!r} desconocido: use A, 2-10 (o T), J, Q o K",
    "odds.shoe_error.duplicate": "{key} aparece dos veces",
    "odds.shoe_error.none_left": (
        "no se pueden retirar {asked} cartas de {what}: el zapato tiene {held}"
    ),
    "odds.shoe_error.none_left.one": (
        "no se puede retirar {asked} carta de {what}: el zapato tiene {held}"
    ),
    "odds.shoe_error.too_few_cards": (
        "el zapato tiene {cards} cartas, pero una mano puede necesitar {minimum}: "
        "indique al menos {minimum}"
    ),
    "odds.shoe_error.pairs_need_ranks": (
        "las apuestas a pareja ({bets}) necesitan la cantidad de cada rango (--ranks o "
        "--decks; los palos se reparten por igual), no solo de cada valor"
    ),
    "odds.shoe_error.decks": "el número de barajas debe ir de 1 a 8, no {value}",
    "odds.shoe_error.shoes": "el número de zapatos debe ser un entero positivo, no {value}",
    "odds.shoe_error.bad_item": "no se puede retirar {item}: indique cartas o rangos",
    "odds.shoe_error.inconsistent": (
        "las cantidades por rango (o por carta) no suman las cantidades por valor (o por rango)"
    ),
    "odds.shoe_error.too_many_cards": (
        "el cálculo en coma flotante admite {maximum} cartas como mucho, el zapato tiene "
        "{cards}: use el cálculo exacto"
    ),
    "odds.shoe_error.count_length": "se esperaban {expected} cantidades, se recibieron {value}",
}
