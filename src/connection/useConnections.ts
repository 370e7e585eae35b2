import { useContext, useSyncExternalStore } from 'react';
import { ConnectionStoreContext } from './connectionContext';
import type { ConnectionState } from './connectionState';
import type { ConnectionStore } from './connectionStore';

export function useConnectionStore(): ConnectionStore {
  const store = useContext(ConnectionStoreContext);
  if (!store) throw new Error('useConnectionStore needs a ConnectionProvider');
  return store;
}

export function useConnectionState(): ConnectionState {
  const store = useConnectionStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}
