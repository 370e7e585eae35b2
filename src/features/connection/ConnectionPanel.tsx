import { useState } from 'react';
import { parseServerUrl } from '../../speckle/serverUrl';
import { ConnectionEditor } from './ConnectionEditor';
import type { SavedServer } from '../../connection/connectionState';
import { useFieldFocus } from '../../shared/fieldFocus';
import { useConnectionState } from '../../connection/useConnections';
import { activeServer } from '../../connection/activeServer';
import { ServerIdentityNote } from './ServerIdentityNote';

/**
 * The connection in use. A server that is set up shows as one line, so that the lookup form above
 * keeps the sidebar; the editor opens on Edit (at Server URL), when a failure asks for a field, or
 * while there is no usable address yet.
 */
export function ConnectionPanel() {
  const state = useConnectionState();
  const { connectionOpen, setConnectionOpen, request } = useFieldFocus();
  // Done folds the editor away with the focus in it: the focus goes back to Edit.
  const [closedByUser, setClosedByUser] = useState(false);
  const server = state.servers.find((candidate) => candidate.id === state.selectedId) ?? null;
  const usable = server !== null && parseServerUrl(server.url).ok;
  const access = activeServer(state);

  if (server && usable && !connectionOpen) {
    return (
      <section className="panel connection" aria-labelledby="connection-heading">
        <ConnectionSummary
          server={server}
          hasToken={(state.tokens[server.id] ?? '').trim() !== ''}
          focusEdit={closedByUser}
          onEdit={() => request('Server URL')}
        />
        {access.ok && <ServerIdentityNote server={access} />}
      </section>
    );
  }
  return (
    <section
      className="panel connection"
      aria-labelledby="connection-heading"
      // Once used, the editor stays open until Done: it must not fold away under the user's hands
      // as soon as the address typed so far reads as a usable one.
      onFocus={() => setConnectionOpen(true)}
    >
      <h2 id="connection-heading">Connection</h2>
      <ConnectionEditor
        server={server}
        onDone={
          usable
            ? () => {
                setConnectionOpen(false);
                setClosedByUser(true);
              }
            : null
        }
      />
    </section>
  );
}

function ConnectionSummary({
  server,
  hasToken,
  focusEdit,
  onEdit,
}: {
  server: SavedServer;
  hasToken: boolean;
  focusEdit: boolean;
  onEdit: () => void;
}) {
  return (
    <div className="connection-summary">
      <h2 id="connection-heading" className="visually-hidden">
        Connection
      </h2>
      <p title={server.url}>
        <strong>{server.name}</strong> <span className="connection-address">{server.url}</span>{' '}
        <span className="hint">{hasToken ? 'token set' : 'no token'}</span>
      </p>
      {/* Focused only right after Done, which it takes the place of. */}
      <button type="button" aria-label="Edit connection" autoFocus={focusEdit} onClick={onEdit}>
        Edit
      </button>
    </div>
  );
}
