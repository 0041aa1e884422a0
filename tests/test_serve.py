"""scripts/serve.py sends what GitHub Pages sends: the text-like types
gzipped to a client that accepts gzip, archives and images as they are."""

import functools
import gzip
import threading
import urllib.error
import urllib.request
from email.utils import formatdate

import pytest

from serve import Handler, Server, gzip_all

FILES = {
    "index.html": b"<!doctype html><title>t</title>" + b"<p>table</p>" * 200,
    "ui/boot.js": b"console.log('boot');\n" * 200,
    "vendor/pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 40,
    "vendor/pyodide/pyodide-lock.json": b'{"packages": {}}' * 100,
    "app.zip": b"PK\3\4" + bytes(range(256)) * 40,
    "app.tar": b"game/" + bytes(512) * 40,
    "app.tar.xz": b"\xfd7zXZ\x00" + bytes(range(256)) * 40,
    "icons/icon-192.png": b"\x89PNG" + bytes(range(256)) * 4,
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    for rel, data in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    gzip_all(root)
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url, **headers):
    """(status, headers, body as sent) of a GET; a 304 is returned, not raised."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.mark.parametrize("rel", ["ui/boot.js", "vendor/pyodide/pyodide.asm.wasm",
                                 "vendor/pyodide/pyodide-lock.json"])
def test_text_scripts_json_and_wasm_go_gzipped_to_a_client_that_accepts_gzip(site, rel):
    status, headers, body = get(site + rel, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in headers["Vary"]
    assert int(headers["Content-Length"]) == len(body) < len(FILES[rel])
    assert gzip.decompress(body) == FILES[rel]


def test_the_page_address_goes_gzipped_whatever_its_query(site):
    status, headers, body = get(site + "?seed=3", **{"Accept-Encoding": "gzip"})
    assert (status, headers["Content-Encoding"], headers["Content-Type"]) == (200, "gzip", "text/html")
    assert gzip.decompress(body) == FILES["index.html"]


@pytest.mark.parametrize("rel", ["app.zip", "app.tar", "app.tar.xz", "icons/icon-192.png"])
def test_archives_and_images_go_as_they_are(site, rel):
    status, headers, body = get(site + rel, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] is None and body == FILES[rel]


def test_a_client_that_does_not_accept_gzip_gets_the_file_as_it_is(site):
    status, headers, body = get(site + "ui/boot.js")
    assert status == 200 and headers["Content-Encoding"] is None and body == FILES["ui/boot.js"]


def test_an_unchanged_file_is_not_sent_again(site):
    later = formatdate(usegmt=True)
    status, _, body = get(site + "ui/boot.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": later})
    assert (status, body) == (304, b"")
