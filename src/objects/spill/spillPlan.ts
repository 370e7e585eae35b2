/**
 * When a load's bytes spill to disk rather than into the page (docs/storage.md). A body is spilled
 * once it is expected to pass the threshold: its size is guessed from the root's closure count and
 * the objects seen so far, so a million-object body spills from its first blocks, before the page
 * took any of its deferred bytes. Bodies under the threshold (the 100,000-object model's 337 MB) load
 * as they always did.
 */
import type { ByteStore } from '../set/byteStore';
import { opfsByteStore } from './opfsByteStore';
import { spillRoom, tabSpillDirectory, type SpillRoom } from './spillDirectory';
import { formatBytes } from '../../speckle/text';
import { browserMemoryLimit } from './memoryLimit';

const SPILL_THRESHOLD_BYTES = 500_000_000;

/** Room to leave in the storage beyond the body's guessed size: the guess is from a sample. */
const ROOM_MARGIN = 1.25;

/** The biggest body the storage's free room takes. */
export function diskCapacity(freeBytes: number): number {
  return freeBytes / ROOM_MARGIN;
}

/** Past which size a body spills, and how much of one the page may hold when it cannot. */
export interface MemoryLimits {
  threshold: number;
  /** What the tab holds in memory when it cannot spill (objects/spill/memoryLimit.ts). */
  memoryLimit: number;
}

export interface SpillPlan extends MemoryLimits {
  /** The storage's room, once the check made as the load starts has answered. */
  room: SpillRoom | null;
  /** A store for a body of about `expectedBytes`. */
  open(expectedBytes: number): ByteStore;
}

/** What the router has seen of the body so far. */
export interface BodySoFar {
  /** The body offset past the last block. */
  bytes: number;
  lines: number;
  /** The objects the root's closure names, and the root: how many lines to expect. */
  expected: number | null;
  /** The body offset past the root's text. */
  rootEnd: number | null;
}

/** The body's expected size: the root, and the others at the mean size of those seen so far. */
export function expectedBodyBytes({ bytes, lines, expected, rootEnd }: BodySoFar): number {
  if (expected === null || rootEnd === null || lines < 2) return bytes;
  return Math.max(bytes, rootEnd + ((bytes - rootEnd) / (lines - 1)) * (expected - 1));
}

type SpillChoice =
  | { kind: 'memory' }
  | { kind: 'spill' }
  /** Too big to keep in memory, and the storage cannot take it: why, for the user. */
  | { kind: 'no room'; note: string };

export function spillChoice(body: BodySoFar, plan: SpillPlan): SpillChoice {
  const size = expectedBodyBytes(body);
  if (size <= plan.threshold || !plan.room) return { kind: 'memory' };
  // Past the limit the load will stop: said now, so that whoever will not wait for that cancels.
  const limit =
    `it is kept in memory, up to ${formatBytes(plan.memoryLimit)}` +
    (size > plan.memoryLimit ? ', and the load stops there, incomplete' : '');
  if ('unavailable' in plan.room) {
    return {
      kind: 'no room',
      note: `This model is about ${formatBytes(size)}, and ${plan.room.unavailable}: ${limit}.`,
    };
  }
  if (diskCapacity(plan.room.freeBytes) < size) {
    return {
      kind: 'no room',
      note: `This model is about ${formatBytes(size)}, more than the ${formatBytes(plan.room.freeBytes)} the browser's storage has free: ${limit}.`,
    };
  }
  return { kind: 'spill' };
}

/** The message of a load stopped at the memory limit. */
export function memoryLimitNote(plan: SpillPlan): string {
  return `The load stopped at ${formatBytes(plan.memoryLimit)}, all the tab can hold in memory without storage.`;
}

/**
 * This browser's limits. A body the page may not hold spills, should the device be so small that
 * the memory limit is under the threshold.
 */
export function browserLimits(): MemoryLimits {
  const memoryLimit = testHooks()?.memoryLimitBytes ?? browserMemoryLimit();
  const threshold = testHooks()?.spillThresholdBytes ?? SPILL_THRESHOLD_BYTES;
  return { threshold: Math.min(threshold, memoryLimit), memoryLimit };
}

/** The plan of a load in a browser: spill to this tab's private file system. */
export function browserSpillPlan(): SpillPlan {
  const plan: SpillPlan = {
    ...browserLimits(),
    room: null,
    open: (expectedBytes) =>
      opfsByteStore(
        tabSpillDirectory(),
        `load-${crypto.randomUUID()}`,
        // The guess is from a sample (ROOM_MARGIN).
        expectedBytes * ROOM_MARGIN,
        testHooks()?.spillSegmentBytes,
      ),
  };
  void spillRoom().then((room) => (plan.room = room));
  return plan;
}

interface TestHooks {
  spillThresholdBytes?: number;
  memoryLimitBytes?: number;
  /** How many bytes of left results are kept for Back (objects/set/setRegistry.ts). */
  retainedBytes?: number;
  /** The size of a spill's segments (objects/spill/segmentedFile.ts), so that small bodies span several. */
  spillSegmentBytes?: number;
}

/**
 * Set by the e2e tests, so that small models spill, over several segments, and small results are
 * let go (test/e2e/spill.e2e.test.ts).
 */
export function testHooks(): TestHooks | undefined {
  return (globalThis as { explorerTestHooks?: TestHooks }).explorerTestHooks;
}
