import { useEffect, type ReactNode } from 'react';
import { ConnectionStoreContext } from './connectionContext';
import type { ConnectionStore } from './connectionStore';

export function ConnectionProvider({
  store,
  children,
}: {
  store: ConnectionStore;
  children: ReactNode;
}) {
  useEffect(() => store.watchOtherTabs(window), [store]);
  return <ConnectionStoreContext value={store}>{children}</ConnectionStoreContext>;
}
