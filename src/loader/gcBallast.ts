/**
 * A garbage-collection ballast for the indexing worker: one large ArrayBuffer, allocated as a load
 * starts, never written, and held until the worker ends with the load.
 *
 * V8 starts a major collection whenever what an isolate allocated since the last one passes a limit
 * set from what that collection found alive, and it counts ArrayBuffers in it, even those
 * transferred to another thread since. The worker keeps about 1 MB alive, but Chromium allocates
 * every chunk of the body it reads in the worker's isolate: in traced 100k loads its 337 MB set off
 * up to 19 major collections of a heap with nothing to collect, each stopping the worker, the
 * load's critical path, for a few milliseconds and marking on the helper threads meanwhile. With
 * the ballast alive, the limit lies beyond the whole body: the same loads had one collection, right
 * after the allocation, while the request waits for the server's headers.
 *
 * It costs address space, not memory: the system gives a page memory when it is first written, and
 * these pages never are (the renderer's page faults per load did not change). On Windows they count
 * towards the system's commit charge while the load runs. Where the allocation fails (a 32-bit
 * browser, a strict commit limit), the load goes on without it.
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
