"""A local stand-in for a WooCommerce store's REST API (v3), so the connector is
tested over real HTTP without the network. ``GET /wp-json/wc/v3/orders/{id}`` and
``GET /wp-json/wc/v3/products`` answer with the recorded replies in
tests/support/fixtures/woocommerce/ (shaped after WooCommerce's API reference);
``mode`` makes it fail: "hang" (past any timeout), "error" (500), "garbage"."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures" / "woocommerce"


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


class WooCommerceStub:
    def __init__(self) -> None:
        self.orders: dict[str, Any] = {"727": fixture("order-727")}
        self.products: Any = fixture("products-search")
        self.mode = ""
        self.requests: list[tuple[str, dict[str, str]]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> WooCommerceStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.mode = ""
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"


def _handler(stub: WooCommerceStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            stub.requests.append((self.path, dict(self.headers)))
            if stub.mode == "hang":
                time.sleep(5)
                return self._send(200, {})
            if stub.mode == "error":
                return self._send(500, {"code": "internal_server_error", "message": "x"})
            if stub.mode == "garbage":
                return self._send(200, b"<html>maintenance</html>")
            path = self.path.split("?", 1)[0]
            if path.startswith("/wp-json/wc/v3/orders/"):
                found = stub.orders.get(path.rsplit("/", 1)[1])
                if found is None:
                    return self._send(404, fixture("order-not-found"))
                return self._send(200, found)
            if path == "/wp-json/wc/v3/products":
                return self._send(200, stub.products)
            return self._send(404, {"code": "rest_no_route", "message": "No route"})

        def _send(self, status: int, body: Any) -> None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except OSError:
                pass

    return Handler
