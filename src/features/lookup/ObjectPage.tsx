import type { LookupMode } from '../../routes/objectRoute';
import { useObjectRoute } from '../../routes/useObjectRoute';
import { LookupResult } from './LookupResult';

/** `/objects/:projectId/:objectId[/single]`: the object, or with its children. */
export function ObjectPage({ mode }: { mode: LookupMode }) {
  const route = useObjectRoute() ?? { projectId: '', objectId: '', mode, server: null };
  return <LookupResult route={route} />;
}
