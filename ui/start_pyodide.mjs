/* Pyodide, started with the page instead of after PyScript's own start-up.
 *
 * index.html runs this module (async) as soon as it and pyodide.mjs arrive,
 * and pyscript.toml names it as PyScript's interpreter: PyScript imports the
 * same module instance and calls its loadPyodide, which hands over the
 * runtime already on its way. Without this, PyScript only calls
 * loadPyodide once its own chunks, config and plugins are in (about 150 ms
 * after the page starts, on a reload); the runtime's start-up now runs
 * during that time. Calling loadPyodide here also reaches options PyScript
 * does not pass on, such as stdLibURL.
 *
 * Unless the offline copy serves this page (it keeps the wasm unpacked;
 * ui/boot.js decides, as it preloads the copy this visit reads), the
 * runtime's wasm arrives packed as xz (scripts/build_site.py, PACKED_WASM)
 * and is unpacked here as it downloads: loadPyodide's request for the wasm
 * is answered with the unpacked stream, which the browser compiles as it
 * comes (WebAssembly.instantiateStreaming). Without ui/boot.js, the wasm is
 * fetched unpacked.
 *
 * A return visit's runtime is restored from a memory snapshot this phone
 * made after an earlier start (ui/snapshot.mjs), when there is one: the
 * pages it kept are written straight into the new runtime's memory
 * (ui/snapshot_pages.mjs, pyodideSnapshot), which is why the instance is
 * kept here. Either way the runtime PyScript gets already holds the game's
 * files (ui/app_files.mjs; pyscript.toml has no [files]). The performance
 * marks "tp:..." time the steps for bench/start_breakdown.py.
 *
 * PyScript passes its stdout/stderr (where its error banner reads Python's
 * errors) and an indexURL derived from this file's address; the runtime
 * keeps its own (next to pyodide.mjs). Package installs would need
 * PyScript's own options: refused in one line rather than ignored.
 */
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";
import { fetchApp, unpackApp } from "./app_files.mjs";
import { unxz } from "./xz.mjs";
import { drop, reading, stored, tell, whenReady } from "./snapshot.mjs";
import { pyodideSnapshot } from "./snapshot_pages.mjs";

// The standard library with the modules a start-up imports compiled
// (scripts/build_site.py writes it next to pyodide.mjs, as STDLIB_ZIP).
const STDLIB = new URL("../vendor/pyodide/python_stdlib_compiled.zip", import.meta.url).href;
// On a visit that paints the last table (ui/paint.js, from tp.paint), the
// runtime's start (its reads through the service worker, the wasm compile)
// waits until that frame is on screen (ui/boot.js: afterPaint): it would
// otherwise delay the stylesheets and scripts the paint needs (bench/LOG.md,
// issue 48, part 5).
const afterPaint = window.TriplePlayBoot?.afterPaint ?? Promise.resolve();
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;

// The packed wasm's body, unpacked; a damaged download is reported to
// ui/boot.js (Pyodide only logs a failed compile, then waits for ever).
async function unpacked(response) {
  const reader = (await unxz(response)).getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        window.TriplePlayBoot?.fail(`The Python runtime's download is damaged: ${error}`);
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

// The page's fetch, before fetchAnswered stands in for it.
const networkFetch = globalThis.fetch;
// loadPyodide's requests answered here: {url: answer()}, each once.
const answers = new Map();

// The page's fetch while ``answers`` holds any: those requests get their
// answer, once; the rest go to the network.
function fetchAnswered(resource, options) {
  const asked = String(resource instanceof Request ? resource.url : resource);
  const answer = answers.get(asked);
  if (!answer) return networkFetch.call(this, resource, options);
  answers.delete(asked);
  if (!answers.size) globalThis.fetch = networkFetch;
  return answer();
}

// Answers loadPyodide's one request for ``url`` with answer().
function answerRequest(url, answer) {
  answers.set(url, answer);
  globalThis.fetch = fetchAnswered;
}

// The request for the wasm answered with the packed copy, unpacked.
function unpackWasm() {
  if (!window.TriplePlayBoot?.packed) return;
  answerRequest(WASM, () => networkFetch(WASM + ".xz")
    .then((response) => (response.ok ? unpacked(response) : response)));
}

// The runtime's wasm instance, once Pyodide has it from useModule.
let instance = null;

// Pyodide's request for the wasm and its compile get ``compiled``, a
// promise of the module compiled already.
function useModule(compiled) {
  answerRequest(WASM, async () => new Response(null));  // never read: see below
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function instantiateCompiled(_response, imports) {
    WebAssembly.instantiateStreaming = instantiate;
    const module = await compiled;
    instance = await WebAssembly.instantiate(module, imports);
    return { module, instance };
  };
}

// The runtime's memory, and the spans of it whose bytes its start may
// have written and that count: all of it up to its break (sbrk), but for
// its stack. Nothing reads a stack below its pointer, and the restored
// runtime's stack is empty (its pointer is a wasm global, at the top);
// zeroing the stack's 10 MB, untouched for the most part, cost a phone's
// restore 25 ms.
function runtimeMemory() {
  const exports = instance.exports;
  const [end, base] = [exports.emscripten_stack_get_end() >>> 0, exports.emscripten_stack_get_base() >>> 0];
  const limit = Math.max(exports.sbrk(0) >>> 0, base);
  return { memory: exports.memory, stale: [[0, Math.min(end, base)], [Math.max(end, base), limit]] };
}

// Where the offline copy serves the wasm unpacked, it is compiled as the
// runtime's start begins (V8 keeps the compiled code, so on a return visit
// this mostly reads it back), while Pyodide's own start-up runs.
function compileEarly() {
  if (window.TriplePlayBoot?.packed) return;
  const compiled = compile();
  compiled.catch(() => {});  // reported as Pyodide's own compile would be
  useModule(compiled);
}

// The wasm compiled from the offline copy (past fetchAnswered, which is for
// Pyodide's own request).
function compile() {
  return WebAssembly.compileStreaming(networkFetch.call(globalThis, WASM));
}

// A return visit starts from the snapshot this phone made (ui/snapshot.mjs),
// whose reader, started with the page, also compiles the wasm and reads
// the standard library and app.tar; any failure is a normal start.
// Otherwise app.tar downloads meanwhile (the page preloads it).
const KEY = document.documentElement.dataset.snapshotKey;
const snapshot = stored().then((read) => {
  performance.mark("tp:snapshot-read");
  return read;
});
const app = reading()
  ? snapshot.then((read) => (read?.app ? new Uint8Array(read.app) : fetchApp()))
  : fetchApp(Boolean(window.TriplePlayBoot?.packed));
app.catch(() => {});  // reported through `started`
// The runtime's start does not wait for the read: Pyodide's first steps
// (its configuration, its module) run meanwhile; it asks for the standard
// library, the heap and the wasm as it needs them. NONE: the read found
// no snapshot.
const NONE = new Error("no snapshot");
async function restored() {
  const heap = snapshot.then((read) => (read?.heap
    ? pyodideSnapshot(read.heap, read.shape, runtimeMemory) : Promise.reject(NONE)));
  heap.catch(() => {});  // handled below, once loadPyodide asks for it
  const compiled = snapshot.then((read) => read?.module ?? compile());
  compiled.catch(() => {});  // reported as Pyodide's own compile would be
  useModule(compiled);
  answerRequest(STDLIB, () => snapshot.then((read) => (read?.stdlib
    ? new Response(read.stdlib) : networkFetch(STDLIB))));
  try {
    const pyodide = await load({ stdLibURL: STDLIB, _loadSnapshot: heap });
    if (!(await heap).written) throw new Error("the snapshot's memory was never written");
    tell("restored");
    return pyodide;
  } catch (error) {
    if (error === NONE) {
      tell("none");
    } else {
      console.warn("[snapshot] restore failed: " + error);
      tell("refused");
      await drop();
    }
    return null;
  }
}
async function runtime() {
  if (reading()) {
    const pyodide = await restored();
    whenReady(KEY, Boolean(pyodide));
    if (pyodide) return pyodide;
  } else {
    tell("none");
    whenReady(KEY, false);
    compileEarly();
  }
  return load({ stdLibURL: STDLIB });
}
const started = afterPaint.then(async () => {
  unpackWasm();
  performance.mark("tp:runtime-start");
  const pyodide = await runtime();
  performance.mark("tp:runtime-up");
  unpackApp(pyodide, await app);
  performance.mark("tp:app-unpacked");
  return pyodide;
});
// A failed start is reported once PyScript asks for the runtime (ui/boot.js
// sees it then); not earlier as an unhandled rejection of this promise.
started.catch(() => {});

export { version };

export async function loadPyodide(options = {}) {
  if (options.packages || options.lockFileContents || options.lockFileURL) {
    throw new Error("ui/start_pyodide.mjs: PyScript packages are not supported (pyscript.toml)");
  }
  const pyodide = await started;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
