import { describe, expect, it } from 'vitest';
import { viewMemory } from '../../../../../src/features/explore/tree/viewMemory';

describe('viewMemory', () => {
  it('gives back the memory of the same object in the same history entry', () => {
    const session = {};
    const memory = viewMemory(session, 'entry-1', 'a');
    memory.saveScroll({ top: 120, rows: [] });
    expect(viewMemory(session, 'entry-1', 'a').scroll.top).toBe(120);
    expect(viewMemory(session, 'entry-2', 'a').scroll.top).toBe(0);
    expect(viewMemory(session, 'entry-1', 'b').scroll.top).toBe(0);
  });

  it('keeps each app session apart: the router names every first entry "default"', () => {
    viewMemory({}, 'default', 'a').saveScroll({ top: 50, rows: [] });
    expect(viewMemory({}, 'default', 'a').scroll.top).toBe(0);
  });

  it('forgets the least recently used views past a hundred', () => {
    const session = {};
    viewMemory(session, 'first', 'a').saveScroll({ top: 1, rows: [] });
    viewMemory(session, 'second', 'a').saveScroll({ top: 2, rows: [] });
    for (let entry = 0; entry < 99; entry += 1) viewMemory(session, `entry-${entry}`, 'a');
    viewMemory(session, 'second', 'a');
    viewMemory(session, 'one more', 'a');
    expect(viewMemory(session, 'second', 'a').scroll.top).toBe(2);
    expect(viewMemory(session, 'first', 'a').scroll.top).toBe(0);
  });
});
