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
import { layout, packHeap, pyodideSnapshot, writeHeap } from "./ui/snapshot_pages.mjs";
import { unpackApp } from "./ui/app_files.mjs";
import fs from "node:fs";

const out = {};
const attempt = (name, run) => {
  try { out[name] = run(); } catch (error) { out[name] = "refused: " + error.message; }
};
const same = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

// A heap of 5 pages and a short one: zeros, bytes, zeros, a byte at the end.
const heap = new Uint8Array(4096 * 5 + 100);
heap.set([1, 2, 3], 4096);
heap[heap.length - 1] = 9;
const packed = packHeap(heap);
out.packedBytes = packed.length;
attempt("sameHeap", () => { const whole = new Uint8Array(heap.length); writeHeap(packed, layout(packed), whole, 0, []);
  return same(whole, heap); });
// Written from byte 16 on over a memory whose first 6000 bytes hold other
// bytes, stale but for 100-199 (a stack: left as it is).
attempt("overWritten", () => { const memory = new Uint8Array(heap.length - 16).fill(7, 0, 6000);
  writeHeap(packed, layout(packed), memory, 16, [[0, 100], [200, 6000]]);
  const stack = memory.slice(100, 200);
  memory.fill(0, 100, 200);
  return [same(memory, heap.subarray(16)), stack.every((b) => b === 7)]; });
attempt("cut", () => layout(packed.subarray(0, packed.length - 1)).length);
attempt("longer", () => layout(new Uint8Array([...packed, 0])).length);
attempt("notASnapshot", () => layout(new Uint8Array(4096)).length);
const swapped = packed.slice();
new DataView(swapped.buffer).setUint32(12, 7, true);  // a page number past the heap's end
attempt("pagePastTheEnd", () => layout(swapped).length);
const zeros = new Uint8Array(8192);
attempt("allZeros", () => [packHeap(zeros).length, layout(packHeap(zeros)).pages.length]);

// Pyodide's snapshot: its header (magic, where the memory begins, the JSON's
// length; the JSON at byte 48), then the memory, restored as Pyodide 314 does.
const snapshot = new Uint8Array(64 + 4096 * 3);
new Uint32Array(snapshot.buffer, 0, 3).set([0x706e7500, 64, 5]);
snapshot.set(Buffer.from("[1,2]"), 48);
snapshot.set([4, 5, 6], 64 + 4096);
attempt("pyodide", () => {
  const memory = new WebAssembly.Memory({ initial: 1 });
  new Uint8Array(memory.buffer).fill(7, 0, 100).fill(7, 9000, 9001);  // written before the restore, below its break
  const kept = packHeap(snapshot);
  const t = pyodideSnapshot(kept, layout(kept), () => ({ memory, stale: [[0, 10000]] }));
  const e = new Uint32Array(t.buffer, t.byteOffset, t.byteLength / 4);
  const json = new TextDecoder().decode(t.subarray(48, 48 + e[2]));
  new Uint8Array(memory.buffer).set(t.subarray(e[1]));
  return [json, t.written, same(new Uint8Array(memory.buffer, 0, 4096 * 3), snapshot.subarray(64))];
});
attempt("pyodideTooBig", () => {
  const kept = packHeap(snapshot);
  const t = pyodideSnapshot(kept, layout(kept), () => ({ memory: new WebAssembly.Memory({ initial: 0 }), stale: [] }));
  return t.subarray(64).length;
});

// The archive: written into a fake file system (each folder's node makes its
// files' nodes, as MEMFS does), or refused.
const fakePyodide = (files) => ({
  FS: { cwd: () => "/home", mkdirTree() {},
        lookupPath: (folder) => ({ node: { node_ops: { mknod: (parent, name, mode) =>
          (files[`${folder}/${name}`] = { mode }) } } }) },
  runPython() {},
});
const texts = (files) => Object.fromEntries(Object.entries(files).map(
  ([path, node]) => [path, [Buffer.from(node.contents).toString(), node.usedBytes, node.mode.toString(8)]]));
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
  unpackApp(fakePyodide(files), archive(header("game/x.py", 2), body)); return texts(files); });
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
    assert out["overWritten"] == [True, True]
    assert out["allZeros"] == [12, 0]
    assert out["pyodide"] == ["[1,2]", True, True]
    assert out["pyodideTooBig"] == "refused: a snapshot larger than the runtime's memory"
    assert out["site"] > 100  # every module of game/ and ui/, and PyScript's bytecode
    for case in ("tarCut", "escapes", "absolute", "sizePastTheEnd", "notText"):
        assert str(out[case]).startswith("refused: app.tar is damaged"), case
    assert out["oneFile"] == {"/home/game/x.py": ["ok", 2, "100666"]}
