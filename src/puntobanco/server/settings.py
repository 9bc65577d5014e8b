"""Server settings, read from the environment (``PUNTOBANCO_*``) by pydantic-settings.

Nothing secret lives in code: the admin token and the database password come
from the environment (or a ``.env`` file), never from defaults.

>>> Settings(database_url="postgresql://u@h/db").sqlalchemy_url
'postgresql+psycopg://u@h/db'
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from puntobanco.core.fairness import SERVER_SEED_BYTES
from puntobanco.core.rules import PRESETS
from puntobanco.server.shared.config import (
    DEFAULT_SHARED_TABLES,
    SharedTableConfig,
    parse_shared_tables,
)

#: OWASP's Argon2id configurations (Password Storage Cheat Sheet): passes -> KiB of memory.
OWASP_ARGON2_KIB = {1: 47_104, 2: 19_456, 3: 12_288, 4: 9_216, 5: 7_168}


def argon2_minimum_kib(time_cost: int) -> int:
    """The least memory OWASP allows with ``time_cost`` passes (5 passes or more: 7 MiB).

    >>> argon2_minimum_kib(2), argon2_minimum_kib(9)
    (19456, 7168)
    """
    return OWASP_ARGON2_KIB.get(time_cost, OWASP_ARGON2_KIB[5])


def normal_origin(origin: str) -> str:
    """An origin as compared: lower case, without a trailing slash or a default port.

    >>> normal_origin("HTTPS://Table.example:443/")
    'https://table.example'
    """
    origin = origin.strip().rstrip("/").lower()
    for scheme, port in (("http://", ":80"), ("https://", ":443")):
        if origin.startswith(scheme) and origin.endswith(port):
            return origin[: -len(port)]
    return origin


class Settings(BaseSettings):
    """Everything an operator may configure: each field is ``PUNTOBANCO_<NAME>``."""

    model_config = SettingsConfigDict(
        env_prefix="PUNTOBANCO_", env_file=".env", extra="ignore", frozen=True
    )

    database_url: str = Field(
        default="sqlite:///puntobanco.db",
        description="SQLAlchemy URL; a SQLite file by default, postgresql://... for scale.",
    )
    redis_url: str | None = Field(
        default=None, description="If set, login rate limits are counted in Redis."
    )
    admin_token: SecretStr | None = Field(
        default=None,
        description="Token for /api/admin/* (header X-Admin-Token); admin endpoints are "
        "disabled when unset.",
    )
    default_preset: str = Field(
        default="online",
        description="Rules of a new player's table: one of table_presets.",
    )
    table_presets: tuple[str, ...] = Field(
        default=("online", "punto-banco", "punto-banco-6", "punto-banco-pairs", "super-6"),
        description="Rules presets a player may choose for their table. A preset removed "
        "from this list is withdrawn: a table still set to it deals no more rounds (409 "
        "preset_withdrawn) until its player chooses one of these.",
    )
    minimum_minor: int = Field(default=100, gt=0, description="Table minimum per spot.")
    maximum_minor: int = Field(default=50_000, gt=0, description="Table maximum per spot.")
    tie_maximum_minor: int | None = Field(default=10_000, description="Lower maximum on Tie.")
    pair_maximum_minor: int | None = Field(default=10_000, description="Maximum on pairs.")
    side_bet_maximum_minor: int | None = Field(
        default=10_000,
        gt=0,
        description="Maximum on each side bet of Rules.side_bets (Dragon 7, Dragon Bonus, "
        "Tiger, Egalité...), like pair_maximum_minor; none but maximum_minor when unset.",
    )
    grant_minor: int = Field(default=100_000, ge=0, description="Play money on registration.")
    top_up_max_minor: int = Field(default=100_000, gt=0, description="Largest single top-up.")
    balance_cap_minor: int = Field(
        default=1_000_000, gt=0, description="A top-up may not take a balance above this."
    )
    currency: str = Field(
        default="",
        max_length=4,
        pattern=r"^[^\x00-\x1f<>&\"']*$",
        description="Currency sign the page writes beside amounts (e.g. '€', '$'); none by "
        "default (play money). Served in GET /api/table.",
    )
    session_days: int = Field(default=30, gt=0, description="Lifetime of a login session.")
    login_attempts: int = Field(default=10, gt=0, description="Logins allowed per window.")
    login_window_s: int = Field(default=300, gt=0, description="Rate-limit window, seconds.")
    housekeeping_s: int = Field(
        default=3600,
        gt=0,
        description="Seconds between sweeps of expired logins and rate-limit windows.",
    )
    worker_start_s: int = Field(
        default=60,
        ge=5,
        le=3600,
        description="How long the supervisor of several workers waits for a worker to answer "
        "its health check before killing it (uvicorn's own default, 5 s, is shorter than a "
        "worker's start on a loaded machine).",
    )
    event_loop: Literal["auto", "asyncio", "uvloop"] = Field(
        default="auto",
        description="The workers' event loop (uvicorn's --loop; auto: uvloop where it is "
        "installed, as uvicorn[standard] installs it). With asyncio's loop, several workers "
        "answered a lone client 40-50 ms late each time (a round's p50 54 ms against 10.5 "
        "with uvloop, GET /api/health 22 answers/s against 851); under load the two settle "
        "as many rounds per CPU ms (bench/bench_server_variants.py; docs/operators.md, "
        "serving the game).",
    )
    signups_per_address: int = Field(
        default=60, gt=0, description="New accounts (registered or guest) per client address."
    )
    signup_window_s: int = Field(default=3600, gt=0, description="Sign-up window, seconds.")
    password_checks_per_address: int = Field(
        default=30,
        gt=0,
        description="Requests that check or hash a password (logins and registrations, "
        "whatever the username) per client address and window.",
    )
    password_check_window_s: int = Field(
        default=60, gt=0, description="Window of password_checks_per_address, seconds."
    )
    password_check_concurrency: int = Field(
        default=1,
        gt=0,
        description="Password checks (argon2) running at once in one worker process; "
        "more wait (see password_check_wait_s).",
    )
    password_check_wait_s: float = Field(
        default=2.0,
        ge=0,
        description="How long a password check waits for a free slot before the request is "
        "refused with 503 server_busy (and Retry-After).",
    )
    rotations_per_player: int = Field(
        default=10, gt=0, description="Server-seed rotations per player and window."
    )
    rotation_window_s: int = Field(default=60, gt=0, description="Rotation window, seconds.")
    verifications_per_player: int = Field(
        default=5, gt=0, description="Full verifications of a seed per player and window."
    )
    verification_window_s: int = Field(
        default=60, gt=0, description="Verification window, seconds."
    )
    max_body_bytes: int = Field(
        default=65_536,
        gt=0,
        description="Largest request body accepted, bytes; larger ones are refused with 413 "
        "before they are read (or as soon as a streamed body passes it).",
    )
    header_timeout_s: float = Field(
        default=10.0,
        gt=0,
        le=300,
        description="A connection whose request head (request line and headers) is not "
        "finished within this many seconds is closed (slowloris).",
    )
    pending_heads_per_address: int = Field(
        default=1000,
        gt=0,
        description="Connections one client address may hold in a worker while their "
        "request head is unfinished; the next is closed at once. A WebSocket, once open, "
        "and a connection between two requests do not count (1,000 clients behind one "
        "address may connect at once).",
    )
    argon2_time_cost: int = Field(default=2, ge=1)
    argon2_memory_kib: int = Field(default=19_456, ge=8, description="OWASP's minimum setting.")
    argon2_weak_for_tests: bool = Field(
        default=False,
        description="FOR TESTS ONLY: accept argon2 costs below OWASP's minimum (fast tests).",
    )
    cookie_secure: bool = Field(
        default=False,
        description="Always mark the session cookie Secure. Without it the cookie is Secure "
        "whenever the request came over HTTPS (directly, or from a trusted proxy's "
        "X-Forwarded-Proto: serve --forwarded-allow-ips).",
    )
    allowed_origins: Annotated[tuple[str, ...], NoDecode] = Field(
        default=(),
        description="Other origins (scheme://host[:port], comma-separated in the environment) "
        "whose pages may make state-changing requests with the session cookie, besides the "
        "server's own origin.",
    )
    metrics_allow: Annotated[tuple[str, ...], NoDecode] = Field(
        default=("127.0.0.1/32", "::1/128"),
        description="Client networks (CIDR, comma-separated in the environment) that may "
        "read /metrics without the admin token; loopback by default.",
    )
    pool_size: int = Field(default=10, ge=1, description="Database connections per worker.")
    round_pool_size: int = Field(
        default=5,
        ge=1,
        description="PostgreSQL connections per worker for rounds (on the event loop: each is "
        "busy only while a round's statement runs, so a few keep a database's cores busy); "
        "on both databases, the rare rounds (a replay, a round left dealt) that run at once "
        "per worker in threads. On SQLite a worker's rounds take turns on one connection.",
    )
    shared_tables: Annotated[tuple[SharedTableConfig, ...], NoDecode] = Field(
        default=DEFAULT_SHARED_TABLES,
        description="The shared tables: a JSON list of objects (id, name, preset, "
        "minimum_minor, maximum_minor, betting_seconds, reveal_ms, squeeze, max_seats, ...); "
        "[] for none. A table left out is closed at the end of its round.",
    )
    shared_events_days: int = Field(
        default=7,
        ge=1,
        description="Days a shared table's events are kept for clients that reconnect "
        "(older ones: a snapshot instead).",
    )
    shared_lease_s: float = Field(
        default=5.0,
        ge=1,
        le=60,
        description="Seconds after its dealer stops renewing it that another process takes "
        "a shared table over.",
    )
    shared_bets_at_once: int = Field(
        default=4,
        ge=1,
        le=64,
        description="Bets on shared tables placed at once per worker; the others wait their "
        "turn. Fewer threads taking the worker's interpreter in turn leave its event loop "
        "free to send the tables' events (bench/bench_shared.py: p99 fan-out at 1,000 clients "
        "halved against the 40 of the thread pool).",
    )
    log_level: str = Field(default="INFO")
    access_log: bool = Field(default=True, description="One JSON log line per request.")
    recover_on_start: bool = Field(default=True, description="Settle interrupted rounds on start.")
    test_server_seed: str | None = Field(
        default=None,
        description="FOR TESTS AND DEMOS ONLY: 64 hexadecimal digits (32 bytes) used as "
        "every new server seed, so that a test can script the shoe. A seed known in advance "
        "is never provably fair: the server refuses to start with it unless allow_test_seed "
        "is also set (serve --allow-test-seed), and then says so on the page and in /api/table.",
    )
    allow_test_seed: bool = Field(
        default=False,
        description="FOR TESTS AND DEMOS ONLY: allow test_server_seed (serve --allow-test-seed).",
    )

    @field_validator("default_preset")
    @classmethod
    def _known_preset(cls, value: str) -> str:
        if value not in PRESETS:
            raise PydanticCustomError(
                "unknown_preset",
                "unknown preset '{preset}': choose one of {allowed}",
                {"preset": value, "allowed": ", ".join(PRESETS)},
            )
        return value

    @field_validator("table_presets")
    @classmethod
    def _known_presets(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            cls._known_preset(name)
        return value

    @model_validator(mode="after")
    def _default_is_offered(self) -> Settings:
        if self.default_preset not in self.table_presets:
            raise PydanticCustomError(
                "default_not_offered",
                "default_preset '{preset}' is not offered: choose one of table_presets ({allowed})",
                {"preset": self.default_preset, "allowed": ", ".join(self.table_presets)},
            )
        return self

    @field_validator("shared_tables", mode="before")
    @classmethod
    def _shared_tables_json(cls, value: Any) -> Any:
        return parse_shared_tables(value)

    @field_validator("metrics_allow", "allowed_origins", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("metrics_allow")
    @classmethod
    def _networks(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for entry in value:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise PydanticCustomError(
                    "not_a_network",
                    "'{entry}' is not an IP network (e.g. 10.0.0.0/8 or 127.0.0.1)",
                    {"entry": entry},
                ) from None
        return value

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        normal = tuple(normal_origin(entry) for entry in value)
        for entry, origin in zip(value, normal, strict=True):
            if not origin.startswith(("http://", "https://")) or "/" in origin.split("//", 1)[1]:
                raise PydanticCustomError(
                    "not_an_origin",
                    "'{entry}' is not an origin (e.g. https://table.example.com)",
                    {"entry": entry},
                )
        return normal

    @model_validator(mode="after")
    def _argon2_strong_enough(self) -> Settings:
        # OWASP Password Storage Cheat Sheet (Argon2id): "a minimum configuration of 19 MiB
        # of memory, an iteration count of 2, and 1 degree of parallelism", or any of its
        # equivalents m=47104 (46 MiB) t=1, m=19456 t=2, m=12288 (12 MiB) t=3,
        # m=9216 (9 MiB) t=4, m=7168 (7 MiB) t=5 (all p=1, which accounts.py uses).
        needed = argon2_minimum_kib(self.argon2_time_cost)
        if self.argon2_memory_kib < needed and not self.argon2_weak_for_tests:
            raise PydanticCustomError(
                "weak_argon2",
                "argon2 costs below OWASP's minimum: with argon2_time_cost={time_cost}, "
                "argon2_memory_kib must be at least {needed} (got {memory}); OWASP's minimum "
                "is 19456 KiB with 2 passes",
                {
                    "time_cost": self.argon2_time_cost,
                    "needed": needed,
                    "memory": self.argon2_memory_kib,
                },
            )
        return self

    @model_validator(mode="after")
    def _test_seed_allowed(self) -> Settings:
        if self.test_server_seed is not None and not self.allow_test_seed:
            raise PydanticCustomError(
                "test_seed",
                "PUNTOBANCO_TEST_SERVER_SEED is set: with it every card is known in advance "
                "and no round is provably fair. Unset it, or for tests and demos only start "
                "with --allow-test-seed",
            )
        return self

    @field_validator("test_server_seed")
    @classmethod
    def _seed_hex(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        try:
            seed = bytes.fromhex(value)
        except ValueError:
            seed = b""
        if len(seed) != SERVER_SEED_BYTES:
            raise PydanticCustomError(
                "server_seed",
                "a server seed is {digits} hexadecimal digits ({bytes} bytes)",
                {"digits": 2 * SERVER_SEED_BYTES, "bytes": SERVER_SEED_BYTES},
            )
        return seed.hex()

    @property
    def fixed_server_seed(self) -> bytes | None:
        """The test server seed as bytes, or ``None`` (the normal case: a fresh seed each time)."""
        return None if self.test_server_seed is None else bytes.fromhex(self.test_server_seed)

    @property
    def sqlalchemy_url(self) -> str:
        """The URL with a driver SQLAlchemy can use (``postgresql://`` -> psycopg 3)."""
        url = self.database_url
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is a SQLite file."""
        return self.sqlalchemy_url.startswith("sqlite")


@lru_cache
def get_settings() -> Settings:
    """The process's settings, read once from the environment."""
    return Settings()
