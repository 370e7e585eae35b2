import type { ReactNode } from 'react';
import { webAppBase } from '../../speckle/serverUrl';
import type { ObjectRoute } from '../../routes/objectRoute';
import { LookupRouteContext } from '../../routes/useObjectRoute';
import { lookupIdsProblem } from '../../speckle/ids';
import type { DemoObject } from '../../connection/demoManifest';
import { useConnectionStore } from '../../connection/useConnections';
import { useDemoObject } from '../../connection/useDemoServer';
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
  const demoObject = useDemoObject(projectId, objectId);

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
  // object API. Its web app is at the same address under any prefix, except on the built-in demo
  // server, which has none: the store marks the demo by its address, whatever it is named.
  const { base } = server;
  const speckleUrlOf = server.server.isDemo
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
          waitingNote={server.server.isDemo ? preparationNote(demoObject) : null}
        />
      )}
    </LookupRouteContext>
  );
}

/**
 * The demo server builds a big generated model the first time it is asked for, and answers
 * nothing until it is built: seconds of "Connecting…" that look like a hang.
 */
function preparationNote(object: DemoObject | null): string | null {
  if (!object?.prepareSeconds) return null;
  const count = object.objectCount?.toLocaleString('en-US');
  const model = count ? `the ${count}-object model` : 'this model';
  return `The demo server is preparing ${model}, which it does the first time it is asked for: about ${object.prepareSeconds} s.`;
}
