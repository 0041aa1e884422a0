"""The two formats a start reads, checked under Node with the page's own
modules: the kept snapshot (ui/snapshot_pages.mjs: a heap without its pages
of zeros) and the game's files (ui/app_files.mjs: app.tar's archive).
Each comes back whole or is refused; nothing else gets through."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs under Node; prints {case: what came back, or the refusal's message}.
CASES = """
import { packHeap, unpackHeap } from "./ui/snapshot_pages.mjs";
import { unpackApp } from "./ui/app_files.mjs";
import fs from "node:fs";

const out = {};
const attempt = (name, run) => {
  try { out[name] = run(); } catch (error) { out[name] = "refused: " + error.message; }
};

// A heap of 5 pages and a short one: zeros, bytes, zeros, a byte at the end.
const heap = new Uint8Array(4096 * 5 + 100);
heap.set([1, 2, 3], 4096);
heap[heap.length - 1] = 9;
const packed = packHeap(heap);
out.packedBytes = packed.length;
attempt("sameHeap", () => Buffer.compare(unpackHeap(packed), heap) === 0);
attempt("cut", () => unpackHeap(packed.subarray(0, packed.length - 1)).length);
attempt("longer", () => unpackHeap(new Uint8Array([...packed, 0])).length);
attempt("notASnapshot", () => unpackHeap(new Uint8Array(4096)).length);
const swapped = packed.slice();
new DataView(swapped.buffer).setUint32(12, 7, true);  // a page number past the heap's end
attempt("pagePastTheEnd", () => unpackHeap(swapped).length);
const zeros = new Uint8Array(8192);
attempt("allZeros", () => [packHeap(zeros).length, unpackHeap(packHeap(zeros)).length]);

// The archive: written into a fake file system, or refused.
const fakePyodide = (files) => ({
  FS: { cwd: () => "/home", mkdirTree() {},
        writeFile: (path, body) => { files[path] = Buffer.from(body).toString(); } },
  runPython() {},
});
const tar = new Uint8Array(fs.readFileSync(process.argv[1]));
attempt("site", () => { const files = {}; unpackApp(fakePyodide(files), tar); return Object.keys(files).length; });
attempt("tarCut", () => unpackApp(fakePyodide({}), tar.subarray(0, 700)));
const header = (name, size) => {
  const block = new Uint8Array(512);
  block.set(Buffer.from(name), 0);
  block.set(Buffer.from(size.toString(8).padStart(11, "0")), 124);
  block[156] = 48;  // "0": a file
  block.set(Buffer.from("ustar"), 257);
  return block;
};
const archive = (...blocks) => {  // the blocks, then the two blocks of zeros that end it
  const a = new Uint8Array(512 * (blocks.length + 2));
  blocks.forEach((b, i) => a.set(b, 512 * i));
  return a;
};
attempt("escapes", () => unpackApp(fakePyodide({}), archive(header("../evil.py", 0))));
attempt("absolute", () => unpackApp(fakePyodide({}), archive(header("/etc/evil.py", 0))));
attempt("sizePastTheEnd", () => unpackApp(fakePyodide({}), archive(header("game/x.py", 99999))));
const notText = header("game/x.py", 0);
notText[5] = 0xff;  // no UTF-8 byte sequence starts so
attempt("notText", () => unpackApp(fakePyodide({}), archive(notText)));
attempt("oneFile", () => { const files = {}; const body = new Uint8Array(512); body.set(Buffer.from("ok"));
  unpackApp(fakePyodide(files), archive(header("game/x.py", 2), body)); return files; });
console.log(JSON.stringify(out));
"""


def test_kept_snapshots_and_the_game_files_come_back_whole_or_are_refused(site_dir):
    run = subprocess.run(["node", "--input-type=module", "-e", CASES, str(site_dir / "app.tar")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout)
    assert out["packedBytes"] == 5 * 4 + 4096 + 100  # the header, the page of bytes, the short last page
    assert out["sameHeap"] is True
    for case in ("cut", "longer", "notASnapshot", "pagePastTheEnd"):
        assert str(out[case]).startswith("refused: "), case
    assert out["allZeros"] == [12, 8192]
    assert out["site"] > 100  # every module of game/ and ui/, and PyScript's bytecode
    for case in ("tarCut", "escapes", "absolute", "sizePastTheEnd", "notText"):
        assert str(out[case]).startswith("refused: app.tar is damaged"), case
    assert out["oneFile"] == {"/home/game/x.py": "ok"}
