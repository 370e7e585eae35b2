import type { LookupMode } from '../../shared/objectRoute';
import { useObjectRoute } from '../../shared/useObjectRoute';
import { LookupResult } from './LookupResult';

/** `/objects/:projectId/:objectId[/single]`: the object, or with its children. */
export function ObjectPage({ mode }: { mode: LookupMode }) {
  const route = useObjectRoute() ?? { projectId: '', objectId: '', mode, server: null };
  return <LookupResult route={route} />;
}
