"""/docs and /redoc work offline: every script, style sheet and icon they load is ours."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from puntobanco.server.main import DOCS_ASSETS, create_app
from tests.server.conftest import make_settings

ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|url:\s*["']([^"']+)["']""")


def _assets(html: str) -> list[str]:
    return [a or b for a, b in ASSET.findall(html)]


def test_docs_load_only_local_assets_and_they_are_served(tmp_path: Any) -> None:
    with TestClient(create_app(make_settings(f"sqlite:///{tmp_path / 'pb.db'}"))) as client:
        for page, needed in (("/docs", ("swagger-ui-bundle.js", "swagger-ui.css")),
                             ("/redoc", ("redoc.standalone.js",))):  # fmt: skip
            response = client.get(page)
            assert response.status_code == 200
            assets = _assets(response.text)
            assert "cdn" not in response.text.lower()
            for name in needed:
                assert f"{DOCS_ASSETS}/{name}" in assets, assets
            for url in assets:
                assert url.startswith("/"), f"{page} loads {url} from elsewhere"
                served = client.get(url)
                assert served.status_code == 200, url
                assert len(served.content) > 100, url
        spec = client.get("/openapi.json").json()
        assert spec["openapi"].startswith("3.1")  # Swagger UI 5 renders 3.1 (4.x cannot)
        bundle = client.get(f"{DOCS_ASSETS}/swagger-ui-bundle.js").text
        assert re.search(r'"5\.\d+\.\d+"', bundle), "expected Swagger UI 5"
