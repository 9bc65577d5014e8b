"""``puntobanco serve``, ``ledger check``, ``report`` and ``verify`` (server-side commands)."""

from __future__ import annotations

import csv
import io
import json
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.core.fairness import commitment
from puntobanco.server.main import create_app
from puntobanco.server.models import Round, Wallet
from tests.server.conftest import Player, make_settings
from tests.server.live import free_port, server_env, wait_ready

runner = CliRunner()


@pytest.fixture
def played(tmp_path: Path) -> dict[str, Any]:
    """A SQLite database with a few rounds, one seed revealed."""
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    with TestClient(create_app(make_settings(url))) as client:
        player = Player(client, "alice")
        for _ in range(3):
            player.bet({"banker": 500, "tie": 100})
        rounds = client.get("/api/rounds", headers=player.headers).json()
        seed = client.post("/api/fairness/rotate", headers=player.headers).json()
        # Under the new, unrevealed seed, at a cut-card table.
        client.put("/api/table", json={"preset": "punto-banco"}, headers=player.headers)
        player.bet({"player": 100})
    (tmp_path / "rounds.json").write_text(json.dumps(rounds), encoding="utf-8")
    return {"url": url, "seed": seed["revealed_server_seed"], "rounds": tmp_path / "rounds.json"}


def test_ledger_check_passes_then_finds_a_tampered_balance(played: dict[str, Any]) -> None:
    ok = runner.invoke(app, ["ledger", "check", "--database", played["url"], "--json"])
    assert ok.exit_code == 0, ok.output
    report = json.loads(ok.output)
    assert report["ok"] is True and report["rounds_settled"] == 4
    human = runner.invoke(app, ["ledger", "check", "--database", played["url"]])
    assert human.exit_code == 0 and "ledger check: OK" in human.output
    settings = make_settings(played["url"])
    from puntobanco.server.db import make_engine

    engine = make_engine(settings)
    with engine.begin() as conn:
        conn.execute(update(Wallet).values(balance_minor=Wallet.balance_minor + 5))
    engine.dispose()
    bad = runner.invoke(app, ["ledger", "check", "--database", played["url"]])
    assert bad.exit_code == 1 and "DIFFERENCES FOUND" in bad.output
    assert "balance differences" in bad.output


def test_report_prints_turnover_and_rtp(played: dict[str, Any]) -> None:
    result = runner.invoke(app, ["report", "--database", played["url"], "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["rounds"] == 4 and report["turnover_minor"] == 3 * 600 + 100
    human = runner.invoke(app, ["report", "--database", played["url"]])
    assert human.exit_code == 0 and "turnover 19.00" in human.output
    if report["theory_available"]:
        assert report["full_shoe_reference"] == ["punto-banco"]
        assert "cut-card tables punto-banco: the exact RTP is the full shoe's" in human.output


def test_verify_from_the_database_and_from_an_export(played: dict[str, Any]) -> None:
    db = runner.invoke(app, ["verify", played["seed"], "--database", played["url"], "--json"])
    assert db.exit_code == 0, db.output
    assert json.loads(db.output)["rounds_checked"] == 3
    offline = runner.invoke(app, ["verify", played["seed"], "--rounds", str(played["rounds"])])
    assert offline.exit_code == 0, offline.output
    assert "3 rounds checked, 0 mismatches" in offline.output
    # A forged export is caught.
    page = json.loads(played["rounds"].read_text(encoding="utf-8"))
    page["rounds"][0]["outcome"] = "tie" if page["rounds"][0]["outcome"] != "tie" else "player"
    played["rounds"].write_text(json.dumps(page), encoding="utf-8")
    forged = runner.invoke(app, ["verify", played["seed"], "--rounds", str(played["rounds"])])
    assert forged.exit_code == 1 and "outcome" in forged.output


def test_verify_tampered_database_and_bad_input(played: dict[str, Any]) -> None:
    from puntobanco.server.db import make_engine

    engine = make_engine(make_settings(played["url"]))
    with engine.begin() as conn:
        conn.execute(update(Round).where(Round.id == 1).values(cards="9h 9d 9c 9s"))
    engine.dispose()
    tampered = runner.invoke(app, ["verify", played["seed"], "--database", played["url"]])
    assert tampered.exit_code == 1 and "round 1 cards" in tampered.output
    assert runner.invoke(app, ["verify", "nothex", "--database", played["url"]]).exit_code == 2
    unknown = runner.invoke(app, ["verify", "00" * 32, "--database", played["url"]])
    assert unknown.exit_code == 1
    assert f"No server seed in this database has the hash {commitment(bytes(32))}" in unknown.output
    missing = runner.invoke(app, ["verify", played["seed"], "--rounds", "/nonexistent.json"])
    assert missing.exit_code == 2


def _no_serving(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace the server's run by a stub: the options each call would have served with."""
    from puntobanco.server import serving

    calls: list[dict[str, Any]] = []

    def run(sock: Any, **options: Any) -> int:
        calls.append({"port": sock.getsockname()[1], **options})
        return 0

    monkeypatch.setattr(serving, "run", run)
    return calls


def test_serve_refuses_a_database_it_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    # serve exports its settings to the environment (for its workers): restore it after.
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    calls = _no_serving(monkeypatch)
    result = runner.invoke(
        app, ["serve", "--database", "postgresql://nobody@127.0.0.1:1/none", "--port", "0"]
    )
    assert result.exit_code == 2 and "1 to 65535" in result.output  # the port, checked first
    result = runner.invoke(
        app, ["serve", "--database", "postgresql://nobody@127.0.0.1:1/none", "--port", "8999"]
    )
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Cannot prepare the database: ")
    assert "sqlalche.me" not in result.output and len(result.output.splitlines()) == 1
    assert calls == []


def test_serve_passes_the_trusted_proxies_to_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _no_serving(monkeypatch)
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    url = f"sqlite:///{tmp_path / 'serve.db'}"
    port = str(free_port())
    args = ["serve", "--database", url, "--forwarded-allow-ips", "10.0.0.0/8,192.168.1.5"]
    args += ["--port", port]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    [kwargs] = calls
    assert kwargs["proxy_headers"] is True
    assert kwargs["forwarded_allow_ips"] == "10.0.0.0/8,192.168.1.5"
    assert (tmp_path / "serve.db").exists()  # migrated before the workers start
    calls.clear()
    assert runner.invoke(app, ["serve", "--database", url, "--port", port]).exit_code == 0
    assert calls[0]["forwarded_allow_ips"] is None  # uvicorn's default: 127.0.0.1


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _no_serving(monkeypatch)
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    result = runner.invoke(app, ["serve", "--forwarded-allow-ips", "10.0.0.2,10.0.0.0/33"])
    assert result.exit_code == 2
    assert result.output.startswith("Invalid option --forwarded-allow-ips: ")
    assert "'10.0.0.0/33' is not an IP address or network" in result.output
    assert calls == []  # nothing started


# serve checks every option before it touches a database or a port (CLI review
# 2026-12-04 #1 and #12, service audit #3 and #6): one line each, exit status 2.


def _serve(
    tmp_path: Path, *args: str, weak: bool = True, **env: str | None
) -> subprocess.CompletedProcess[str]:
    """``puntobanco serve`` in ``tmp_path`` (its default database would be made there).

    ``weak``: with ``--allow-weak-argon2`` (the test environment's fast hashes). ``env``:
    variables to set, or with ``None`` to remove.
    """
    base = server_env(f"sqlite:///{tmp_path / 'pb.db'}")
    base.update({name: value for name, value in env.items() if value is not None})
    for name in ("PUNTOBANCO_DATABASE_URL", *(n for n, v in env.items() if v is None)):
        base.pop(name, None)
    flag = ["--allow-weak-argon2"] if weak else []
    return subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "serve", *args, *flag],
        env=base, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "env", "line"),
    [
        (["--log-level", "loud"], {},
         "Invalid option --log-level: the levels are debug, info, warning and error, got 'loud'"),
        (["--log-level", "ruidoso", "--lang", "es"], {},
         "Opción no válida --log-level: los niveles son debug, info, warning y error; "
         "se recibió «ruidoso»"),
        (["--port", "0"], {},
         "Invalid option --port: a port is a whole number from 1 to 65535, got '0'"),
        (["--database", "sqlite:////no/such/folder/pb.db"], {},
         "Invalid option --database: the folder /no/such/folder of the SQLite file does not "
         "exist: create it, or choose another file"),
        ([], {"PUNTOBANCO_WORKER_START_S": "soon"},
         "Invalid setting PUNTOBANCO_WORKER_START_S (environment or .env): a whole number is "
         "needed, got 'soon'"),
        (["--lang", "es"], {"PUNTOBANCO_DEFAULT_PRESET": "tiger"},
         "Configuración no válida (entorno o .env): las reglas por defecto 'tiger' no se "
         "ofrecen: elija una de PUNTOBANCO_TABLE_PRESETS (online, punto-banco, "
         "punto-banco-6, punto-banco-pairs, super-6)"),
    ],
)  # fmt: skip
def test_serve_refuses_a_bad_option_in_one_line_before_it_touches_a_database(
    tmp_path: Path, args: list[str], env: dict[str, str], line: str
) -> None:
    port = [] if "--port" in args else ["--port", str(free_port())]
    refused = _serve(tmp_path, *args, *port, **env)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.splitlines() == [line]
    assert list(tmp_path.iterdir()) == []  # no database made, nothing served


def test_serve_refuses_a_port_in_use_before_it_touches_a_database(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = _serve(tmp_path, "--port", str(port), "--lang", "es")
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        f"Opción no válida --port: el puerto {port} en 127.0.0.1 lo usa otro programa: "
        "deténgalo o elija otro puerto"
    ]
    assert list(tmp_path.iterdir()) == []


def test_serve_refuses_weak_argon2_from_the_environment_without_its_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PUNTOBANCO_ARGON2_WEAK_FOR_TESTS alone (environment or .env) is refused; the message
    names only the flag that allows it. The test seed's refusal names only its flag too."""
    port = str(free_port())
    refused = _serve(tmp_path, "--port", port, weak=False)  # server_env sets the weak switch
    assert refused.returncode == 2
    assert "--allow-weak-argon2" in refused.stderr and "=true" not in refused.stderr
    (tmp_path / ".env").write_text("PUNTOBANCO_ARGON2_WEAK_FOR_TESTS=true\n", encoding="utf-8")
    refused = _serve(tmp_path, "--port", port, weak=False, PUNTOBANCO_ARGON2_WEAK_FOR_TESTS=None)
    assert refused.returncode == 2 and "--allow-weak-argon2" in refused.stderr
    (tmp_path / ".env").unlink()
    seed = _serve(tmp_path, "--port", port, PUNTOBANCO_TEST_SERVER_SEED="00" * 32)
    assert seed.returncode == 2 and "--allow-test-seed" in seed.stderr
    assert "PUNTOBANCO_ALLOW_TEST_SEED" not in seed.stderr
    assert list(tmp_path.iterdir()) == []
    # With the flag it starts, and says so.
    calls = _no_serving(monkeypatch)
    monkeypatch.setenv("PUNTOBANCO_ARGON2_WEAK_FOR_TESTS", "true")
    monkeypatch.setenv("PUNTOBANCO_ARGON2_MEMORY_KIB", "64")
    monkeypatch.setenv("PUNTOBANCO_LOG_LEVEL", "WARNING")
    url = f"sqlite:///{tmp_path / 'weak.db'}"
    started = runner.invoke(
        app, ["serve", "--database", url, "--port", port, "--allow-weak-argon2"]
    )
    assert started.exit_code == 0, started.output
    assert "FOR TESTS ONLY" in started.output and len(calls) == 1


def test_serve_ends_with_130_on_ctrl_c(tmp_path: Path) -> None:
    """As every command does (uvicorn.run's own answer was 0)."""
    for workers in ("1", "2"):
        port = free_port()
        env = server_env(f"sqlite:///{tmp_path / 'pb.db'}")
        process = subprocess.Popen(
            [sys.executable, "-m", "puntobanco.cli.main", "serve", "--port", str(port),
             "--workers", workers, "--allow-weak-argon2", "--log-level", "warning"],
            env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_ready(f"http://127.0.0.1:{port}", process)
            process.send_signal(signal.SIGINT)
            assert process.wait(timeout=60) == 130, workers
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


# Audits never pass on nothing: a verifier that checks nothing fails, and the
# operator commands open an existing, migrated database only.

_ENV: dict[str, str | None] = {
    "LANG": "C",
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "PUNTOBANCO_DATABASE_URL": None,
}
_OPERATOR_COMMANDS = [["ledger", "check"], ["report"], ["verify", "00" * 32]]


def _invoke(*args: str, lang: str | None = None) -> Any:
    """Run a command as the user would; it must end by a clean exit, never a traceback."""
    result = runner.invoke(app, [*args, *(["--lang", lang] if lang else [])], env=_ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def test_verify_refuses_a_seed_under_which_no_round_was_dealt(played: dict[str, Any]) -> None:

    theirs = commitment(bytes.fromhex(played["seed"]))
    result = _invoke("verify", "00" * 32, "--rounds", str(played["rounds"]))
    assert result.exit_code == 1
    assert "0 rounds checked" not in result.output
    assert f"No round in {played['rounds']} was dealt under the seed" in result.stderr
    assert commitment(bytes(32)) in result.stderr and theirs in result.stderr
    assert f"{theirs} (3 rounds)" in result.stderr
    spanish = _invoke("verify", "00" * 32, "--rounds", str(played["rounds"]), lang="es")
    assert spanish.exit_code == 1 and "Ninguna mano de" in spanish.stderr
    assert theirs in spanish.stderr
    # A program that asked for JSON gets JSON, saying why nothing was checked (review CLI
    # #21: it got an empty standard output).
    as_json = _invoke("verify", "00" * 32, "--rounds", str(played["rounds"]), "--json")
    assert as_json.exit_code == 1
    answer = json.loads(as_json.stdout)
    assert answer["rounds_checked"] == 0 and answer["mismatches"] == []
    assert answer["server_seed_hash"] == commitment(bytes(32))
    assert answer["error"].startswith(f"No round in {played['rounds']} was dealt")


@pytest.mark.parametrize("content", ["[]", '{"rounds": [], "total": 0}'])
def test_verify_refuses_an_empty_rounds_file(tmp_path: Path, content: str) -> None:
    rounds = tmp_path / "rounds.json"
    rounds.write_text(content, encoding="utf-8")
    result = _invoke("verify", "00" * 32, "--rounds", str(rounds))
    assert result.exit_code == 1
    assert f"{rounds} holds no rounds: nothing to verify" in result.stderr
    spanish = _invoke("verify", "00" * 32, "--rounds", str(rounds), lang="es")
    assert spanish.exit_code == 1 and "no contiene ninguna mano" in spanish.stderr


def test_verify_from_the_database_refuses_a_seed_it_does_not_hold(played: dict[str, Any]) -> None:
    result = _invoke("verify", "00" * 32, "--database", played["url"])
    assert result.exit_code == 1
    # The operator's words (the API's "None of your server seeds" speaks to a player), with
    # the hash looked for (review CLI #21).
    assert result.stderr == (
        f"No server seed in this database has the hash {commitment(bytes(32))}: the seed is "
        "another database's, or was never used\n"
    )


def test_verify_from_the_database_refuses_a_seed_with_no_round(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    with TestClient(create_app(make_settings(url))) as client:
        player = Player(client, "bob")
        seed = client.post("/api/fairness/rotate", headers=player.headers).json()
    result = _invoke("verify", seed["revealed_server_seed"], "--database", url)
    assert result.exit_code == 1, result.output
    assert "No round was dealt under the seed whose hash is" in result.stderr
    assert "0 rounds checked" not in result.output


@pytest.mark.parametrize("command", _OPERATOR_COMMANDS)
def test_operator_commands_do_not_create_a_missing_sqlite_file(
    tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "typo.db"
    result = _invoke(*command, "--database", f"sqlite:///{path}")
    assert result.exit_code == 1
    assert f"No database at {path}: give the URL of an existing puntobanco database" in (
        result.stderr
    )
    assert "wallets 0" not in result.output
    assert not path.exists() and list(tmp_path.iterdir()) == []
    spanish = _invoke(*command, "--database", f"sqlite:///{path}", lang="es")
    assert spanish.exit_code == 1 and f"No hay ninguna base de datos en {path}" in spanish.stderr
    assert not path.exists()


def test_the_default_database_must_exist_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = _invoke("ledger", "check")
    assert result.exit_code == 1 and "No database at puntobanco.db" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", _OPERATOR_COMMANDS)
def test_operator_commands_refuse_an_unmigrated_sqlite_database(
    tmp_path: Path, command: list[str]
) -> None:
    import sqlite3

    empty = tmp_path / "empty.db"
    empty.touch()
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()
    before = other.read_bytes()
    for path in (empty, other):
        result = _invoke(*command, "--database", f"sqlite:///{path}")
        assert result.exit_code == 1, result.output
        assert f"sqlite:///{path} is not a puntobanco database" in result.stderr
        assert "puntobanco serve --database URL creates" in result.stderr
    assert empty.read_bytes() == b"" and other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "other.db"]
    spanish = _invoke(*command, "--database", f"sqlite:///{empty}", lang="es")
    assert spanish.exit_code == 1 and "no es una base de datos de puntobanco" in spanish.stderr


@pytest.mark.parametrize("command", _OPERATOR_COMMANDS)
def test_operator_commands_refuse_a_file_that_is_not_sqlite(
    tmp_path: Path, command: list[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 100, encoding="utf-8")
    result = _invoke(*command, "--database", f"sqlite:///{notes}")
    assert result.exit_code == 1
    assert f"Cannot open the database sqlite:///{notes}" in result.stderr


@pytest.mark.parametrize("command", _OPERATOR_COMMANDS)
def test_operator_commands_refuse_a_plain_path_and_a_foreign_url(
    tmp_path: Path, command: list[str], played: dict[str, Any]
) -> None:
    for path in ("/some/path.db", played["url"].removeprefix("sqlite:///")):
        result = _invoke(*command, "--database", path)
        assert result.exit_code == 2, result.output
        assert f"--database takes a URL, not a path: write sqlite:///{path}" in result.stderr
    foreign = _invoke(*command, "--database", "foo://bar")
    assert foreign.exit_code == 2
    assert "--database 'foo://bar': the database is SQLite or PostgreSQL" in foreign.stderr
    assert "sqlite:///PATH" in foreign.stderr
    spanish = _invoke(*command, "--database", "foo://bar", lang="es")
    assert spanish.exit_code == 2 and "la base de datos es SQLite o PostgreSQL" in spanish.stderr
    garbled = _invoke(*command, "--database", "sqlite://:x:/")
    assert garbled.exit_code == 2


def test_operator_commands_refuse_an_unknown_language(played: dict[str, Any]) -> None:
    result = _invoke("report", "--database", played["url"], lang="fr")
    assert result.exit_code == 2
    assert "Invalid option --lang: the languages are en (English) and es (español), got 'fr'" in (
        result.stderr
    )


@pytest.mark.postgres
@pytest.mark.parametrize("command", _OPERATOR_COMMANDS)
def test_operator_commands_refuse_a_postgres_database_that_does_not_exist(
    command: list[str],
) -> None:
    from tests.server.conftest import postgres_reason

    reason = postgres_reason()
    if reason:
        pytest.skip(reason)
    url = "postgresql+psycopg://127.0.0.1:5432/nonexistent_db_xyz"
    result = _invoke(*command, "--database", url)
    assert result.exit_code == 1, result.output
    assert f"Cannot open the database {url}" in result.stderr
    assert "nonexistent_db_xyz" in result.stderr and "give the URL of an existing" in result.stderr


@pytest.mark.postgres
def test_operator_commands_refuse_an_unmigrated_postgres_schema() -> None:
    import uuid

    from sqlalchemy import create_engine, inspect, text

    from tests.server.conftest import PG_ROOT, pg_schema_url, postgres_reason

    reason = postgres_reason()
    if reason:
        pytest.skip(reason)
    schema = f"t_audit_{uuid.uuid4().hex[:10]}"
    engine = create_engine(PG_ROOT)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        for command in _OPERATOR_COMMANDS:
            result = _invoke(*command, "--database", pg_schema_url(schema))
            assert result.exit_code == 1, result.output
            assert "is not a puntobanco database" in result.stderr
        assert inspect(engine).get_table_names(schema=schema) == []
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.mark.parametrize(
    ("change", "status", "expected"),
    [
        (lambda r: r.__setitem__("shoe", []), 2, "Cannot read rounds from"),
        (lambda r: r["shoe"].__setitem__("decks", 0), 1, "Cannot recompute round"),
        (lambda r: r["shoe"].__setitem__("first_card", 10**6), 1, "Cannot recompute round"),
    ],
)
def test_verify_a_malformed_export_without_a_traceback(
    played: dict[str, Any], change: Any, status: int, expected: str
) -> None:
    page = json.loads(played["rounds"].read_text(encoding="utf-8"))
    change(page["rounds"][0])
    played["rounds"].write_text(json.dumps(page), encoding="utf-8")
    result = _invoke("verify", played["seed"], "--rounds", str(played["rounds"]))
    assert result.exit_code == status, result.output
    assert expected in result.stderr


def test_verify_a_tampered_database_round_it_cannot_recompute(played: dict[str, Any]) -> None:
    from puntobanco.server.db import make_engine

    engine = make_engine(make_settings(played["url"]))
    with engine.begin() as conn:
        conn.execute(update(Round).where(Round.id == 1).values(first_card=10**6))
    engine.dispose()
    result = _invoke("verify", played["seed"], "--database", played["url"])
    assert result.exit_code == 1, result.output
    assert "Cannot recompute a round of this seed" in result.stderr


def test_operator_output_in_spanish(played: dict[str, Any]) -> None:
    url = played["url"]
    check = runner.invoke(app, ["--lang", "es", "ledger", "check", "--database", url])
    assert check.exit_code == 0, check.output
    assert "comprobación del libro: CORRECTO" in check.output
    assert "manos liquidadas 4" in check.output and "ledger check" not in check.output
    report = runner.invoke(app, ["report", "--database", url, "--lang", "es"])
    assert report.exit_code == 0, report.output
    assert "manos 4  volumen 19,00" in report.output and "por día (UTC):" in report.output
    assert "turnover" not in report.output
    # Percentages with a decimal comma and a space before the sign, as Spanish writes them.
    assert re.search(r"\d,\d{3}\u00a0%", report.output)
    verify = runner.invoke(
        app, ["verify", played["seed"], "--rounds", str(played["rounds"]), "--lang", "es"]
    )
    assert verify.exit_code == 0, verify.output
    assert "3 manos comprobadas, 0 discrepancias" in verify.output


def test_operator_formats(played: dict[str, Any]) -> None:
    url = played["url"]
    as_json = runner.invoke(app, ["report", "--database", url, "--json"])
    as_format = runner.invoke(app, ["report", "--database", url, "--format", "json"])
    assert json.loads(as_json.stdout)["bets"] == json.loads(as_format.stdout)["bets"]
    table = runner.invoke(app, ["report", "--database", url, "--format", "csv"])
    assert table.exit_code == 0, table.output
    rows = list(csv.DictReader(io.StringIO(table.stdout)))
    assert sum(int(r["turnover_minor"]) for r in rows) == 3 * 600 + 100
    check = runner.invoke(app, ["ledger", "check", "--database", url, "--format", "json"])
    assert check.exit_code == 0 and json.loads(check.stdout)["ok"] is True
    refused = runner.invoke(app, ["ledger", "check", "--database", url, "--format", "csv"])
    assert refused.exit_code == 2 and "table or json" in refused.stderr
    verify = runner.invoke(
        app, ["verify", played["seed"], "--rounds", str(played["rounds"]), "--format", "markdown"]
    )
    assert verify.exit_code == 0 and verify.stdout.startswith("| round_id | field |")
