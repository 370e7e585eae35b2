import type { QueryClient } from '@tanstack/react-query';

/**
 * State kept per query client, which lives as long as the app's session: one app (or test) does
 * not inherit what another's requests learnt. Returns the getter, which makes it on first use.
 */
export function perQueryClient<T>(create: () => T): (client: QueryClient) => T {
  const byClient = new WeakMap<QueryClient, T>();
  return (client) => {
    let value = byClient.get(client);
    if (value === undefined) {
      value = create();
      byClient.set(client, value);
    }
    return value;
  };
}
