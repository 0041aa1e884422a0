/* Where and how a memory snapshot is kept: in Cache Storage, under the
 * release's entry, its pages that are not all zeros.
 *
 * A snapshot is Pyodide's whole heap (31.5 MB), more than half of it zeros;
 * kept without them (about 13 MB) it reads back in less than half the time,
 * and rebuilding it costs a copy of the pages kept. The layout, in
 * little-endian 32-bit words: MAGIC, the heap's length, the number of
 * pages kept, their numbers (ascending), then the pages themselves (the
 * last page of the heap may be short). ui/snapshot_worker.mjs packs,
 * ui/snapshot_reader.mjs unpacks; anything that does not fit this exactly is
 * refused.
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

/** The heap again; throws on anything that is not a packed heap whole. */
export function unpackHeap(packed) {
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (i) => words.getUint32(i * 4, true);
  if (packed.length < HEADER * 4 || word(0) !== MAGIC) throw new Error("not a snapshot");
  const [length, count] = [word(1), word(2)];
  const pages = Math.ceil(length / PAGE);
  const start = (HEADER + count) * 4;
  if (count > pages || packed.length < start) throw new Error("a snapshot cut short");
  const heap = new Uint8Array(length);
  let at = start, previous = -1;
  for (let i = 0; i < count; i++) {
    const page = word(HEADER + i);
    const size = Math.min(PAGE, length - page * PAGE);
    if (page <= previous || page >= pages || at + size > packed.length) throw new Error("a damaged snapshot");
    heap.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
    previous = page;
  }
  if (at !== packed.length) throw new Error("a damaged snapshot");
  return heap;
}
