import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { hasAnswered } from '../../api/objects';
import { NEW_SERVER_NAME } from '../../connection/connectionStore';
import type { SavedServer } from '../../connection/connectionState';
import { useFieldFocus, useFocusWhenRequested } from '../../shared/fieldFocus';
import { serverUrlHint } from './serverUrlHint';
import { TokenField } from './TokenField';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';

/** Saved servers and the one in use; every edit is saved as it is typed and starts no request. */
export function ConnectionEditor({
  server,
  onDone,
}: {
  server: SavedServer | null;
  /** Closes the editor; null while the server has no usable address. */
  onDone: (() => void) | null;
}) {
  const store = useConnectionStore();
  const state = useConnectionState();
  const { request } = useFieldFocus();
  const urlRef = useFocusWhenRequested<HTMLInputElement>('Server URL');
  const ids = { url: useId(), urlHelp: useId(), name: useId(), saved: useId() };
  const queryClient = useQueryClient();
  const hint = server
    ? serverUrlHint(server.url, server.workingBase, (base) => hasAnswered(queryClient, base))
    : null;

  return (
    <>
      <div className="field">
        <label htmlFor={ids.saved}>Saved servers</label>
        <div className="row">
          <select
            id={ids.saved}
            value={state.selectedId ?? ''}
            onChange={(event) => store.select(event.target.value)}
          >
            {state.servers.map((saved) => (
              <option key={saved.id} value={saved.id}>
                {saved.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => {
              store.add({ name: NEW_SERVER_NAME, url: '' });
              request('Server URL');
            }}
          >
            Add server
          </button>
          {server && (
            <button
              type="button"
              className="danger"
              onClick={() => store.remove(server.id)}
              aria-label={`Delete server ${server.name}`}
            >
              Delete
            </button>
          )}
        </div>
      </div>

      {server && (
        <div className="field">
          <label htmlFor={ids.name}>Connection name</label>
          <input
            id={ids.name}
            type="text"
            value={server.name}
            onChange={(event) => store.update(server.id, { name: event.target.value })}
          />
        </div>
      )}

      <div className="field">
        <label htmlFor={ids.url}>Server URL</label>
        <input
          id={ids.url}
          ref={urlRef}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://app.speckle.systems"
          value={server?.url ?? ''}
          aria-describedby={ids.urlHelp}
          aria-invalid={hint?.isError === true}
          onChange={(event) => server && store.update(server.id, { url: event.target.value })}
        />
        <p id={ids.urlHelp} className={hint?.isError ? 'hint error-text' : 'hint'}>
          {hint?.text}
        </p>
      </div>

      <TokenField server={server} />

      <div className="row connection-actions">
        {onDone && (
          <button type="button" onClick={onDone}>
            Done
          </button>
        )}
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (window.confirm('Forget every saved server and token on this device?'))
              store.forgetAll();
          }}
        >
          Forget all
        </button>
      </div>
    </>
  );
}
