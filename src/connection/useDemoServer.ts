import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOptionalJson } from '../api/client';
import type { ConnectionStore } from './connectionStore';
import { useConnectionStore } from './useConnections';
import {
  DEMO_SERVER_PATH,
  parseDemoManifest,
  type DemoManifest,
  type DemoObject,
} from './demoManifest';

/** Reads the demo server's manifest and offers the demo as a saved connection, token included. */
function demoServerQuery(store: ConnectionStore) {
  return queryOptions({
    queryKey: ['demo-manifest'],
    queryFn: async ({ signal }) => {
      const manifest = parseDemoManifest(
        await fetchOptionalJson(`${DEMO_SERVER_PATH}/demo.json`, signal),
      );
      if (manifest) {
        store.provideDemo(`${window.location.origin}${DEMO_SERVER_PATH}`, manifest.token);
      }
      return manifest;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Offers the demo server as a saved connection whenever the app is served beside it. `settled`
 * tells when the store holds it, token included, so that a reloaded demo route, which takes the
 * connection as it is when its lookup starts, asks with the demo token.
 */
export function useDemoServer(): { manifest: DemoManifest | null; settled: boolean } {
  const store = useConnectionStore();
  const { data: manifest, isPending } = useQuery(demoServerQuery(store));
  return { manifest: manifest ?? null, settled: !isPending };
}

/** What the demo server says about one of its objects; null for any other object. */
export function useDemoObject(projectId: string, objectId: string): DemoObject | null {
  const { data: manifest } = useQuery(demoServerQuery(useConnectionStore()));
  return (
    manifest?.objects.find(
      (object) => object.projectId === projectId && object.objectId === objectId,
    ) ?? null
  );
}
