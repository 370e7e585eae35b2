import type { FormEvent } from 'react';
import { checkObjectField, checkProjectId } from '../../speckle/ids';
import { ExampleObjects } from './ExampleObjects';
import { IdField } from './IdField';
import { useLookupForm, type LinkNotes, type LookupFields } from './useLookupForm';
import type { SpeckleLink } from '../../speckle/links/speckleLink';
import { activeServer, serverForAddress } from '../../connection/activeServer';
import type { ConnectionState } from '../../connection/connectionState';
import { useConnectionState } from '../../connection/useConnections';
import { unsavedServerNote } from '../../connection/unsavedServerNote';
import { linkSummary, openButtonName, opensListing } from './linkSummary';
import { StorageNote } from './StorageNote';
import { OverLimitNote } from './LoadLimits';
import { useStorageLimits } from './useStorageLimits';
import { useKnownObjectCount } from './useKnownObjectCount';
import { modelNoteBeforeLoad } from '../../objects/spill/storageNotes';

export function LookupForm({ fields }: { fields: LookupFields | null }) {
  const form = useLookupForm(fields);
  const connections = useConnectionState();
  const { server } = activeServer(connections);
  const examples = server?.examples?.objects ?? [];
  const storage = useStorageLimits();
  const objectCount = useKnownObjectCount(form.projectId.trim(), form.objectId.trim());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Get with children is the only submit button: Enter runs it, the action drawn as primary.
    form.submit('children');
  }

  return (
    <section className="panel lookup" aria-labelledby="lookup-heading">
      <h2 id="lookup-heading">Look up an object</h2>
      <form onSubmit={onSubmit} noValidate>
        <IdField
          label="Project ID"
          value={form.projectId}
          check={checkProjectId(form.projectId.trim())}
          placeholder="10 characters, e.g. 4f7e2b9a1c"
          onChange={form.changeProjectId}
          onUseSuggestion={form.setProjectId}
        />
        <IdField
          label="Object ID"
          value={form.objectId}
          check={checkObjectField(form.objectId.trim())}
          placeholder="32 characters, or paste a Speckle link"
          onChange={form.changeObjectId}
          onUseSuggestion={form.setObjectId}
        />
        {form.problem && (
          <p className="error-text" role="alert">
            {form.problem}
          </p>
        )}
        {form.projectLink && (
          <ProjectLinkNote
            link={form.projectLink}
            server={form.projectLinkServer}
            connections={connections}
            onOpen={form.openLink}
          />
        )}
        <LinkNotesView
          link={form.link}
          connections={connections}
          objectId={form.objectId}
          onUseServer={form.takeLinkServer}
          onUseObject={form.setObjectId}
        />
        <div className="row actions">
          <button type="button" onClick={() => form.submit('single')}>
            Get object
          </button>
          <button type="submit" className="primary">
            Get with children
          </button>
        </div>
        <StorageNote limits={storage} objectCount={objectCount} />
        <OverLimitNote objectCount={objectCount} />
      </form>
      {server && examples.length > 0 && (
        <ExampleObjects
          server={server}
          objects={examples}
          noteOf={({ objectCount }) => modelNoteBeforeLoad(objectCount, storage)}
        />
      )}
    </section>
  );
}

/** What a pasted link said beyond its ids: its server, its other objects, why it cannot be read. */
/** What a link to a project, model or version names, and "Open" for one with no object to get. */
function ProjectLinkNote({
  link,
  server,
  connections,
  onOpen,
}: {
  link: SpeckleLink;
  server: string | null;
  connections: ConnectionState;
  onOpen: () => void;
}) {
  const otherServer = server
    ? { address: server, saved: serverForAddress(connections, server).server !== null }
    : null;
  return (
    <div className="hint" role="status">
      <p>{linkSummary(link, otherServer)}</p>
      {opensListing(link.target) && (
        <button type="button" onClick={onOpen}>
          {openButtonName(link)}
        </button>
      )}
    </div>
  );
}

function LinkNotesView({
  link,
  connections,
  objectId,
  onUseServer,
  onUseObject,
}: {
  link: LinkNotes;
  connections: ConnectionState;
  objectId: string;
  onUseServer: () => void;
  onUseObject: (id: string) => void;
}) {
  const others = link.objectIds.filter((id) => id !== objectId.trim());
  return (
    <>
      {link.message && <p className="hint warning-text">{link.message}</p>}
      {link.objectIds.length > 1 && (
        <div className="hint warning-text">
          <p>
            The link names {link.objectIds.length} objects; Object ID holds one of them. Choose
            another:
          </p>
          <ul className="link-objects">
            {others.map((id) => (
              <li key={id}>
                <button type="button" onClick={() => onUseObject(id)}>
                  Use object {id}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {link.server && (
        <p className="hint">
          The link is from {link.server}.{' '}
          {serverForAddress(connections, link.server).server === null &&
            `${unsavedServerNote(link.server, connections)} `}
          <button type="button" onClick={onUseServer}>
            Use server {link.server}
          </button>
        </p>
      )}
    </>
  );
}
