"""Players: registration, guests, passwords (argon2), login sessions (bearer tokens).

A session token is 32 random bytes (URL-safe base64). Only its SHA-256 is
stored, so a copy of the database does not give anyone a working token.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.common_passwords import is_common
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, post
from puntobanco.server.models import (
    AuthSession,
    LoginAttempt,
    PlayerTable,
    User,
    Wallet,
    utcnow,
)
from puntobanco.server.ratelimit import PasswordGate
from puntobanco.server.settings import Settings
from puntobanco.server.statements import PLAYER_FOR_TOKEN
from puntobanco.server.table_settings import new_seed

USERNAME = re.compile(r"^[A-Za-z0-9._-]{3,32}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 128


@dataclass(frozen=True, slots=True)
class Player:
    """The authenticated player of a request."""

    id: int
    username: str
    guest: bool


def password_hasher(settings: Settings) -> PasswordHasher:
    """Argon2id with the operator's cost settings."""
    return PasswordHasher(
        time_cost=settings.argon2_time_cost,
        memory_cost=settings.argon2_memory_kib,
        parallelism=1,
    )


def token_hash(token: str) -> str:
    """What the database stores for a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def check_credentials(username: str, password: str) -> None:
    """Refuse a malformed username or password (before any hashing).

    Raises:
        ApiError: 422 ``invalid_username`` or ``invalid_password``.
    """
    if not USERNAME.match(username):
        raise ApiError(422, "invalid_username", username=username[:40])
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(422, "invalid_password", length=len(password))
    if is_common(password):
        raise ApiError(422, "common_password")


def _refuse_taken(session: Session, username: str) -> None:
    """Refuse a username another player has in any case (``Alice`` beside ``alice``).

    Two names that differ only by case would let one player pass for another. Checked in
    the transaction that writes the name; the unique index on the name as written still
    refuses an exact duplicate that races this check.

    Raises:
        ApiError: 409 ``username_taken``.
    """
    taken = session.execute(
        select(User.id).where(func.lower(User.username) == username.lower()).limit(1)
    ).first()
    if taken is not None:
        raise ApiError(409, "username_taken", username=username)


def hash_password(settings: Settings, password: str, gate: PasswordGate | None = None) -> str:
    """The argon2id hash of ``password``, through ``gate`` when given.

    Call it outside any transaction: a request waiting for the gate holds no connection.

    Raises:
        ApiError: 503 ``server_busy`` (the gate stayed full).
    """
    hasher = password_hasher(settings)
    if gate is None:
        return hasher.hash(password)
    return gate.run(lambda: hasher.hash(password))


def create_player(
    session: Session,
    settings: Settings,
    *,
    username: str | None,
    password: str | None = None,
    password_hash: str | None = None,
) -> Player:
    """Create a player with a wallet, the play-money grant, a table and a seed (one transaction).

    ``username=None`` makes a guest. Give the password, or its hash from
    :func:`hash_password` (hashed before the transaction, through the gate). Call inside a
    transaction.

    Raises:
        ApiError: 409 ``username_taken``.
    """
    guest = username is None
    name = username if username is not None else f"guest-{secrets.token_hex(6)}"
    if not guest:
        _refuse_taken(session, name)
    if password is not None and password_hash is None:
        password_hash = hash_password(settings, password)
    try:
        with session.begin_nested():
            user_id = session.execute(
                insert(User)
                .values(
                    username=name, password_hash=password_hash, guest=guest, created_at=utcnow()
                )
                .returning(User.id)
            ).scalar_one()
    except IntegrityError:
        raise ApiError(409, "username_taken", username=name) from None
    session.execute(insert(Wallet).values(user_id=user_id, balance_minor=0))
    seed = new_seed(session, user_id, fixed_seed=settings.fixed_server_seed)
    session.execute(
        insert(PlayerTable).values(
            user_id=user_id,
            preset=settings.default_preset,
            shoes_started=0,
            shoe_open=False,
            shoe_position=0,
            shoe_rounds=0,
        )
    )
    del seed
    if settings.grant_minor:
        post(
            session,
            user_id=user_id,
            journal=f"grant:{user_id}",
            movements=[Movement(EntryKind.GRANT, settings.grant_minor, Account.HOUSE_BANK)],
        )
    return Player(int(user_id), name, guest)


def upgrade_guest(session: Session, user_id: int, username: str, password_hash: str) -> Player:
    """Give the guest ``user_id`` a username and password: it becomes a registered player.

    Its id stays, so everything keyed by it (wallet, ledger, rounds, table, seeds) stays the
    player's. Call inside a transaction, with the hash from :func:`hash_password`.

    Raises:
        ApiError: 409 ``username_taken``; 409 ``not_a_guest`` (registered meanwhile).
    """
    _refuse_taken(session, username)
    try:
        with session.begin_nested():
            changed = session.execute(
                update(User)
                .where(User.id == user_id, User.guest.is_(True))
                .values(username=username, password_hash=password_hash, guest=False)
            )
    except IntegrityError:
        raise ApiError(409, "username_taken", username=username) from None
    if not getattr(changed, "rowcount", 0):
        raise ApiError(409, "not_a_guest")
    return Player(user_id, username, False)


def open_session(session: Session, settings: Settings, user_id: int) -> str:
    """A new login session for ``user_id``; returns its token."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.execute(
        insert(AuthSession).values(
            token_hash=token_hash(token),
            user_id=user_id,
            created_at=now,
            expires_at=now + timedelta(days=settings.session_days),
        )
    )
    return token


_DUMMY_HASH: dict[tuple[int, int], str] = {}


def authenticate(
    session: Session, settings: Settings, username: str, password: str, gate: PasswordGate
) -> Player:
    """The player with these credentials.

    Call outside a transaction: the user is read in a short one of its own, and the
    password is checked after it, through ``gate`` (no connection is held meanwhile).

    Raises:
        ApiError: 401 ``bad_credentials`` (the same answer, and about the same time,
            whether the username exists or not); 503 ``server_busy`` (the gate stayed full).
    """
    hasher = password_hasher(settings)
    with session.begin():
        row = session.execute(
            select(User.id, User.username, User.guest, User.password_hash).where(
                User.username == username
            )
        ).one_or_none()
    if row is None or row.password_hash is None:
        key = (settings.argon2_time_cost, settings.argon2_memory_kib)
        if key not in _DUMMY_HASH:
            _DUMMY_HASH[key] = hasher.hash("not a password at all")
        stored = _DUMMY_HASH[key]
    else:
        stored = row.password_hash

    def check() -> bool:
        try:
            return bool(hasher.verify(stored, password))
        except (VerificationError, InvalidHashError):
            return False

    if not gate.run(check) or row is None or row.password_hash is None:
        raise ApiError(401, "bad_credentials")
    return Player(int(row.id), row.username, bool(row.guest))


def player_for_token(session: Session, token: str) -> Player | None:
    """The player whose unexpired session has this token, if any."""
    row = (
        session.connection()
        .execute(PLAYER_FOR_TOKEN, {"token_hash": token_hash(token), "now": utcnow()})
        .one_or_none()
    )
    return None if row is None else Player(int(row.id), row.username, bool(row.guest))


def close_session(session: Session, token: str) -> None:
    """End the session of this token (nothing if there is none)."""
    session.execute(delete(AuthSession).where(AuthSession.token_hash == token_hash(token)))


def balance_of(session: Session, user_id: int) -> int:
    """The player's cached balance."""
    return int(
        session.execute(select(Wallet.balance_minor).where(Wallet.user_id == user_id)).scalar_one()
    )


def housekeeping(sessions: sessionmaker[Session], settings: Settings) -> int:
    """Delete expired login sessions and finished rate-limit windows; returns rows deleted.

    A window is kept while the longest of the limits counted there may still use it.
    """
    now = utcnow()
    longest = max(
        settings.login_window_s,
        settings.signup_window_s,
        settings.password_check_window_s,
        settings.rotation_window_s,
        settings.verification_window_s,
    )
    with sessions.begin() as session:
        expired = session.execute(delete(AuthSession).where(AuthSession.expires_at <= now))
        stale = session.execute(
            delete(LoginAttempt).where(LoginAttempt.window_start < now - timedelta(seconds=longest))
        )
    return int(getattr(expired, "rowcount", 0) or 0) + int(getattr(stale, "rowcount", 0) or 0)
