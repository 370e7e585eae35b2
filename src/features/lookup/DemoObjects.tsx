import { Link } from 'react-router';
import { objectRoutePath } from '../../routes/address';
import { DEMO_SERVER_PATH, type DemoObject } from '../../connection/demoManifest';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';

/**
 * The demo server's objects, by project, each a link that loads it with its children, described by
 * what the browser's storage does with it when that is worth saying before the load.
 */
export function DemoObjects({
  objects,
  noteOf,
}: {
  objects: readonly DemoObject[];
  noteOf: (object: DemoObject) => string | null;
}) {
  const server = `${window.location.origin}${DEMO_SERVER_PATH}`;
  const projects = new Map<string, DemoObject[]>();
  for (const object of objects) {
    projects.set(object.projectName, [...(projects.get(object.projectName) ?? []), object]);
  }
  return (
    <nav className="demo-objects" aria-labelledby="demo-objects-heading">
      <h3 id="demo-objects-heading">Demo objects</h3>
      {[...projects].map(([projectName, projectObjects]) => (
        <section key={projectName} aria-label={projectName}>
          <h4>{projectName}</h4>
          <ul>
            {projectObjects.map((object) => {
              const note = noteOf(object);
              const noteId = `demo-note-${object.projectId}-${object.objectId}`;
              return (
                <li key={object.objectId}>
                  <Link
                    aria-describedby={note ? noteId : undefined}
                    to={objectRoutePath({
                      projectId: object.projectId,
                      objectId: object.objectId,
                      mode: 'children',
                      server,
                    })}
                    state={LOOKUP_REQUEST}
                  >
                    {object.label}
                  </Link>
                  {note && (
                    <p className="hint warning-text" id={noteId}>
                      {note}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
