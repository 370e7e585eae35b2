import type { TableClient, TableSnapshot } from '../../../src/features/table/tableClient';

/** Does `act` to the client and resolves with its table once ready or failed. */
export function settle(client: TableClient, act: () => void): Promise<TableSnapshot> {
  return new Promise((resolve) => {
    const stop = client.subscribe(() => {
      const snapshot = client.getSnapshot();
      if (snapshot.state.status === 'ready' || snapshot.state.status === 'failed') {
        stop();
        resolve(snapshot);
      }
    });
    act();
  });
}
