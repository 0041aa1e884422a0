/* Reads the kept snapshot back for ui/snapshot.mjs, off the page's main thread.
 *
 * A module worker, which ui/boot.js starts as the page's first script, named
 * after the release's key: it starts at once, with no message to wait for
 * (a message reaches a starting worker only once the page's busy main
 * thread passes it on). Cache Storage's read (13 MB, in chunks) would
 * otherwise queue behind, and hold up, everything else a start does on the
 * main thread (bench/LOG.md, 7 December); its bytes come back transferred,
 * not copied, with their layout, checked here (ui/snapshot_pages.mjs). The
 * runtime's wasm is compiled here meanwhile, and the standard library and
 * app.tar read, for the same reason (the page would take in their bodies
 * on its main thread); the page gets the compiled module and their bytes.
 * Answers { heap, shape, module, stdlib, app } (heap null: none kept; any
 * other null: the page fetches or compiles it itself) or { error }.
 */
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const STDLIB = new URL("../vendor/pyodide/python_stdlib_compiled.zip", import.meta.url).href;
const APP = new URL("../app.tar", import.meta.url).href;

// A file's bytes, or null.
async function bytes(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

// The reads start before ui/snapshot_pages.mjs is imported (a round trip
// more, once the worker runs): the wasm's compile is the longest of them.
async function read(key) {
  const compiled = WebAssembly.compileStreaming(fetch(WASM)).catch(() => null);
  const files = Promise.all([bytes(STDLIB), bytes(APP)]);
  try {
    const { CACHE, entry, layout } = await import("./snapshot_pages.mjs");
    const hit = await caches.match(entry(key), { cacheName: CACHE });  // opens none that is not there
    const heap = hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    const shape = heap && layout(heap);
    const [stdlib, app] = await files;
    postMessage({ heap, shape, module: heap && await compiled, stdlib, app },
                [heap?.buffer, stdlib, app].filter(Boolean));
  } catch (error) {
    postMessage({ error: String(error) });
  }
}

read(self.name);
