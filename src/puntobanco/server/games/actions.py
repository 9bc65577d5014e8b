"""The routers' plumbing that Chemin de fer and Banque share (``routers/chemin.py``, ``banque.py``).

A refusal in the error contract, worded in every language by the game's catalogue
section; reading the table (a choice past its deadline played first); an action under
its idempotency key: the key looked up under the wallet lock, the action, its answer
stored, and after the commit the sweeper woken at a stored choice's deadline.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast

from fastapi import Request
from fastapi.responses import JSONResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from puntobanco.core.i18n import LANGUAGES, Lang, text
from puntobanco.core.money import format_minor
from puntobanco.server import idempotency
from puntobanco.server.errors import error_response, request_lang
from puntobanco.server.games import deadlines
from puntobanco.server.games.common import TableRefusal
from puntobanco.server.models import BanqueRound, ChemRound
from puntobanco.server.rounds.requests import check_key


class Seated(Protocol):
    """A player's table as a game's ``load`` reads it under the wallet lock."""

    @property
    def pending(self) -> deadlines.Pending | None:
        """The round awaiting the player's choice, if any."""


class Done(Protocol):
    """What a game's action answers: the round it dealt or completed, and whether by timeout."""

    @property
    def round_id(self) -> int | None:
        """The round dealt or completed (None: none)."""

    @property
    def timed_out(self) -> bool:
        """Whether the round's choice was played at its deadline."""


LoadedT = TypeVar("LoadedT", bound=Seated)
DoneT = TypeVar("DoneT", bound=Done)
Rounds = type[ChemRound] | type[BanqueRound]


def timeout_messages(section: str, draws: Sequence[bool]) -> dict[str, str]:
    """The sentence saying which choices were played at the deadline, in every language."""
    return {
        lang: text(
            lang,
            f"{section}.timed_out",
            choice=", ".join(
                text(lang, f"{section}.word.{'draw' if draw else 'stand'}") for draw in draws
            ),
        )
        for lang in LANGUAGES
    }


@dataclass(frozen=True)
class TableRoutes(Generic[LoadedT, DoneT]):
    """One game's plumbing: its catalogue section, how it loads a table, and its answers.

    ``worded`` names the refusal values that are words of the catalogue (the value's
    key under the prefix given), e.g. Banque's spots.
    """

    section: str
    actions: idempotency.Actions
    load: Callable[[Session, int], LoadedT]
    expire: Callable[[Session, int], DoneT]
    answer_body: Callable[[Session, LoadedT, DoneT, str], dict[str, Any]]
    worded: Mapping[str, str] = field(default_factory=dict)

    def refused(self, request: Request, refusal: TableRefusal) -> JSONResponse:
        """The refusal in the error contract, in every language."""
        params = dict(refusal.params)

        def word(lang: Lang) -> str:
            shown: dict[str, Any] = {
                k: format_minor(v, lang=lang) if k.endswith("_minor") and isinstance(v, int) else v
                for k, v in params.items()
            }
            for name, prefix in self.worded.items():
                if name in shown:
                    shown[name] = text(lang, f"{prefix}.{shown[name]}")
            return text(lang, f"{self.section}.error.{refusal.code}", **shown)

        messages: dict[str, str] = {lang: word(lang) for lang in LANGUAGES}
        message = messages[request_lang(request)]
        return error_response(refusal.status, refusal.code, message, params, None, messages)

    def guarded(self, request: Request, run: Callable[[], Any]) -> Any:
        """``run()``'s answer, or its refusal in the error contract."""
        try:
            return run()
        except TableRefusal as refusal:
            return self.refused(request, refusal)

    def read(self, request: Request, session: Session, user_id: int, lang: str) -> Any:
        """The table now, a choice past its deadline completed first."""

        def run() -> Any:
            with session.begin():
                done = self.expire(session, user_id)
                loaded = self.load(session, user_id)
                body = self.answer_body(session, loaded, done, lang)
            deadlines.wake_at(request, loaded.pending)
            return body

        return self.guarded(request, run)

    def idempotent(
        self,
        request: Request,
        session: Session,
        user_id: int,
        idempotency_key: str | None,
        request_body: dict[str, Any],
        lang: str,
        step: Callable[[], DoneT],
    ) -> Any:
        """Run ``step`` once per key: a retry gets the stored answer, marked replayed.

        Raises:
            ApiError: 400 ``idempotency_key_required`` (no key, or not a usable one).
        """
        key = check_key(idempotency_key)
        digest = idempotency.fingerprint(request_body)

        def run() -> Any:
            with session.begin():
                self.load(session, user_id)  # the wallet's lock, before the key is looked up
                stored = idempotency.replayed(session, self.actions, user_id, key, digest)
                if stored is not None:
                    return JSONResponse(stored, headers={"Idempotent-Replayed": "true"})
                done = step()
                loaded = self.load(session, user_id)
                body = self.answer_body(session, loaded, done, lang)
                idempotency.remember(
                    session, self.actions, user_id, key, digest, done.round_id, body
                )
            deadlines.wake_at(request, loaded.pending)
            return JSONResponse(body)

        return self.guarded(request, run)


def own_round(session: Session, rounds: Rounds, user_id: int, round_id: int) -> Any:
    """The player's round ``round_id`` (None when there is none, or it is someone else's)."""
    return session.execute(
        select(rounds).where(rounds.id == round_id, rounds.user_id == user_id)
    ).scalar_one_or_none()


def rounds_page(
    session: Session, rounds: Rounds, user_id: int, limit: int, before: int | None
) -> tuple[list[Any], int | None]:
    """The player's rounds, newest first, ``limit`` of them below ``before``; the next cursor."""
    query = select(rounds).where(rounds.user_id == user_id)
    if before is not None:
        query = query.where(rounds.id < before)
    query = query.order_by(rounds.id.desc()).limit(limit + 1)
    rows = cast("list[ChemRound | BanqueRound]", list(session.execute(query).scalars()))
    more = len(rows) > limit
    rows = rows[:limit]
    return rows, rows[-1].id if more and rows else None
