"""The web table's words, in English and Spanish: every text the page shows.

The page (``puntobanco/web/static``) reads this section as JSON from
``GET /api/i18n/{lang}`` and looks each of its keys up under the ``web.`` prefix
(its ``t("status.place")`` reads ``web.status.place``). A text that counts
things names the count ``{n}``; its singular stands under ``key + ".one"``, which
the page chooses for ``n == 1``, as :func:`puntobanco.core.i18n.text` does for
``count == 1`` (pass both: ``text(lang, key, count=n, n=n)``).

A word another section already has is not repeated here: the page reads the core's
bet and side names (``game.bet.*``, ``game.side.*``) and the few words it shares
with the terminal game and the odds table under their own keys, which
``GET /api/i18n/{lang}`` serves beside this section.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "web.app.page_title": "Punto Banco: baccarat table, play money",
    "web.app.description": (
        "Punto Banco (baccarat) with play money: exact odds, readable scoreboards, provably "
        "fair shuffles."
    ),
    "web.skip": "Skip to the bets",
    "web.app.tagline": "Baccarat · provably fair · play money",
    "web.lang.label": "Language",
    "web.sound.label": "Sound of the result",
    "web.lang.switch": "Español",
    "web.bet.total": "Total bet",
    "web.rules.felt.cut-card": "cut card",
    "web.rules.felt.reshuffle": "reshuffled every round",
    "web.rules.felt.min": "Min",
    "web.rules.felt.max": "Max",
    "web.menu.label": "Menu",
    "web.view.label": "View",
    "web.view.table": "Table",
    "web.tray.open": "Side bets ▾",
    "web.tray.close": "Side bets ▴",
    "web.tray.with": "Side bets: {amount} ▾",
    "web.spot.max": "MAX",
    "web.spot.push": "{cards}-card {total} pushes",
    "web.deal.card": "{side}: {card}, {total}",
    "web.deal.results": "Your bets: {results}.",
    "web.card.name": "{rank} of {suit}",
    "web.card.rank.A": "ace",
    "web.card.rank.2": "two",
    "web.card.rank.3": "three",
    "web.card.rank.4": "four",
    "web.card.rank.5": "five",
    "web.card.rank.6": "six",
    "web.card.rank.7": "seven",
    "web.card.rank.8": "eight",
    "web.card.rank.9": "nine",
    "web.card.rank.10": "ten",
    "web.card.rank.J": "jack",
    "web.card.rank.Q": "queen",
    "web.card.rank.K": "king",
    "web.card.suit.s": "spades",
    "web.card.suit.h": "hearts",
    "web.card.suit.d": "diamonds",
    "web.card.suit.c": "clubs",
    "web.roads.text.bead": "In order: {results}.",
    "web.roads.text.column": "column {col}: {marks}",
    "web.rounds.none": "No rounds yet.",
    "web.err.max": "The bet on {name} is at its maximum of {max}.",
    "web.err.balance_left": "Your balance is all on the table: no more chips can be placed.",
    "web.err.double_max": "Doubling would take the bet on {name} over its maximum of {max}.",
    "web.err.double_balance": "Doubling needs {amount}, more than your balance.",
    "web.err.rebet_max": "The last bet on {name} is over this table's maximum of {max}.",
    "web.err.rebet_balance": "The last bets total {amount}, more than your balance.",
    "web.account.keep": "Keep my balance: create an account",
    "web.account.kept": "Account created: your balance, rounds and history are kept.",
    "web.account.topup.text": "Choose an amount. Your balance may hold up to {cap}.",
    "web.account.topup.full": "Your balance is at the cap of {cap}: nothing can be added.",
    "web.account.topup.amount": "Add {amount}",
    "web.leave.title": "Leave the table?",
    "web.leave.guest": (
        "You are playing as a guest: leaving loses your balance of {amount}. Create an account "
        "to keep it, with your rounds and history."
    ),
    "web.leave.keep": "Create account and keep it",
    "web.leave.anyway": "Leave and lose it",
    "web.leave.stay": "Stay at the table",
    "web.account.guest": "Guest",
    "web.account.logout": "Leave table",
    "web.account.topup": "Add play money",
    "web.account.topup.done": "{amount} of play money added.",
    "web.menu.history": "History",
    "web.menu.fairness": "Fairness",
    "web.menu.explain": "Explain the deal",
    "web.welcome.title": "Welcome to the table",
    "web.welcome.text": (
        "Punto Banco with play money. Play as a guest, or keep your balance with an account."
    ),
    "web.welcome.guest": "Play as guest",
    "web.field.username": "User name",
    "web.field.password": "Password",
    "web.auth.login.submit": "Log in",
    "web.auth.register.submit": "Create account",
    "web.tray.result": "Side bets: {net} ▾",
    "web.tray.more": "All {count} side bets ▾",
    "web.leg.natural": "a natural",
    "web.leg.not_natural": "not a natural",
    "web.leg.winning_total": "with {total}",
    "web.leg.tie_total": "at {total}",
    "web.leg.winning_cards": "{n} cards",
    "web.leg.winning_cards.one": "{n} card",
    "web.leg.pairs.1": "a pair in one hand",
    "web.leg.pairs.2": "a pair in both hands",
    "web.leg.suited_pairs.1": "a suited pair in one hand",
    "web.leg.suited_pairs.2": "a suited pair in both hands",
    "web.leg.same_rank": "both hands pairs of the same rank",
    "web.leg.pays": "{when}: {pays}",
    "web.leg.push": "{when}: push",
    "web.rules.side_lose": "Side bets resolve by their own tables: anything not listed loses.",
    "web.preset.ez-baccarat": "EZ Baccarat: no commission, Dragon 7 and Panda 8",
    "web.preset.dragon-bonus": "Punto Banco with Dragon Bonus and pairs",
    "web.preset.tiger": "Tiger: Super 6 with the five Tiger bets",
    "web.preset.egalite": "Punto Banco with the ten Egalité bets",
    "web.preset.all-side-bets": "Punto Banco with every side bet",
    "web.spot.aria": "Bet on {name}, pays {pays}. On the spot: {amount}",
    "web.spot.empty": "nothing",
    "web.chips.label": "Chips",
    "web.chip.aria": "Chip of {amount}",
    "web.action.undo": "Undo",
    "web.action.clear": "Clear",
    "web.action.rebet": "Rebet",
    "web.action.double": "Double",
    "web.action.deal": "Deal",
    "web.action.dealing": "Dealing…",
    "web.status.place": "Place your bets",
    "web.status.placed": "Bets on the table: {amount}. Press Deal.",
    "web.status.dealing": "No more bets",
    "web.call.player": "Player wins {p} to {b}",
    "web.call.banker": "Banker wins {b} to {p}",
    "web.call.tie": "Tie, {p} all",
    "web.call.natural": "Natural",
    "web.result.net.win": "You win {amount}",
    "web.result.net.lose": "You lose {amount}",
    "web.result.net.even": "No win, no loss",
    "web.res.win": "Win +{amount}",
    "web.res.lose": "Lose",
    "web.res.push": "Push",
    "web.explain.title": "The deal, step by step",
    "web.explain.off": "Turn on Explain to see the rule behind each draw or stand.",
    "web.explain.empty": "Deal a round to see its steps.",
    "web.roads.title": "Scoreboards",
    "web.roads.bead": "Bead Plate",
    "web.roads.big": "Big Road",
    "web.roads.big_eye_boy": "Big Eye Boy",
    "web.roads.small_road": "Small Road",
    "web.roads.cockroach_pig": "Cockroach Pig",
    "web.roads.ask": "Ask",
    "web.roads.ask.banker": "If Banker wins next",
    "web.roads.ask.player": "If Player wins next",
    "web.roads.ask.none": "not yet",
    "web.roads.colour.red": "red",
    "web.roads.colour.blue": "blue",
    "web.roads.cell.empty": "empty",
    "web.roads.cell.ties": "{n} ties",
    "web.roads.cell.ties.one": "{n} tie",
    "web.roads.pair.player": "Player pair",
    "web.roads.pair.banker": "Banker pair",
    "web.roads.aria": "{road}: {n} marks",
    "web.roads.aria.one": "{road}: {n} mark",
    "web.stats.title": "This shoe",
    "web.stats.rounds": "Rounds",
    "web.stats.naturals": "Naturals",
    "web.stats.player_pairs": "Player pairs",
    "web.stats.banker_pairs": "Banker pairs",
    "web.stats.cards": "Cards left",
    "web.shoe.cut": "Cut card: last hand.",
    "web.shoe.finished": "Last hand dealt: this shoe is over. New shoe, shuffling.",
    "web.shoe.new": "New shoe, shuffling.",
    "web.edge.title": "House edge now",
    "web.edge.note": (
        "Exact, for the cards you have not seen (burned face-down cards stay unknown)."
    ),
    "web.edge.edge": "House edge",
    "web.edge.exact": "Exact",
    "web.rules.title": "Rules & limits",
    "web.rules.decks": "{n} decks",
    "web.rules.decks.one": "{n} deck",
    "web.rules.mode.reshuffle": "reshuffled every round",
    "web.rules.mode.cut-card": "dealt to a cut card ({n} cards from the end)",
    "web.rules.mode.cut-card.one": "dealt to a cut card ({n} card from the end)",
    "web.rules.min": "Minimum",
    "web.rules.max": "Maximum",
    "web.rules.commission": "{pct} commission",
    "web.rules.total.banker": "a winning Banker {total} pays {pays}",
    "web.rules.total.player": "a winning Player {total} pays {pays}",
    "web.rules.tie_push": "Player and Banker bets push on a tie.",
    "web.rules.choose": "Table",
    "web.rules.choose.note": (
        "Another table starts a new shoe; chips on the table stay where the new table offers "
        "their spot."
    ),
    "web.rules.withdrawn": (
        "The operator has withdrawn these table rules: choose a table to play your next round."
    ),
    "web.testseed.banner": (
        "Test mode: this server deals from a fixed test seed, so every card is known in advance "
        "and no round is provably fair. Not for real play."
    ),
    "web.rules.withdrawn.option": "{name} (withdrawn)",
    "web.preset.online": "Online: 6 decks, reshuffled every round",
    "web.preset.punto-banco": "Punto Banco: 8 decks, cut card",
    "web.preset.punto-banco-6": "Punto Banco: 6 decks, cut card",
    "web.preset.punto-banco-pairs": "Punto Banco with pair bets: 8 decks",
    "web.preset.super-6": "Super 6: no commission, a Banker 6 pays half",
    "web.preset.commission-4": "Punto Banco, 4% commission",
    "web.preset.tie-9": "Punto Banco, Tie pays 9 to 1",
    "web.history.title": "Game recall",
    "web.history.more": "Older rounds",
    "web.history.round": "Round {id}",
    "web.history.bets": "Bets",
    "web.history.shoe": "Shoe {index}, round {n}",
    "web.history.burn": "Burn: {card} shown, {n} face down",
    "web.burn.felt": "New shoe. Burned: {card} face up, then {n} cards face down.",
    "web.burn.felt.one": "New shoe. Burned: {card} face up, then {n} card face down.",
    "web.burn.label": "Burn",
    "web.fair.title": "Provably fair",
    "web.fair.text": (
        'Each shoe is shuffled from HMAC-SHA256(server seed, "client seed:nonce:counter"). You '
        "see the server seed's hash before you play; rotating reveals the seed so you can check "
        "every shoe dealt with it."
    ),
    "web.fair.hash": "Server seed hash (SHA-256)",
    "web.fair.client": "Client seed",
    "web.fair.nonce": "Nonce (next shoe)",
    "web.fair.nonce.round": "Nonce",
    "web.fair.set": "Use this client seed",
    "web.fair.set.done": "Client seed saved.",
    "web.fair.rotate": "Rotate and reveal the server seed",
    "web.fair.revealed": "Revealed server seed",
    "web.fair.verify": "Verify",
    "web.fair.verify.seed": "Server seed to verify (hex)",
    "web.fair.verify.ok": "{n} rounds checked: all match.",
    "web.fair.verify.ok.one": "{n} round checked: it matches.",
    "web.fair.verify.bad": "{n} rounds checked; not matching: {m}.",
    "web.fair.verify.bad.one": "{n} round checked: it does NOT match.",
    "web.fair.check.ok": (
        "Checked in your browser: SHA-256 of this seed is {hash}, the hash shown before play. It "
        "matches."
    ),
    "web.fair.check.bad": (
        "Checked in your browser: SHA-256 of this seed is {hash}, but the hash shown before play "
        "was {shown}. It does NOT match."
    ),
    "web.fair.check.unknown": (
        "Checked in your browser: SHA-256 of this seed is {hash}. This page did not show a hash "
        "for it before play, so compare it with the hash in your history."
    ),
    "web.fair.check.invalid": "A server seed is 64 hexadecimal characters (32 bytes).",
    "web.fair.check.unavailable": (
        "This browser cannot compute SHA-256 here (it needs HTTPS): check the hash yourself."
    ),
    "web.close": "Close",
    "web.err.offline": (
        "Lost connection to the table. Your chips are still on the table: try again when you are "
        "back online."
    ),
    "web.err.server": (
        "The table had a problem (error {status}). Your chips are still on the table and your "
        "balance was not touched; please try again."
    ),
    "web.err.auth": "Your session has ended: please log in again.",
    "web.err.generic": "Something went wrong: {message}",
    "web.err.no_bets": "Place at least one chip on a bet spot first.",
    "web.err.nothing_to_rebet": "There is no previous bet to repeat.",
    "web.err.fields": "Write a user name and a password.",
    "web.err.dealt_offline": (
        "Your round of {amount} was dealt while the connection was lost: here it is, with your "
        "balance as the table has it."
    ),
    "web.err.dealt_offline.chips": (
        "Your round of {amount} was dealt while the connection was lost: here it is, with your "
        "balance as the table has it. The chips now on the table have not been bet: press Deal "
        "to bet them."
    ),
    # The Chemin de fer page (chemin.html).
    "web.chemin.title": "Chemin de fer",
    "web.chemin.page_title": "Chemin de fer: a table of play money",
    "web.chemin.nav": "Chemin de fer navigation",
    "web.chemin.back": "Back to Punto Banco",
    "web.chemin.new_table": "New table",
    "web.chemin.seats": "Seats",
    "web.chemin.your_turn": "Your move",
    "web.chemin.amount": "Amount",
    "web.chemin.last_round": "Last round",
    "web.chemin.you": "You (seat 0)",
    "web.chemin.seat": "Seat {number}",
    "web.chemin.col.seat": "Seat",
    "web.chemin.col.role": "Role",
    "web.chemin.col.stake": "Stake",
    "web.chemin.col.payout": "Paid back",
    "web.chemin.col.delta": "Won or lost",
    "web.chemin.role.banker": "Holds the bank",
    "web.chemin.role.punter": "Punter",
    "web.chemin.role.banco": "Punter, banco",
    "web.chemin.bank.open": "{seat} holds the bank: {amount}.",
    "web.chemin.bank.closed": "{seat} holds the shoe; the bank is not open yet.",
    "web.chemin.no_table": "You are not at a Chemin de fer table yet.",
    "web.chemin.turn.bank": (
        "You hold the shoe: open a bank of the amount you write (at least {minimum}), or pass "
        "the shoe on."
    ),
    "web.chemin.turn.deal": "Your bank of {amount} is open: deal the round, or pass the shoe on.",
    "web.chemin.turn.keep": "You won the round: keep the bank of {amount}, or pass it on.",
    "web.chemin.turn.bet": (
        "{seat} holds a bank of {amount}; {left} of it is left to cover. Bet an amount, call "
        "banco for the whole bank, or sit this round out."
    ),
    "web.chemin.turn.decision": "The choice is yours: draw a card or stand. There is no clock.",
    "web.chemin.bets_before": "Bets before yours: {bets}.",
    "web.chemin.bet.amount": "{seat} {amount}",
    "web.chemin.bet.banco": "{seat} banco",
    "web.chemin.act.bank": "Open the bank",
    "web.chemin.act.deal": "Deal the round",
    "web.chemin.act.keep": "Keep the bank",
    "web.chemin.act.pass": "Pass the shoe",
    "web.chemin.act.bet": "Bet this amount",
    "web.chemin.act.banco": "Banco ({amount})",
    "web.chemin.act.sit_out": "Sit out",
    "web.chemin.choice.draw": "Draw",
    "web.chemin.choice.stand": "Stand",
    "web.chemin.explain_toggle": "Explain",
    "web.chemin.explain.player": (
        "Your hand totals {total}: on 5 the rule leaves the Player the choice, to draw a third "
        "card or to stand."
    ),
    "web.chemin.explain.banker": (
        "The bank totals {total} and {third}: the rule card leaves the Banker the choice in this "
        "cell, to draw or to stand."
    ),
    "web.chemin.explain.banker_free": (
        "The bank totals {total} and {third}: at this table every cell of the Banker is free, "
        "so the choice to draw or to stand is yours."
    ),
    "web.chemin.third.stood": "the Player stood",
    "web.chemin.third.card": "the Player's third card counts {points}",
    "web.chemin.outcome": "Result: {side}. The bank of {seat} was {amount}.",
    "web.chemin.outcome.you": "Result: {side}. Your bank was {amount}.",
    "web.chemin.commission": "Commission on the bank's win: {amount}",
    "web.chemin.err.amount": (
        "Write an amount such as 20 or 20.50: digits, and at most two decimals."
    ),
    "web.chemin.err.failed": "The table did not answer: {message}. Try again.",
}

ES: dict[str, str] = {
    "web.app.page_title": "Punto Banco: mesa de bacará, dinero de juego",
    "web.app.description": (
        "Punto Banco (bacará) con dinero de juego: probabilidades exactas, marcadores legibles "
        "y barajado demostrablemente justo."
    ),
    "web.skip": "Ir a las apuestas",
    "web.app.tagline": "Bacará · juego justo demostrable · dinero de juego",
    "web.lang.label": "Idioma",
    "web.sound.label": "Sonido del resultado",
    "web.lang.switch": "English",
    "web.bet.total": "Apuesta total",
    "web.rules.felt.cut-card": "carta de corte",
    "web.rules.felt.reshuffle": "se baraja en cada mano",
    "web.rules.felt.min": "Mín.",
    "web.rules.felt.max": "Máx.",
    "web.menu.label": "Menú",
    "web.view.label": "Vista",
    "web.view.table": "Mesa",
    "web.tray.open": "Apuestas laterales ▾",
    "web.tray.close": "Apuestas laterales ▴",
    "web.tray.with": "Apuestas laterales: {amount} ▾",
    "web.spot.max": "MÁX.",
    "web.spot.push": "{total} de {cards} cartas: se devuelve",
    "web.deal.card": "{side}: {card}, {total}",
    "web.deal.results": "Sus apuestas: {results}.",
    "web.card.name": "{rank} de {suit}",
    "web.card.rank.A": "as",
    "web.card.rank.2": "dos",
    "web.card.rank.3": "tres",
    "web.card.rank.4": "cuatro",
    "web.card.rank.5": "cinco",
    "web.card.rank.6": "seis",
    "web.card.rank.7": "siete",
    "web.card.rank.8": "ocho",
    "web.card.rank.9": "nueve",
    "web.card.rank.10": "diez",
    "web.card.rank.J": "jota",
    "web.card.rank.Q": "reina",
    "web.card.rank.K": "rey",
    "web.card.suit.s": "picas",
    "web.card.suit.h": "corazones",
    "web.card.suit.d": "diamantes",
    "web.card.suit.c": "tréboles",
    "web.roads.text.bead": "Por orden: {results}.",
    "web.roads.text.column": "columna {col}: {marks}",
    "web.rounds.none": "Aún no hay manos.",
    "web.err.max": "La apuesta a {name} ya está en su máximo de {max}.",
    "web.err.balance_left": "Todo su saldo está en la mesa: no puede poner más fichas.",
    "web.err.double_max": "Al doblar, la apuesta a {name} pasaría de su máximo de {max}.",
    "web.err.double_balance": "Para doblar hacen falta {amount}, más que su saldo.",
    "web.err.rebet_max": "La última apuesta a {name} pasa del máximo de esta mesa, {max}.",
    "web.err.rebet_balance": "Las últimas apuestas suman {amount}, más que su saldo.",
    "web.account.keep": "Guardar mi saldo: crear una cuenta",
    "web.account.kept": "Cuenta creada: se conservan su saldo, sus manos y su historial.",
    "web.account.topup.text": "Elija una cantidad. Su saldo puede llegar hasta {cap}.",
    "web.account.topup.full": "Su saldo está en el tope de {cap}: no se puede añadir nada.",
    "web.account.topup.amount": "Añadir {amount}",
    "web.leave.title": "¿Dejar la mesa?",
    "web.leave.guest": (
        "Está jugando como invitado: si se va, pierde su saldo de {amount}. Cree una cuenta para "
        "conservarlo, con sus manos y su historial."
    ),
    "web.leave.keep": "Crear cuenta y conservarlo",
    "web.leave.anyway": "Irme y perderlo",
    "web.leave.stay": "Seguir en la mesa",
    "web.account.guest": "Invitado",
    "web.account.logout": "Dejar la mesa",
    "web.account.topup": "Añadir dinero de juego",
    "web.account.topup.done": "Se han añadido {amount} de dinero de juego.",
    "web.menu.history": "Historial",
    "web.menu.fairness": "Juego justo",
    "web.menu.explain": "Explicar el reparto",
    "web.welcome.title": "Bienvenido a la mesa",
    "web.welcome.text": (
        "Punto Banco con dinero de juego. Juegue como invitado o guarde su saldo con una cuenta."
    ),
    "web.welcome.guest": "Jugar como invitado",
    "web.field.username": "Nombre de usuario",
    "web.field.password": "Contraseña",
    "web.auth.login.submit": "Entrar",
    "web.auth.register.submit": "Crear cuenta",
    "web.tray.result": "Apuestas laterales: {net} ▾",
    "web.tray.more": "Las {count} apuestas laterales ▾",
    "web.leg.natural": "natural",
    "web.leg.not_natural": "no natural",
    "web.leg.winning_total": "con {total}",
    "web.leg.tie_total": "a {total}",
    "web.leg.winning_cards": "{n} cartas",
    "web.leg.winning_cards.one": "{n} carta",
    "web.leg.pairs.1": "pareja en una mano",
    "web.leg.pairs.2": "pareja en las dos manos",
    "web.leg.suited_pairs.1": "pareja del mismo palo en una mano",
    "web.leg.suited_pairs.2": "pareja del mismo palo en las dos manos",
    "web.leg.same_rank": "las dos manos con pareja del mismo valor",
    "web.leg.pays": "{when}: {pays}",
    "web.leg.push": "{when}: se devuelve",
    "web.rules.side_lose": (
        "Las apuestas laterales se resuelven por su propia tabla: lo que no figura pierde."
    ),
    "web.preset.ez-baccarat": "EZ Baccarat: sin comisión, Dragón 7 y Panda 8",
    "web.preset.dragon-bonus": "Punto Banco con Bono Dragón y parejas",
    "web.preset.tiger": "Tigre: Super 6 con las cinco apuestas Tigre",
    "web.preset.egalite": "Punto Banco con las diez apuestas Egalité",
    "web.preset.all-side-bets": "Punto Banco con todas las apuestas laterales",
    "web.spot.aria": "Apostar a {name}, paga {pays}. En la casilla: {amount}",
    "web.spot.empty": "nada",
    "web.chips.label": "Fichas",
    "web.chip.aria": "Ficha de {amount}",
    "web.action.undo": "Deshacer",
    "web.action.clear": "Quitar fichas",
    "web.action.rebet": "Repetir",
    "web.action.double": "Doblar",
    "web.action.deal": "Repartir",
    "web.action.dealing": "Repartiendo…",
    "web.status.place": "Hagan sus apuestas",
    "web.status.placed": "Apuestas en la mesa: {amount}. Pulse Repartir.",
    "web.status.dealing": "No va más",
    "web.call.player": "Gana el Jugador {p} a {b}",
    "web.call.banker": "Gana la Banca {b} a {p}",
    "web.call.tie": "Empate a {p}",
    "web.call.natural": "Natural",
    "web.result.net.win": "Usted gana {amount}",
    "web.result.net.lose": "Usted pierde {amount}",
    "web.result.net.even": "Usted ni gana ni pierde",
    "web.res.win": "Ganada +{amount}",
    "web.res.lose": "Perdida",
    "web.res.push": "Devuelta",
    "web.explain.title": "El reparto, paso a paso",
    "web.explain.off": "Active Explicar para ver por qué cada mano pide carta o se planta.",
    "web.explain.empty": "Reparta una mano para ver sus pasos.",
    "web.roads.title": "Marcadores",
    "web.roads.bead": "Cuentas",
    "web.roads.big": "Camino grande",
    "web.roads.big_eye_boy": "Ojo grande",
    "web.roads.small_road": "Camino pequeño",
    "web.roads.cockroach_pig": "Cucaracha",
    "web.roads.ask": "Pregunta",
    "web.roads.ask.banker": "Si gana la Banca",
    "web.roads.ask.player": "Si gana el Jugador",
    "web.roads.ask.none": "aún no",
    "web.roads.colour.red": "rojo",
    "web.roads.colour.blue": "azul",
    "web.roads.cell.empty": "vacía",
    "web.roads.cell.ties": "{n} empates",
    "web.roads.cell.ties.one": "{n} empate",
    "web.roads.pair.player": "pareja del Jugador",
    "web.roads.pair.banker": "pareja de la Banca",
    "web.roads.aria": "{road}: {n} marcas",
    "web.roads.aria.one": "{road}: {n} marca",
    "web.stats.title": "Este zapato",
    "web.stats.rounds": "Manos",
    "web.stats.naturals": "Naturales",
    "web.stats.player_pairs": "Parejas Jugador",
    "web.stats.banker_pairs": "Parejas Banca",
    "web.stats.cards": "Cartas restantes",
    "web.shoe.cut": "Carta de corte: última mano.",
    "web.shoe.finished": (
        "Última mano repartida: este zapato ha terminado. Zapato nuevo, barajando."
    ),
    "web.shoe.new": "Zapato nuevo, barajando.",
    "web.edge.title": "Ventaja de la casa ahora",
    "web.edge.note": (
        "Exacta, para las cartas que usted no ha visto (las quemadas boca abajo siguen sin "
        "conocerse)."
    ),
    "web.edge.edge": "Ventaja",
    "web.edge.exact": "Exacta",
    "web.rules.title": "Reglas y límites",
    "web.rules.decks": "{n} barajas",
    "web.rules.decks.one": "{n} baraja",
    "web.rules.mode.reshuffle": "se barajan en cada mano",
    "web.rules.mode.cut-card": "se reparten hasta la carta de corte ({n} cartas antes del final)",
    "web.rules.mode.cut-card.one": (
        "se reparten hasta la carta de corte ({n} carta antes del final)"
    ),
    "web.rules.min": "Mínimo",
    "web.rules.max": "Máximo",
    "web.rules.commission": "comisión del {pct}",
    "web.rules.total.banker": "un {total} ganador de la Banca paga {pays}",
    "web.rules.total.player": "un {total} ganador del Jugador paga {pays}",
    "web.rules.tie_push": "En un empate, las apuestas a Jugador y Banca se devuelven.",
    "web.rules.choose": "Mesa",
    "web.rules.choose.note": (
        "Otra mesa empieza un zapato nuevo; las fichas se quedan en las casillas que la nueva "
        "mesa ofrece."
    ),
    "web.rules.withdrawn": (
        "El operador ha retirado estas reglas de mesa: elija una mesa para jugar su próxima mano."
    ),
    "web.testseed.banner": (
        "Modo de prueba: este servidor reparte con una semilla de prueba fija, así que todas las "
        "cartas se conocen de antemano y ninguna mano es demostrablemente justa. No es para "
        "jugar de verdad."
    ),
    "web.rules.withdrawn.option": "{name} (retirada)",
    "web.preset.online": "En línea: 6 barajas, se barajan en cada mano",
    "web.preset.punto-banco": "Punto Banco: 8 barajas, carta de corte",
    "web.preset.punto-banco-6": "Punto Banco: 6 barajas, carta de corte",
    "web.preset.punto-banco-pairs": "Punto Banco con apuestas a parejas: 8 barajas",
    "web.preset.super-6": "Super 6: sin comisión, un 6 de la Banca paga la mitad",
    "web.preset.commission-4": "Punto Banco, comisión del 4 %",
    "web.preset.tie-9": "Punto Banco, el Empate paga 9 a 1",
    "web.history.title": "Historial de manos",
    "web.history.more": "Manos anteriores",
    "web.history.round": "Mano {id}",
    "web.history.bets": "Apuestas",
    "web.history.shoe": "Zapato {index}, mano {n}",
    "web.history.burn": "Quemadas: {card} a la vista, {n} boca abajo",
    "web.burn.felt": "Zapato nuevo. Quemadas: {card} boca arriba y {n} cartas boca abajo.",
    "web.burn.felt.one": "Zapato nuevo. Quemadas: {card} boca arriba y {n} carta boca abajo.",
    "web.burn.label": "Quemada",
    "web.fair.title": "Juego justo demostrable",
    "web.fair.text": (
        'Cada zapato se baraja con HMAC-SHA256(semilla del servidor, "semilla del '
        'cliente:nonce:contador"). Usted ve el hash de la semilla del servidor antes de jugar; '
        "al rotarla se revela, y puede comprobar cada zapato repartido con ella."
    ),
    "web.fair.hash": "Hash de la semilla del servidor (SHA-256)",
    "web.fair.client": "Semilla del cliente",
    "web.fair.nonce": "Nonce (próximo zapato)",
    "web.fair.nonce.round": "Nonce",
    "web.fair.set": "Usar esta semilla del cliente",
    "web.fair.set.done": "Semilla del cliente guardada.",
    "web.fair.rotate": "Rotar y revelar la semilla del servidor",
    "web.fair.revealed": "Semilla del servidor revelada",
    "web.fair.verify": "Verificar",
    "web.fair.verify.seed": "Semilla del servidor a verificar (hex)",
    "web.fair.verify.ok": "{n} manos comprobadas: todas coinciden.",
    "web.fair.verify.ok.one": "{n} mano comprobada: coincide.",
    "web.fair.verify.bad": "{n} manos comprobadas; no coinciden: {m}.",
    "web.fair.verify.bad.one": "{n} mano comprobada: NO coincide.",
    "web.fair.check.ok": (
        "Comprobado en su navegador: el SHA-256 de esta semilla es {hash}, el hash mostrado "
        "antes de jugar. Coincide."
    ),
    "web.fair.check.bad": (
        "Comprobado en su navegador: el SHA-256 de esta semilla es {hash}, pero el hash mostrado "
        "antes de jugar era {shown}. NO coincide."
    ),
    "web.fair.check.unknown": (
        "Comprobado en su navegador: el SHA-256 de esta semilla es {hash}. Esta página no mostró "
        "su hash antes de jugar: compárelo con el hash de su historial."
    ),
    "web.fair.check.invalid": (
        "Una semilla de servidor tiene 64 caracteres hexadecimales (32 bytes)."
    ),
    "web.fair.check.unavailable": (
        "Este navegador no puede calcular SHA-256 aquí (necesita HTTPS): compruebe el hash usted "
        "mismo."
    ),
    "web.close": "Cerrar",
    "web.err.offline": (
        "Se ha perdido la conexión con la mesa. Sus fichas siguen en la mesa: vuelva a "
        "intentarlo cuando tenga conexión."
    ),
    "web.err.server": (
        "La mesa ha tenido un problema (error {status}). Sus fichas siguen en la mesa y su saldo "
        "no se ha tocado; vuelva a intentarlo."
    ),
    "web.err.auth": "Su sesión ha terminado: vuelva a entrar.",
    "web.err.generic": "Algo ha fallado: {message}",
    "web.err.no_bets": "Ponga primero al menos una ficha en una casilla.",
    "web.err.nothing_to_rebet": "No hay una apuesta anterior que repetir.",
    "web.err.fields": "Escriba un nombre de usuario y una contraseña.",
    "web.err.dealt_offline": (
        "Su mano de {amount} se repartió cuando se cortó la conexión: aquí la tiene, con su "
        "saldo según la mesa."
    ),
    "web.err.dealt_offline.chips": (
        "Su mano de {amount} se repartió cuando se cortó la conexión: aquí la tiene, con su "
        "saldo según la mesa. Las fichas que hay ahora en la mesa no se han apostado: pulse "
        "Repartir para apostarlas."
    ),
    # La página de Chemin de fer (chemin.html).
    "web.chemin.title": "Chemin de fer",
    "web.chemin.page_title": "Chemin de fer: una mesa con dinero de juego",
    "web.chemin.nav": "Navegación de Chemin de fer",
    "web.chemin.back": "Volver a Punto Banco",
    "web.chemin.new_table": "Mesa nueva",
    "web.chemin.seats": "Asientos",
    "web.chemin.your_turn": "Su jugada",
    "web.chemin.amount": "Importe",
    "web.chemin.last_round": "Última mano",
    "web.chemin.you": "Usted (asiento 0)",
    "web.chemin.seat": "Asiento {number}",
    "web.chemin.col.seat": "Asiento",
    "web.chemin.col.role": "Papel",
    "web.chemin.col.stake": "Apostado",
    "web.chemin.col.payout": "Devuelto",
    "web.chemin.col.delta": "Ganado o perdido",
    "web.chemin.role.banker": "Tiene la banca",
    "web.chemin.role.punter": "Punto",
    "web.chemin.role.banco": "Punto, banco",
    "web.chemin.bank.open": "{seat} tiene la banca: {amount}.",
    "web.chemin.bank.closed": "{seat} tiene el zapato; la banca aún no está abierta.",
    "web.chemin.no_table": "Aún no está sentado en una mesa de Chemin de fer.",
    "web.chemin.turn.bank": (
        "Usted tiene el zapato: abra una banca del importe que escriba (al menos {minimum}) o "
        "pase el zapato."
    ),
    "web.chemin.turn.deal": "Su banca de {amount} está abierta: reparta la mano o pase el zapato.",
    "web.chemin.turn.keep": "Ha ganado la mano: mantenga la banca de {amount} o pásela.",
    "web.chemin.turn.bet": (
        "{seat} tiene una banca de {amount}; quedan {left} por cubrir. Apueste un importe, "
        "diga banco por toda la banca o no juegue esta mano."
    ),
    "web.chemin.turn.decision": "La decisión es suya: pedir carta o plantarse. No hay reloj.",
    "web.chemin.bets_before": "Apuestas antes de la suya: {bets}.",
    "web.chemin.bet.amount": "{seat} {amount}",
    "web.chemin.bet.banco": "{seat} banco",
    "web.chemin.act.bank": "Abrir la banca",
    "web.chemin.act.deal": "Repartir la mano",
    "web.chemin.act.keep": "Mantener la banca",
    "web.chemin.act.pass": "Pasar el zapato",
    "web.chemin.act.bet": "Apostar este importe",
    "web.chemin.act.banco": "Banco ({amount})",
    "web.chemin.act.sit_out": "No jugar esta mano",
    "web.chemin.choice.draw": "Carta",
    "web.chemin.choice.stand": "Me planto",
    "web.chemin.explain_toggle": "Explicar",
    "web.chemin.explain.player": (
        "Su mano suma {total}: con 5 la regla deja elegir al Jugador, pedir una tercera carta "
        "o plantarse."
    ),
    "web.chemin.explain.banker": (
        "La banca suma {total} y {third}: la tabla de la Banca le deja elegir en esta casilla, "
        "pedir carta o plantarse."
    ),
    "web.chemin.explain.banker_free": (
        "La banca suma {total} y {third}: en esta mesa todas las casillas de la Banca son "
        "libres, así que usted elige pedir carta o plantarse."
    ),
    "web.chemin.third.stood": "el Jugador se plantó",
    "web.chemin.third.card": "la tercera carta del Jugador vale {points}",
    "web.chemin.outcome": "Resultado: {side}. La banca de {seat} era de {amount}.",
    "web.chemin.outcome.you": "Resultado: {side}. Su banca era de {amount}.",
    "web.chemin.commission": "Comisión sobre lo ganado por la banca: {amount}",
    "web.chemin.err.amount": (
        "Escriba un importe como 20 o 20,50: cifras y como mucho dos decimales."
    ),
    "web.chemin.err.failed": "La mesa no ha respondido: {message}. Vuelva a intentarlo.",
}
