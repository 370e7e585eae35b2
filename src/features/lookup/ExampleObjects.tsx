import { Link } from 'react-router';
import { objectRoutePath } from '../../routes/address';
import type { ExampleObject, SavedServer } from '../../connection/connectionState';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';

/**
 * The server's example objects, by project, each a link that loads it with its children, described
 * by what the browser's storage does with it when that is worth saying before the load.
 */
export function ExampleObjects({
  server,
  objects,
  noteOf,
}: {
  server: SavedServer;
  objects: readonly ExampleObject[];
  noteOf: (object: ExampleObject) => string | null;
}) {
  const projects = new Map<string, ExampleObject[]>();
  for (const object of objects) {
    projects.set(object.projectName, [...(projects.get(object.projectName) ?? []), object]);
  }
  return (
    <nav className="examples" aria-labelledby="example-objects-heading">
      <h3 id="example-objects-heading">Example objects</h3>
      {[...projects].map(([projectName, projectObjects]) => (
        <section key={projectName} aria-label={projectName}>
          <h4>{projectName}</h4>
          <ul>
            {projectObjects.map((object) => {
              const note = noteOf(object);
              const noteId = `example-note-${object.projectId}-${object.objectId}`;
              return (
                <li key={object.objectId}>
                  <Link
                    aria-describedby={note ? noteId : undefined}
                    to={objectRoutePath({
                      projectId: object.projectId,
                      objectId: object.objectId,
                      mode: 'children',
                      server: server.url,
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
