import { describe, expect, it } from 'vitest';
import { filesReport } from '../../../../src/features/files/filesReport';

describe('filesReport', () => {
  it('names the files, the root shown and why, the counts, the problems and the findings', () => {
    const report = filesReport({
      files: ['floor.jsonl, 12.3 kB (JSON lines): 3 objects'],
      root: { id: 'b'.repeat(32), rule: 'the one you picked' },
      outcome: 'complete',
      counts: { received: 3, expected: 1, duplicates: 0 },
      problems: ['In floor.jsonl, the text at line 4, column 1 (byte 99) is not a JSON object.'],
      integrity: ['All 1 expected object arrived.'],
      userAgent: 'Chrome/140.0',
      createdAt: new Date('2025-01-02T03:04:05.678Z'),
    });
    expect(report).toBe(
      [
        'Speckle Object Explorer report',
        'Created: 2025-01-02T03:04:05.678Z',
        'Source: opened files (no server was asked)',
        'File: floor.jsonl, 12.3 kB (JSON lines): 3 objects',
        `Root: ${'b'.repeat(32)} (the one you picked)`,
        'Result: complete',
        "Objects: 3 of 1 expected (2 not in the root's closure)",
        'Problems:',
        '- In floor.jsonl, the text at line 4, column 1 (byte 99) is not a JSON object.',
        'Integrity:',
        '- All 1 expected object arrived.',
        'Browser: Chrome/140.0',
        '',
      ].join('\n'),
    );
  });

  it('says when no root is chosen yet', () => {
    const report = filesReport({
      files: [],
      root: null,
      outcome: 'loading',
      problems: [],
      createdAt: new Date(0),
    });
    expect(report).toContain('Root: not chosen yet\n');
  });
});
