import type { ReactNode } from 'react';
import { ConnectionStoreContext } from './connectionContext';
import type { ConnectionStore } from './connectionStore';

export function ConnectionProvider({
  store,
  children,
}: {
  store: ConnectionStore;
  children: ReactNode;
}) {
  return <ConnectionStoreContext value={store}>{children}</ConnectionStoreContext>;
}
