/**
 * A garbage-collection ballast for the indexing worker: one large ArrayBuffer, allocated as a load
 * starts, never written, and held until the worker ends with the load.
 *
 * V8 starts a major collection whenever what an isolate allocated since the last one passes a limit
 * set from what that collection found alive, and it counts ArrayBuffers in it, even those
 * transferred to another thread since. The worker keeps about 1 MB alive, but Chromium allocates
 * every chunk of the body it reads in the worker's isolate, so a big body set off collection after
 * collection of a heap with nothing to collect, each stopping the worker, the load's critical
 * path. With the ballast alive, the limit lies beyond the whole body: a load has one collection,
 * right after the allocation, while the request waits for the server's headers. It is dropped when
 * the worker goes on after the load (opened files are read again for their root, fileRoot.ts).
 * Plain files are read into the same buffer again and again (fileBytes.ts): they need none,
 * and its first collection would only hold their reading up.
 *
 * It costs address space, not memory: the system gives a page memory when it is first written, and
 * these pages never are. On Windows they count towards the system's commit charge while the load
 * runs. Where the allocation fails (a 32-bit browser, a strict commit limit), the load goes on
 * without it.
 */
const GC_BALLAST_BYTES = 512 * 1024 * 1024;

let ballast: ArrayBuffer | null = null;

/** Allocates the ballast once; says whether the worker holds it. */
export function holdGcBallast(bytes = GC_BALLAST_BYTES): boolean {
  try {
    ballast ??= new ArrayBuffer(bytes);
  } catch {
    // A RangeError: no address space for it. The load is only slower.
  }
  return ballast !== null;
}

/** Lets the ballast go: the worker goes on working after its load, and should not hold it. */
export function dropGcBallast(): void {
  ballast = null;
}
