import { describe, expect, it } from 'vitest';
import { ConnectionStore } from '../../../src/connection/connectionStore';

const DEMO = 'http://localhost:5173/demo-server';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function newStore(): ConnectionStore {
  return new ConnectionStore({ local: memoryStorage(), session: memoryStorage() });
}

const names = (store: ConnectionStore) => store.getState().servers.map((server) => server.name);

describe('ConnectionStore', () => {
  it('after Forget all, offers only the demo even when a link saved the demo by its address first', () => {
    const store = newStore();
    store.forgetAll();
    store.selectOrAddByAddress(DEMO);
    expect(names(store)).toEqual(['My server', 'localhost:5173']);

    store.provideDemo(DEMO, 'demo-token');

    expect(names(store)).toEqual(['Demo server']);
    expect(store.selected()).toMatchObject({ name: 'Demo server', url: DEMO, isDemo: true });
    expect(store.tokenOf(store.selected()!.id)).toBe('demo-token');
  });

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
});
