import { describe, expect, it } from 'vitest';
import { BlockIndexer } from '../../../../src/objects/load/indexing';
import {
  cutSampleOnce,
  indexSampleOnce,
  sampleBody,
  WARM_UP_CHUNK_BYTES,
} from '../../../../src/objects/load/warmUp';

const NEWLINE = 0x0a;

describe('the warm-up sample', () => {
  it('is a with-children body the indexer reads whole, types and closure included', () => {
    const body = sampleBody(50, 3000);
    const indexer = new BlockIndexer();
    let lines = 0;
    let expected: number | null = null;
    const types: string[] = [];
    for (let at = 0; at < body.length; at += WARM_UP_CHUNK_BYTES) {
      const block = indexer.push(body.slice(at, at + WARM_UP_CHUNK_BYTES));
      if (!block) continue;
      expect(block.malformed).toBeNull();
      lines += block.starts.length;
      expected ??= block.expected;
      types.push(...block.newTypes);
    }
    expect(indexer.finish()).toEqual({ complete: true });
    expect(lines).toBe(50);
    expect(expected).toBe(3001);
    expect(types).toEqual([
      'Base',
      'Speckle.Core.Models.DataChunk',
      'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
    ]);
  });

  it('takes the paths a real body takes: a root spanning chunks, escapes, multi-byte text', () => {
    const body = sampleBody();
    expect(body.indexOf(NEWLINE)).toBeGreaterThan(3 * WARM_UP_CHUNK_BYTES);
    const text = new TextDecoder().decode(body);
    for (const piece of ['\\"', 'é', '中', '🧱']) expect(text).toContain(piece);
  });

  it('is indexed whole, each block cloned with its buffers transferred, as the worker posts it', () => {
    expect(indexSampleOnce(sampleBody(200, 100))).toBe(200);
  });

  it('is cut as an opened file is, in one buffer read into again, its blocks cloned as posted', () => {
    expect(cutSampleOnce(sampleBody(200, 100))).toBe(200);
    expect(cutSampleOnce(sampleBody())).toBe(400);
  });
});
