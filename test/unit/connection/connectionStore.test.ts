import { describe, expect, it } from 'vitest';
import { SERVERS_KEY } from '../../../src/connection/connectionState';
import { ConnectionStore } from '../../../src/connection/connectionStore';
import { memoryStorage } from '../support/memoryStorage';

function newStore(local = memoryStorage()): ConnectionStore {
  return new ConnectionStore({ local, session: memoryStorage() });
}

const EXAMPLE = {
  projectId: 'a7b649a290',
  projectName: 'Models',
  objectId: '0eb2b48e66f3c3c70435530bd69d48ba',
  label: 'A building',
  objectCount: 1000,
  prepareSeconds: null,
};

function savedWith(fields: Record<string, unknown>): Storage {
  const local = memoryStorage();
  const server = { id: 's', name: 'Models', url: 'https://models.example', workingBase: null };
  local.setItem(
    SERVERS_KEY,
    JSON.stringify({ servers: [{ ...server, rememberToken: false, ...fields }], selectedId: 's' }),
  );
  return local;
}

describe('ConnectionStore', () => {
  it('names a server by its host as its URL is typed, until the user names it', () => {
    const store = newStore();
    const id = store.add({ name: 'New server', url: '' });
    for (const url of ['h', 'https://speckle.exa', 'https://speckle.example.com/projects/x']) {
      store.update(id, { url });
    }
    expect(store.selected()?.name).toBe('speckle.example.com');

    store.update(id, { name: 'Production' });
    store.update(id, { url: 'https://other.example.com' });
    expect(store.selected()?.name).toBe('Production');
  });

  it("reads a saved server's examples and web app back, dropping what lacks their form", () => {
    const modelFile = {
      label: 'The model as a file',
      path: '/api/stream/a7b649a290/blob/0123456789',
    };
    const examples = {
      objects: [EXAMPLE, { ...EXAMPLE, objectId: 7 }, { ...EXAMPLE, objectCount: -1 }],
      links: [
        { label: 'A project', path: '/projects/a7b649a290' },
        { label: 'No path' },
        { label: 'A model', path: '/projects/a7b649a290/models/b1', file: modelFile },
        { label: 'A model, broken file', path: '/projects/a7b649a290/models/b1', file: 'x' },
      ],
    };
    const store = newStore(savedWith({ examples, webApp: false }));

    expect(store.selected()).toMatchObject({
      examples: { objects: [EXAMPLE, { ...EXAMPLE, objectCount: null }] },
      webApp: false,
    });
    expect(store.selected()?.examples?.links).toEqual([
      { label: 'A project', path: '/projects/a7b649a290' },
      { label: 'A model', path: '/projects/a7b649a290/models/b1', file: modelFile },
      { label: 'A model, broken file', path: '/projects/a7b649a290/models/b1' },
    ]);
  });

  it('keeps a server saved by an older version, without what it no longer reads', () => {
    const store = newStore(savedWith({ isDemo: true, examples: 'not examples' }));

    expect(store.selected()).toEqual({
      id: 's',
      name: 'Models',
      url: 'https://models.example',
      workingBase: null,
      rememberToken: false,
    });
  });

  it('drops what was said of a server with its address when the address changes', () => {
    const store = newStore(
      savedWith({ examples: { objects: [EXAMPLE], links: [] }, webApp: false }),
    );

    store.update('s', { name: 'Renamed' });
    expect(store.selected()).toMatchObject({ examples: { objects: [EXAMPLE] }, webApp: false });
    store.update('s', { url: 'https://other.example' });
    expect(store.selected()).not.toHaveProperty('examples');
    expect(store.selected()).not.toHaveProperty('webApp');
  });
});
