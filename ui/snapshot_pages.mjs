/* Where and how a memory snapshot is kept: in Cache Storage, under the
 * release's entry, its pages that are not all zeros.
 *
 * A snapshot is Pyodide's whole heap (31.5 MB), more than half of it zeros;
 * kept without them (about 13 MB) it reads back in less than half the time,
 * and only the pages kept are copied into the restored runtime's memory.
 * The layout, in little-endian 32-bit words: MAGIC, the heap's length, the
 * number of pages kept, their numbers (ascending), then the pages
 * themselves (the last page of the heap may be short).
 * ui/snapshot_worker.mjs packs, ui/snapshot_reader.mjs checks the layout,
 * ui/start_pyodide.mjs writes the pages into the restored runtime's
 * memory; anything that does not fit this exactly is refused.
 */
// Not named like sw.js's caches ("triple-play-<release>"), which it deletes.
export const CACHE = "tp-snapshot";
const MAGIC = 0x31535054;  // "TPS1"
const PAGE = 4096;
const HEADER = 3;  // words before the page numbers

/** The address release ``key``'s snapshot is kept under. */
export function entry(key) {
  return new URL(`../snapshot/${key}`, import.meta.url).href;
}

function kept(heap, page) {
  const end = Math.min(heap.length, (page + 1) * PAGE);
  for (let i = page * PAGE; i < end; i++) if (heap[i]) return true;
  return false;
}

/** The heap's pages that hold anything, packed. */
export function packHeap(heap) {
  const pages = [];
  for (let page = 0; page * PAGE < heap.length; page++) if (kept(heap, page)) pages.push(page);
  const start = (HEADER + pages.length) * 4;
  const last = pages.length && pages.at(-1) * PAGE + PAGE > heap.length ? PAGE - (heap.length % PAGE) : 0;
  const packed = new Uint8Array(start + pages.length * PAGE - last);
  const words = new DataView(packed.buffer);
  [MAGIC, heap.length, pages.length, ...pages].forEach((word, i) => words.setUint32(i * 4, word, true));
  pages.forEach((page, i) => packed.set(heap.subarray(page * PAGE, (page + 1) * PAGE), start + i * PAGE));
  return packed;
}

/** The packed heap's layout, checked whole: { length, pages, start } (the
 * heap's length, the numbers of the pages kept, where their bytes begin);
 * throws on anything that is not a packed heap. */
export function layout(packed) {
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (i) => words.getUint32(i * 4, true);
  if (packed.length < HEADER * 4 || word(0) !== MAGIC) throw new Error("not a snapshot");
  const [length, count] = [word(1), word(2)];
  const start = (HEADER + count) * 4;
  if (count > Math.ceil(length / PAGE) || packed.length < start) throw new Error("a snapshot cut short");
  const pages = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const page = word(HEADER + i);
    if (page <= (pages.at(-1) ?? -1) || page * PAGE >= length) throw new Error("a damaged snapshot");
    pages.push(page);
    bytes += Math.min(PAGE, length - page * PAGE);
  }
  if (start + bytes !== packed.length) throw new Error("a damaged snapshot");
  return { length, pages, start };
}

/** The heap's bytes from ``from`` on, written into ``target`` as far as it
 * goes (target[i] = heap[from + i]): the pages kept, and zeros over those
 * not kept where target may hold other bytes, in the ``stale`` spans of
 * target ([begin, end) pairs; elsewhere it holds zeros, or bytes that
 * nothing reads). Runs of pages kept one after another are copied at once;
 * zeros are written without looking first. */
export function writeHeap(packed, { length, pages, start }, target, from, stale) {
  const end = Math.min(length, from + target.length);
  const clear = (lo, hi) => {  // heap bytes [lo, hi), not kept: zeros where stale
    const [a, b] = [Math.max(lo, from) - from, Math.min(hi, end) - from];
    for (const [begin, until] of stale) {
      if (Math.max(a, begin) < Math.min(b, until)) target.fill(0, Math.max(a, begin), Math.min(b, until));
    }
  };
  const copy = (lo, hi, at) => {  // heap bytes [lo, hi), kept from packed[at] on
    const [a, b] = [Math.max(lo, from), Math.min(hi, end)];
    if (a < b) target.set(packed.subarray(at + a - lo, at + b - lo), a - from);
  };
  let at = start, next = 0;
  for (let i = 0; i < pages.length;) {
    let j = i + 1;
    while (j < pages.length && pages[j] === pages[j - 1] + 1) j++;
    const [lo, hi] = [pages[i] * PAGE, Math.min(length, (pages[j - 1] + 1) * PAGE)];
    clear(next, lo);
    copy(lo, hi, at);
    at += hi - lo;
    next = hi;
    i = j;
  }
  clear(next, length);
}

// What loadPyodide's _loadSnapshot gets: Pyodide's own header (its magic,
// where the memory's copy begins, its JSON state; Pyodide 314), whose
// restore then copies the memory with HEAP8.set(snapshot.subarray(offset)).
// Asked for that, it writes the pages kept straight into the runtime's
// memory and hands back nothing to copy: no 31.5 MB rebuilt and copied,
// most of it zeros already there.
class PyodideHeader extends Uint8Array {
  static get [Symbol.species]() {
    return Uint8Array;
  }

  subarray(begin, end) {
    if (begin === this.length && end === undefined) this.writeMemory();
    return super.subarray(begin, end);
  }
}

/** The snapshot as loadPyodide's _loadSnapshot takes it, for the runtime
 * ``runtime()`` gives once Pyodide has instantiated it: { memory, stale }
 * (its memory, and the spans of it whose bytes its start may have written
 * and that count). ``shape``: layout(packed), as the reader checked it.
 * Its ``written`` turns true once the memory is restored. */
export function pyodideSnapshot(packed, shape, runtime) {
  const offset = new Uint8Array(8);
  writeHeap(packed, shape, offset, 0, []);
  const length = new DataView(offset.buffer).getUint32(4, true);
  if (length % 4 || length > shape.length) throw new Error("not a snapshot");
  const header = new PyodideHeader(length);
  writeHeap(packed, shape, header, 0, []);
  header.written = false;
  header.writeMemory = () => {
    const { memory, stale } = runtime();
    const target = new Uint8Array(memory.buffer);
    if (shape.length - length > target.length) throw new Error("a snapshot larger than the runtime's memory");
    writeHeap(packed, shape, target, length, stale);
    header.written = true;
  };
  return header;
}
