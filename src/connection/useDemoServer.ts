import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchOptionalJson } from '../api/client';
import { useConnectionStore } from './useConnections';
import {
  DEMO_SERVER_PATH,
  parseDemoManifest,
  type DemoManifest,
  type DemoObject,
} from './demoManifest';

const demoManifestQuery = queryOptions({
  queryKey: ['demo-manifest'],
  queryFn: async ({ signal }) =>
    parseDemoManifest(await fetchOptionalJson(`${DEMO_SERVER_PATH}/demo.json`, signal)),
  staleTime: Infinity,
  retry: false,
});

/**
 * Offers the demo server as a saved connection whenever the app is served beside it. `settled`
 * tells when the answer is in, so a reloaded demo route waits for the demo token before it asks.
 */
export function useDemoServer(): { manifest: DemoManifest | null; settled: boolean } {
  const store = useConnectionStore();
  const { data: manifest, isPending } = useQuery(demoManifestQuery);
  useEffect(() => {
    if (manifest) store.provideDemo(`${window.location.origin}${DEMO_SERVER_PATH}`, manifest.token);
  }, [manifest, store]);
  return { manifest: manifest ?? null, settled: !isPending };
}

/** What the demo server says about one of its objects; null for any other object. */
export function useDemoObject(projectId: string, objectId: string): DemoObject | null {
  const { data: manifest } = useQuery(demoManifestQuery);
  return (
    manifest?.objects.find(
      (object) => object.projectId === projectId && object.objectId === objectId,
    ) ?? null
  );
}
