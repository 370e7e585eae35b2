import type { ReactNode } from 'react';
import { webAppBase } from '../../speckle/serverUrl';
import type { ObjectRoute } from '../../routes/objectRoute';
import { LookupRouteContext } from '../../routes/useObjectRoute';
import { lookupIdsProblem } from '../../speckle/ids';
import type { ExampleObject, SavedServer } from '../../connection/connectionState';
import { useConnectionStore } from '../../connection/useConnections';
import { exampleOf } from '../../connection/serverExamples';
import { speckleWebUrl } from '../../speckle/links/links';
import { ChildrenResult } from './ChildrenResult';
import { objectQueryInput } from '../../objects/load/lookupQuery';
import { SingleObjectResult } from './SingleObjectResult';
import { useLookupServer } from '../../connection/useLookupServer';

/**
 * A lookup's result, at whichever address asked for it: an object route, or a Speckle link that
 * resolved to one root (which `header` then says more about).
 */
export function LookupResult({ route, header }: { route: ObjectRoute; header?: ReactNode }) {
  const { projectId, objectId, mode } = route;
  const store = useConnectionStore();
  // The route names its server when several are saved: that one answers, whatever is selected.
  const server = useLookupServer(route);

  const refused = lookupIdsProblem(projectId, objectId);
  if (refused) {
    return (
      <p role="alert" className="alert">
        {refused.message}
      </p>
    );
  }
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  const input = objectQueryInput(server, store, { projectId, objectId });
  const host = new URL(server.origin).host;
  // The link shows only beside an object the server sent, so the server has answered Speckle's
  // object API. Its web app is at the same address under any prefix, unless saved as having none.
  const { base } = server;
  const speckleUrlOf =
    server.server.webApp === false
      ? null
      : (id: string) => speckleWebUrl(webAppBase(base), projectId, id);
  return (
    <LookupRouteContext value={route}>
      {header}
      {mode === 'single' ? (
        <SingleObjectResult input={input} host={host} speckleUrlOf={speckleUrlOf} />
      ) : (
        <ChildrenResult
          input={input}
          host={host}
          speckleUrlOf={speckleUrlOf}
          waitingNote={preparationNote(
            server.server,
            exampleOf(server.server, projectId, objectId),
          )}
        />
      )}
    </LookupRouteContext>
  );
}

/**
 * A server whose examples say so builds a big model the first time it is asked for, and answers
 * nothing until it is built: seconds of "Connecting…" that look like a hang.
 */
function preparationNote(server: SavedServer, object: ExampleObject | null): string | null {
  if (!object?.prepareSeconds) return null;
  const count = object.objectCount?.toLocaleString('en-US');
  const model = count ? `the ${count}-object model` : 'this model';
  return `${server.name} is preparing ${model}, which it does the first time it is asked for: about ${object.prepareSeconds} s.`;
}
