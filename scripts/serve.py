#!/usr/bin/env python3
"""Serve site/ on localhost with the MIME types Pyodide needs (stdlib only).

.wasm must be application/wasm for streaming compilation and .mjs must be a
JavaScript type for module imports; Python's defaults are not reliable for
either. `--port 0` picks a free port; the first line printed is the address.

    python3 scripts/serve.py [--port 8000] [--dir site]
"""

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~30 requests
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self):
        # Revalidate every time, so a rebuilt site is never served stale.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code="-", size="-"):
        """Quiet: log failed requests only."""
        try:
            failed = int(code) >= 400
        except (TypeError, ValueError):
            failed = True
        if failed:
            super().log_request(code, size)


class Server(ThreadingHTTPServer):
    # A start-up opens a dozen connections at once (its preloads); the
    # default backlog of 5 can drop some under load.
    request_queue_size = 64


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 = any free port")
    parser.add_argument("--dir", type=Path, default=ROOT / "site", help="folder to serve")
    args = parser.parse_args()
    if not args.dir.is_dir():
        sys.exit(f"{args.dir} not found: run scripts/build_site.py first")
    handler = functools.partial(Handler, directory=str(args.dir))
    with Server(("127.0.0.1", args.port), handler) as server:
        print(f"serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
