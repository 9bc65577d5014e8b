"""The server's own words: its errors, by code, and the details of a refused request body.

Every key starts with ``server.``: ``server.<code>`` words the
:class:`~puntobanco.server.errors.ApiError` of that code, and
``server.validation.<type>`` says what was wrong with a request that did not
validate (by pydantic's error type; ``server.validation.default`` for the rest).
Core errors are worded by the ``game.`` section.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "server.not_authenticated": "Log in first: this needs the session cookie or a bearer token.",
    "server.bad_credentials": "Wrong username or password.",
    "server.username_taken": "The username {username!r} is already in use: choose another.",
    "server.not_a_guest": "This account is registered already: only a guest account is upgraded.",
    "server.invalid_username": (
        "A username has 3 to 32 characters: letters, digits, '.', '_' or '-' "
        "({username!r} is not one)."
    ),
    "server.invalid_password": "A password has 8 to 128 characters (yours has {length}).",
    "server.common_password": (
        "That password is one of the most common ones, the first an attacker tries: choose another."
    ),
    "server.rate_limited": "Too many login attempts: try again in {retry_after} seconds.",
    "server.signup_rate_limited": (
        "Too many new accounts from your address: try again in {retry_after} seconds."
    ),
    "server.address_rate_limited": (
        "Too many login and registration attempts from your address: try again in "
        "{retry_after} seconds."
    ),
    "server.server_busy": (
        "The server is busy checking passwords; nothing was changed. Try again in "
        "{retry_after} seconds."
    ),
    "server.rotate_rate_limited": ("Too many seed rotations: try again in {retry_after} seconds."),
    "server.verify_rate_limited": ("Too many verifications: try again in {retry_after} seconds."),
    "server.body_too_large": (
        "The request body is larger than {limit} bytes, the most this server accepts; "
        "nothing was changed."
    ),
    "server.round_not_found": "There is no round {round_id} of yours.",
    "server.idempotency_key_required": (
        "Send an Idempotency-Key header of 1 to 200 visible characters with every round."
    ),
    "server.idempotency_conflict": (
        "The Idempotency-Key {key!r} was already used for other bets: use a new key."
    ),
    "server.stake_not_integer": (
        "The {bet} stake must be a whole number of cents (minor units), got {value}."
    ),
    "server.top_up_range": "A top-up is from 0.01 to {maximum} (got {amount}).",
    "server.balance_cap": (
        "A top-up may not take the balance above {cap}: the most you can add now is {room}."
    ),
    "server.unknown_preset": "Unknown table rules {preset!r}: choose one of {allowed}.",
    "server.preset_withdrawn": (
        "The table rules {preset!r} have been withdrawn: choose one of {allowed} "
        "to play your next round."
    ),
    "server.invalid_client_seed": (
        "A client seed has 1 to 64 visible characters, without ':' (got {length})."
    ),
    "server.invalid_server_seed": "A server seed is 64 hexadecimal characters (32 bytes).",
    "server.seed_not_found": "None of your server seeds has that hash.",
    "server.seed_not_revealed": "That server seed is still in play: rotate it to reveal it first.",
    "server.admin_disabled": "Admin endpoints are disabled: the operator set no admin token.",
    "server.admin_forbidden": "Send the operator's admin token in the X-Admin-Token header.",
    "server.cross_site_request": (
        "Refused: this {method} came from a page of another site or origin ({reason}); "
        "nothing was changed. Use the table's own page, or a bearer token."
    ),
    "server.metrics_forbidden": (
        "The metrics are for the operator: send the admin token (X-Admin-Token or "
        "Authorization: Bearer), or ask from an address in PUNTOBANCO_METRICS_ALLOW."
    ),
    "server.invalid_request": "The request is malformed: {detail}.",
    "server.not_found": "Nothing here: {path}.",
    "server.method_not_allowed": "{method} is not allowed on {path}.",
    "server.database_error": "The database is unavailable; nothing was changed. Try again.",
    "server.database_outcome_unknown": (
        "The connection to the database was lost while your change was being saved: it "
        "may or may not have been made. Check before you try again."
    ),
    "server.round_outcome_unknown": (
        "The connection to the database was lost while the round was being saved: it is "
        "not known whether it was dealt and your stakes taken. Send the same bets again "
        "with the same Idempotency-Key {key!r}: that returns the round if it was dealt, "
        "and otherwise deals it, once."
    ),
    "server.round_pending": (
        "Round {round_id} was dealt and its stakes taken, but its settlement could not be "
        "confirmed: it will be settled automatically, once. Send the same bets with the "
        "same Idempotency-Key to get the settled round."
    ),
    "server.rate_limit_unavailable": (
        "Attempts cannot be counted right now; nothing was changed. Try again in a few seconds."
    ),
    "server.internal_error": (
        "Something went wrong on the server, and it cannot tell whether your change was "
        "made: check before you try again (a round: send the same bets with the same "
        "Idempotency-Key, which never deals it twice)."
    ),
    "server.rules_error": "The table's rules are invalid: {detail}.",
    "server.validation.json_invalid": "the body is not valid JSON",
    "server.validation.missing": "a required field is missing",
    "server.validation.extra_forbidden": "an unknown field was sent",
    "server.validation.string_too_long": "a text is longer than {max_length} characters",
    "server.validation.too_long": "more than {max_length} entries were sent",
    "server.validation.text_invalid": (
        "a text holds a control character (NUL included) or a lone surrogate"
    ),
    "server.validation.string_unicode": "a text holds a lone surrogate, which is no character",
    "server.validation.default": "a field has the wrong type or value",
    "server.validation.string_pattern_mismatch": (
        "a text does not have the allowed form (pattern {pattern})"
    ),
    "server.validation.string_too_short": "a text is shorter than {min_length} characters",
    "server.validation.greater_than": "a number must be greater than {gt}",
    "server.validation.greater_than_equal": "a number must be at least {ge}",
    "server.validation.less_than_equal": "a number must be at most {le}",
    "server.validation.int_parsing": "a whole number is expected",
    "server.validation.int_type": "a whole number is expected",
    "server.validation.bool_parsing": "true or false is expected",
    "server.validation.bool_type": "true or false is expected",
    "server.validation.unknown_preset": (
        "unknown preset {preset!r} for a shared table: choose one of {allowed}"
    ),
    "server.validation.maximum_below_minimum": (
        "maximum_minor {maximum} is below minimum_minor {minimum}: the maximum per spot is "
        "at least the minimum"
    ),
    "server.validation.table_id_mismatch": (
        "the body's id {id!r} is not the path's {table!r}: leave id out, or send the same"
    ),
    "server.table_unknown": "There is no open shared table {table!r}: see GET /api/tables.",
    "server.betting_closed": (
        "Betting is closed at table {table!r}: wait for the next round's countdown; "
        "nothing was debited."
    ),
    "server.not_seated": "You are not seated at table {table!r}: sit first (POST .../seat).",
    "server.spectator_cannot_bet": (
        "You are watching table {table!r}: take a seat (role 'seat') to bet."
    ),
    "server.seat_name_bad": (
        "The seat name {value!r} is not allowed: 2 to 24 letters, digits, spaces, dots, "
        "hyphens or underscores."
    ),
    "server.seat_name_is_account": (
        "Choose a seat name other than your account's name: every player at the table sees it."
    ),
    "server.seat_name_taken": "The seat name {value!r} is taken at this table: choose another.",
    "server.table_full": "The table is full ({seats} seats): watch it, or choose another table.",
    "server.role_unknown": "Unknown role {value!r}: choose one of {allowed}.",
    "server.client_seed_bad": "A client seed is 1 to 64 visible characters.",
    "server.squeeze_not_yours": (
        "No card is waiting for you to turn at step {step}: it is another player's, "
        "already turned, or its time is up."
    ),
    "server.snapshot_needed": (
        "Too many events were missed at table {table!r}: read GET /api/tables/{table} again."
    ),
    "server.shoe_unknown": (
        "Table {table!r} has no shoe {shoe}: see GET /api/tables/{table}/shoes."
    ),
    "server.shoe_not_ended": (
        "Shoe {shoe} of table {table!r} is still in play: its export, with the server seed "
        "its cards follow from, is given once the shoe has ended."
    ),
    "server.table_provisioned": (
        "Table {table!r} is provisioned by PUNTOBANCO_SHARED_TABLES (or the default tables): "
        "change it there and restart, not through the admin API. The API may read and "
        "close it; it creates and changes tables of its own, under other ids."
    ),
}

ES: dict[str, str] = {
    "server.not_authenticated": "Inicie sesión primero: hace falta la cookie de sesión o un token.",
    "server.bad_credentials": "Usuario o contraseña incorrectos.",
    "server.username_taken": "El nombre de usuario {username!r} ya está en uso: elija otro.",
    "server.not_a_guest": (
        "Esta cuenta ya está registrada: solo se convierte una cuenta de invitado."
    ),
    "server.invalid_username": (
        "El nombre de usuario debe tener de 3 a 32 caracteres: letras, cifras, punto, guion o "
        "guion bajo ({username!r} no lo cumple)."
    ),
    "server.invalid_password": (
        "La contraseña debe tener de 8 a 128 caracteres (la suya tiene {length})."
    ),
    "server.common_password": (
        "Esa contraseña es de las más comunes, las primeras que prueba un atacante: elija otra."
    ),
    "server.rate_limited": (
        "Demasiados intentos de inicio de sesión: vuelva a intentarlo en {retry_after} segundos."
    ),
    "server.signup_rate_limited": (
        "Demasiadas cuentas nuevas desde su dirección: vuelva a intentarlo en {retry_after} "
        "segundos."
    ),
    "server.address_rate_limited": (
        "Demasiados intentos de inicio de sesión y de registro desde su dirección: vuelva "
        "a intentarlo en {retry_after} segundos."
    ),
    "server.server_busy": (
        "El servidor está ocupado comprobando contraseñas; no se ha cambiado nada. Vuelva "
        "a intentarlo en {retry_after} segundos."
    ),
    "server.rotate_rate_limited": (
        "Demasiadas rotaciones de semilla: vuelva a intentarlo en {retry_after} segundos."
    ),
    "server.verify_rate_limited": (
        "Demasiadas verificaciones: vuelva a intentarlo en {retry_after} segundos."
    ),
    "server.body_too_large": (
        "El cuerpo de la petición tiene más de {limit} bytes, lo máximo que acepta este "
        "servidor; no se ha cambiado nada."
    ),
    "server.round_not_found": "No tiene ninguna mano {round_id}.",
    "server.idempotency_key_required": (
        "Envíe con cada mano una cabecera Idempotency-Key de 1 a 200 caracteres visibles."
    ),
    "server.idempotency_conflict": (
        "La Idempotency-Key {key!r} ya se usó para otras apuestas: use una clave nueva."
    ),
    "server.stake_not_integer": (
        "La apuesta a {bet} debe ser un número entero de céntimos, se recibió {value}."
    ),
    "server.top_up_range": "Una recarga va de 0.01 a {maximum} (se pidió {amount}).",
    "server.balance_cap": (
        "Una recarga no puede llevar el saldo por encima de {cap}: ahora puede añadir "
        "como mucho {room}."
    ),
    "server.unknown_preset": "Reglas de mesa desconocidas {preset!r}: elija una de {allowed}.",
    "server.preset_withdrawn": (
        "Las reglas de mesa {preset!r} se han retirado: elija una de {allowed} "
        "para jugar su próxima mano."
    ),
    "server.invalid_client_seed": (
        "Una semilla de cliente tiene de 1 a 64 caracteres visibles, sin ':' "
        "(se recibieron {length})."
    ),
    "server.invalid_server_seed": "Una semilla de servidor tiene 64 caracteres hexadecimales.",
    "server.seed_not_found": "Ninguna de sus semillas de servidor tiene ese hash.",
    "server.seed_not_revealed": (
        "Esa semilla de servidor sigue en juego: rótela primero para revelarla."
    ),
    "server.admin_disabled": (
        "Los puntos de administración están desactivados: no hay token de administrador."
    ),
    "server.admin_forbidden": "Envíe el token de administrador en la cabecera X-Admin-Token.",
    "server.cross_site_request": (
        "Rechazado: este {method} vino de una página de otro sitio u origen ({reason}); "
        "no se ha cambiado nada. Use la página de la mesa, o un token."
    ),
    "server.metrics_forbidden": (
        "Las métricas son para el operador: envíe el token de administrador "
        "(X-Admin-Token o Authorization: Bearer), o pídalas desde una dirección de "
        "PUNTOBANCO_METRICS_ALLOW."
    ),
    "server.invalid_request": "La petición está mal formada: {detail}.",
    "server.not_found": "Aquí no hay nada: {path}.",
    "server.method_not_allowed": "{method} no está permitido en {path}.",
    "server.database_error": (
        "La base de datos no está disponible; no se ha cambiado nada. Inténtelo de nuevo."
    ),
    "server.database_outcome_unknown": (
        "Se perdió la conexión con la base de datos mientras se guardaba el cambio: puede "
        "que se haya hecho o no. Compruébelo antes de volver a intentarlo."
    ),
    "server.round_outcome_unknown": (
        "Se perdió la conexión con la base de datos mientras se guardaba la mano: no se "
        "sabe si se repartió y se cobraron sus apuestas. Envíe las mismas apuestas con la "
        "misma Idempotency-Key {key!r}: así obtiene la mano si se repartió y, si no, se "
        "reparte, una sola vez."
    ),
    "server.round_pending": (
        "La mano {round_id} se repartió y se cobraron sus apuestas, pero no se pudo "
        "confirmar su liquidación: se liquidará automáticamente, una sola vez. Envíe las "
        "mismas apuestas con la misma Idempotency-Key para obtener la mano liquidada."
    ),
    "server.rate_limit_unavailable": (
        "Ahora no se pueden contar los intentos; no se ha cambiado nada. Vuelva a "
        "intentarlo en unos segundos."
    ),
    "server.internal_error": (
        "Algo falló en el servidor, y no sabe si su cambio se hizo: compruébelo antes de "
        "volver a intentarlo (una mano: envíe las mismas apuestas con la misma "
        "Idempotency-Key, que nunca la reparte dos veces)."
    ),
    "server.rules_error": "Las reglas de la mesa no son válidas: {detail}.",
    "server.validation.json_invalid": "el cuerpo no es JSON válido",
    "server.validation.missing": "falta un campo obligatorio",
    "server.validation.extra_forbidden": "se envió un campo desconocido",
    "server.validation.string_too_long": "un texto tiene más de {max_length} caracteres",
    "server.validation.too_long": "se enviaron más de {max_length} elementos",
    "server.validation.text_invalid": (
        "un texto contiene un carácter de control (NUL incluido) o un sustituto suelto"
    ),
    "server.validation.string_unicode": (
        "un texto contiene un sustituto suelto, que no es ningún carácter"
    ),
    "server.validation.default": "un campo tiene un tipo o un valor incorrecto",
    "server.validation.string_pattern_mismatch": (
        "un texto no tiene la forma admitida (patrón {pattern})"
    ),
    "server.validation.string_too_short": "un texto tiene menos de {min_length} caracteres",
    "server.validation.greater_than": "un número debe ser mayor que {gt}",
    "server.validation.greater_than_equal": "un número debe ser como mínimo {ge}",
    "server.validation.less_than_equal": "un número debe ser como máximo {le}",
    "server.validation.int_parsing": "se espera un número entero",
    "server.validation.int_type": "se espera un número entero",
    "server.validation.bool_parsing": "se espera true o false",
    "server.validation.bool_type": "se espera true o false",
    "server.validation.unknown_preset": (
        "preset desconocido {preset!r} para una mesa compartida: elija uno de {allowed}"
    ),
    "server.validation.maximum_below_minimum": (
        "maximum_minor {maximum} es menor que minimum_minor {minimum}: el máximo por casilla "
        "es como mínimo el mínimo"
    ),
    "server.validation.table_id_mismatch": (
        "el id {id!r} del cuerpo no es el de la ruta, {table!r}: omita id o envíe el mismo"
    ),
    "server.table_unknown": (
        "No hay ninguna mesa compartida abierta {table!r}: vea GET /api/tables."
    ),
    "server.betting_closed": (
        "Las apuestas están cerradas en la mesa {table!r}: espere la cuenta atrás de la "
        "próxima mano; no se ha cargado nada."
    ),
    "server.not_seated": (
        "No está sentado en la mesa {table!r}: siéntese primero (POST .../seat)."
    ),
    "server.spectator_cannot_bet": (
        "Está mirando la mesa {table!r}: ocupe un asiento (rol 'seat') para apostar."
    ),
    "server.seat_name_bad": (
        "El nombre de asiento {value!r} no es válido: de 2 a 24 letras, cifras, espacios, "
        "puntos, guiones o guiones bajos."
    ),
    "server.seat_name_is_account": (
        "Elija un nombre de asiento distinto del de su cuenta: todos los jugadores de la mesa "
        "lo ven."
    ),
    "server.seat_name_taken": (
        "El nombre de asiento {value!r} ya está ocupado en esta mesa: elija otro."
    ),
    "server.table_full": "La mesa está llena ({seats} asientos): mírela o elija otra mesa.",
    "server.role_unknown": "Rol desconocido {value!r}: elija uno de {allowed}.",
    "server.client_seed_bad": "Una semilla de cliente tiene de 1 a 64 caracteres visibles.",
    "server.squeeze_not_yours": (
        "Ninguna carta espera a que usted la descubra en el paso {step}: es de otro jugador, "
        "ya está descubierta o se acabó su tiempo."
    ),
    "server.snapshot_needed": (
        "Se han perdido demasiados eventos en la mesa {table!r}: vuelva a leer "
        "GET /api/tables/{table}."
    ),
    "server.shoe_unknown": (
        "La mesa {table!r} no tiene zapato {shoe}: vea GET /api/tables/{table}/shoes."
    ),
    "server.shoe_not_ended": (
        "El zapato {shoe} de la mesa {table!r} sigue en juego: su exportación, con la semilla "
        "del servidor de la que salen sus cartas, se da cuando el zapato ha terminado."
    ),
    "server.table_provisioned": (
        "La mesa {table!r} la define PUNTOBANCO_SHARED_TABLES (o las mesas por defecto): "
        "cámbiela allí y reinicie, no con la API de administración. La API puede leerla y "
        "cerrarla; crea y cambia mesas propias, con otros ids."
    ),
}
