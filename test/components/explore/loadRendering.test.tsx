import { act, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAdvancingFakeTimers } from '../advancingTimers';
import { renderApp } from '../renderApp';
import { CUBE_LINES, CUBE_OBJECTS, PROJECT_ID, ROOT_ID, serveWithChildren } from '../speckleDouble';

// The shown object's tree is the costly part of the page: count how often the object view draws
// it, and how often the page draws the breadcrumb (not memoised, so drawn whenever the page is).
// The components themselves stay the real ones.
const drawn = vi.hoisted(() => ({ trees: 0, trails: 0 }));
vi.mock('../../../src/features/explore/tree/ObjectTree', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../src/features/explore/tree/ObjectTree')>();
  return {
    ...actual,
    ObjectTree(props: ComponentProps<typeof actual.ObjectTree>) {
      drawn.trees += 1;
      return <actual.ObjectTree {...props} />;
    },
  };
});
vi.mock('../../../src/features/explore/ObjectTrail', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/features/explore/ObjectTrail')>();
  return {
    ...actual,
    ObjectTrail(props: ComponentProps<typeof actual.ObjectTrail>) {
      drawn.trails += 1;
      return <actual.ObjectTrail {...props} />;
    },
  };
});

const LINES = CUBE_LINES.split('\n').slice(0, -1);
const route = `/objects/${PROJECT_ID}/${ROOT_ID}`;

/** A with-children answer whose lines the test sends one at a time. */
function serveLinesByHand() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
  });
  serveWithChildren(body);
  return {
    send: (line: string) => controller.enqueue(encoder.encode(`${line}\n`)),
    end: () => controller.close(),
  };
}

/** The set's throttled notice: four a second (objects/set/objectSet.ts). */
const NOTICE_MS = 250;
const NOTICE_TRIES = 20;

/**
 * Moves the clock past the set's next notice until `assertion` holds: a line sent is told on that
 * notice, which the test need not wait out.
 */
async function afterNotice(assertion: () => void): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_MS));
    try {
      return assertion();
    } catch (error) {
      if (tries === NOTICE_TRIES) throw error;
    }
  }
}

describe('progress of a running load', () => {
  it('updates the status line and the list, not the shown object, until the load ends', async () => {
    useAdvancingFakeTimers();
    const answer = serveLinesByHand();
    renderApp({ route });
    answer.send(LINES[0]!);
    await screen.findByRole('tree', { name: `Properties of ${ROOT_ID}` });
    expect(screen.getByRole('status')).toHaveTextContent('1 of 9 objects');
    const treesBefore = drawn.trees;
    const trailsBefore = drawn.trails;

    for (let received = 2; received <= 5; received += 1) {
      answer.send(LINES[received - 1]!);
      await afterNotice(() =>
        expect(screen.getByRole('status')).toHaveTextContent(`${received} of 9 objects`),
      );
      const list = screen.getByRole('listbox', { name: 'Received objects' });
      expect(within(list).getAllByRole('option')).toHaveLength(received);
    }
    expect(drawn.trees).toBe(treesBefore);
    expect(drawn.trails).toBe(trailsBefore);

    // The first repeat changes the page (a hint appears), which draws again; the view need not.
    answer.send(LINES[1]!);
    await afterNotice(() =>
      expect(screen.getByText(/^1 object arrived more than once/)).toBeInTheDocument(),
    );
    expect(drawn.trails).toBeGreaterThan(trailsBefore);
    expect(drawn.trees).toBe(treesBefore);

    for (const line of LINES.slice(5)) answer.send(line);
    answer.end();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`${CUBE_OBJECTS.length} objects,`),
    );
    // Drawn again, in a render of its own after the status line's, for a reason: the root's
    // reference now names the object that arrived meanwhile.
    await waitFor(() => expect(drawn.trees).toBeGreaterThan(treesBefore));
    const reference = screen.getByRole('treeitem', { name: /Alex Test Steam/ });
    expect(reference).not.toHaveTextContent('→ 7b7d7d6668f9d548d23ae5ea6d49446a');
    expect(reference).toHaveTextContent(/→ Base/);
  });
});
