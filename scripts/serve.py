#!/usr/bin/env python3
"""Serve site/ on localhost with the MIME types Pyodide needs (stdlib only).

.wasm must be application/wasm for streaming compilation and .mjs must be a
JavaScript type for module imports; Python's defaults are not reliable for
either. Like GitHub Pages, it sends the text-like types gzipped to a client
that accepts gzip (COMPRESSED), so a local visit downloads what a Pages
visitor does; a .zip (already deflated) or an image goes as is.
`--port 0` picks a free port; the first line printed is the address.

    python3 scripts/serve.py [--port 8000] [--dir site]
"""

import argparse
import email.utils
import functools
import gzip
import io
import mimetypes
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# The types GitHub Pages gzips (its CDN compresses text, scripts, JSON,
# WebAssembly, SVG and the manifest; not archives or images).
COMPRESSED = ("text/", "application/javascript", "application/json", "application/wasm",
              "application/manifest+json", "image/svg+xml")
GZIP_LEVEL = 6


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's gzip body, kept while the file is unchanged (mtime and size
    are part of the key): a start-up asks for the 9.6 MB wasm every time."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=GZIP_LEVEL, mtime=0)


def gzip_all(folder: Path) -> None:
    """Compress every COMPRESSED file up front (the wasm takes a second), so
    no page load waits for it."""
    for path in folder.rglob("*"):
        if path.is_file() and Handler.content_type(path).startswith(COMPRESSED):
            stat = path.stat()
            gzipped(str(path), stat.st_mtime_ns, stat.st_size)


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

    @classmethod
    def content_type(cls, path: Path) -> str:
        return cls.extensions_map.get(path.suffix) or mimetypes.guess_type(path.name)[0] or ""

    def send_head(self):
        """SimpleHTTPRequestHandler's, but a COMPRESSED type goes gzipped to a
        client that accepts gzip (with Vary, as Pages sends it)."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        ctype = self.content_type(path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not ctype.startswith(COMPRESSED) or not path.is_file():
            return super().send_head()
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        body = gzipped(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

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
    gzip_all(args.dir)
    handler = functools.partial(Handler, directory=str(args.dir))
    with Server(("127.0.0.1", args.port), handler) as server:
        print(f"serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
