import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../renderApp';
import { CUBE_OBJECTS, PROJECT_ID, requests, ROOT_ID } from '../speckleDouble';

const MILLION_LINK = 'Generated building, 1,000,000 objects';

/** A saved server's examples: a 1,000,000-object model and a 1,000-object one. */
const EXAMPLES = {
  objects: [
    { id: 'a'.repeat(32), label: MILLION_LINK, objectCount: 1_000_000 },
    { id: 'b'.repeat(32), label: 'Generated building, 1,000 objects', objectCount: 1000 },
  ].map(({ id, label, objectCount }) => ({
    projectId: 'aaaaaaaaaa',
    projectName: 'Generated',
    objectId: id,
    label,
    objectCount,
    prepareSeconds: null,
  })),
  links: [],
};

/** A browser with a private file system whose origin has `freeBytes` left (jsdom has none). */
function fakeStorage(freeBytes: number) {
  vi.stubGlobal('Worker', class {});
  const storage = {
    getDirectory: () => Promise.resolve({}),
    estimate: vi.fn(() => Promise.resolve({ quota: freeBytes + 1_000_000, usage: 1_000_000 })),
  };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  Object.defineProperty(navigator, 'locks', { configurable: true, value: { request: vi.fn() } });
  return storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(globalThis, 'explorerTestHooks');
  Reflect.deleteProperty(navigator, 'storage');
  Reflect.deleteProperty(navigator, 'locks');
});

describe('the lookup, before any load', () => {
  it('says how big a model the storage takes when it is short of a million objects', async () => {
    fakeStorage(1_000_000_000);
    renderApp({ examples: EXAMPLES });

    expect(
      await screen.findByText(
        "The browser's storage has 1.0 GB free: a model up to about 800 MB is kept on disk; a " +
          'bigger one is kept in memory, up to 2.0 GB, and marked incomplete past that.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: MILLION_LINK })).toHaveAccessibleDescription(
      "This model's 1,000,000 objects take about 3.4 GB, more than the browser's storage can " +
        'take here: it is kept in memory up to 2.0 GB, and marked incomplete past that.',
    );
    expect(
      screen.getByRole('link', { name: 'Generated building, 1,000 objects' }),
    ).not.toHaveAccessibleDescription();
  });

  it('says nothing when the storage takes a million-object model', async () => {
    const storage = fakeStorage(100_000_000_000);
    renderApp({ examples: EXAMPLES });

    const link = await screen.findByRole('link', { name: MILLION_LINK });
    await waitFor(() => expect(storage.estimate).toHaveBeenCalled());
    // The answer is drawn in the tasks after it: let them run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(link).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/browser's storage/)).not.toBeInTheDocument();
  });

  it('says when the browser gives no file storage at all', async () => {
    renderApp({ examples: EXAMPLES });

    expect(
      await screen.findByText(
        'Models over 500 MB are kept on disk, but this browser gives pages no private file ' +
          'storage: they are kept in memory, up to 2.0 GB, and marked incomplete past that.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: MILLION_LINK })).toHaveAccessibleDescription(
      /kept in memory up to 2\.0 GB, and marked incomplete past that/,
    );
  });

  it('says of an object fetched alone whether Get with children will fit, asking nothing more', async () => {
    // The cube's few objects are a big model here: its storage is nearly full, its threshold low.
    fakeStorage(5_000);
    Object.assign(globalThis, { explorerTestHooks: { spillThresholdBytes: 1_000 } });
    const root = JSON.parse(CUBE_OBJECTS[0]!.raw) as { __closure: object };
    const count = Object.keys(root.__closure).length + 1;
    const note = new RegExp(
      `^This model's ${count} objects take about [\\d.]+ kB, more than the browser's storage ` +
        'can take here: it is kept in memory\\.$',
    );
    const { user } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Project ID' }), PROJECT_ID);
    await user.type(screen.getByRole('textbox', { name: 'Object ID' }), ROOT_ID);
    await screen.findByText(/^The browser's storage has 5\.0 kB free/);
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    const asked = requests.length;

    await user.click(screen.getByRole('button', { name: 'Get object' }));

    expect(await screen.findByText(note)).toBeVisible();
    expect(requests.slice(asked).map(({ url }) => new URL(url).pathname)).toEqual([
      `/objects/${PROJECT_ID}/${ROOT_ID}/single`,
    ]);
  });
});
