import { describe, expect, it } from 'vitest';
import {
  modelNoteBeforeLoad,
  storageNoteBeforeLoad,
  type StorageLimits,
} from '../../../../src/objects/spill/storageNotes';

const limits = (room: StorageLimits['room']): StorageLimits => ({
  threshold: 500_000_000,
  memoryLimit: 2_000_000_000,
  room,
});

describe('the note beside the lookup, before any load', () => {
  it('says when big models cannot be kept on disk, and what happens instead', () => {
    expect(
      storageNoteBeforeLoad(limits({ unavailable: 'this browser gives pages no storage' })),
    ).toBe(
      'Models over 500 MB are kept on disk, but this browser gives pages no storage: they are ' +
        'kept in memory, up to 2.0 GB, and marked incomplete past that.',
    );
  });

  it('says how big a model the room takes when it is short of a 1,000,000-object model', () => {
    // 3.4 GB of room takes a body of 2.72 GB: the 1,000,000-object model's 3.4 GB do not fit.
    expect(storageNoteBeforeLoad(limits({ freeBytes: 3_400_000_000 }))).toBe(
      "The browser's storage has 3.4 GB free: a model up to about 2.7 GB is kept on disk; a " +
        'bigger one is kept in memory, up to 2.0 GB, and marked incomplete past that.',
    );
  });

  it('says when the room takes no model big enough to spill, as a private window may', () => {
    expect(storageNoteBeforeLoad(limits({ freeBytes: 100_000_000 }))).toBe(
      "The browser's storage has 100 MB free, too little to keep a big model on disk: models " +
        'over 500 MB are kept in memory, up to 2.0 GB, and marked incomplete past that.',
    );
  });

  it('says nothing when the room takes a 1,000,000-object model, and so any smaller one', () => {
    expect(storageNoteBeforeLoad(limits({ freeBytes: 4_250_000_000 }))).toBeNull();
  });
});

describe('the note on a model whose object count is known before its load', () => {
  it('says it will not fit on disk, and that it stops at the memory limit', () => {
    expect(modelNoteBeforeLoad(1_000_000, limits({ freeBytes: 1_000_000_000 }))).toBe(
      "This model's 1,000,000 objects take about 3.4 GB, more than the browser's storage can " +
        'take here: it is kept in memory up to 2.0 GB, and marked incomplete past that.',
    );
  });

  it('says it is kept in memory, whole, when it fits there', () => {
    expect(modelNoteBeforeLoad(200_000, limits({ unavailable: 'no storage' }))).toBe(
      "This model's 200,000 objects take about 680 MB, more than the browser's storage can " +
        'take here: it is kept in memory.',
    );
  });

  it('says nothing of a model that fits on disk, stays under the threshold, or is not counted', () => {
    expect(modelNoteBeforeLoad(1_000_000, limits({ freeBytes: 5e9 }))).toBeNull();
    expect(modelNoteBeforeLoad(100_000, limits({ unavailable: 'no storage' }))).toBeNull();
    expect(modelNoteBeforeLoad(null, limits({ unavailable: 'no storage' }))).toBeNull();
  });

  it('says nothing while the storage has not answered', () => {
    expect(modelNoteBeforeLoad(1_000_000, null)).toBeNull();
  });
});
