import { useId, useState } from 'react';
import { parseServerUrl } from '../../speckle/serverUrl';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';

/** Saved servers and the one in use; every edit is saved as it is typed. */
export function ConnectionPanel() {
  const store = useConnectionStore();
  const state = useConnectionState();
  const [tokenVisible, setTokenVisible] = useState(false);
  const ids = {
    url: useId(),
    urlHelp: useId(),
    token: useId(),
    tokenHelp: useId(),
    name: useId(),
    saved: useId(),
  };

  const server = state.servers.find((candidate) => candidate.id === state.selectedId) ?? null;
  const token = server ? (state.tokens[server.id] ?? '') : '';
  const parsed = server && server.url.trim() !== '' ? parseServerUrl(server.url) : null;

  return (
    <section className="panel connection" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>

      {state.servers.length > 0 && (
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
            <button type="button" onClick={() => store.add({ name: 'New server', url: '' })}>
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
      )}

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
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://app.speckle.systems"
          value={server?.url ?? ''}
          aria-describedby={ids.urlHelp}
          aria-invalid={parsed?.ok === false}
          onChange={(event) => server && store.update(server.id, { url: event.target.value })}
        />
        <p id={ids.urlHelp} className={parsed?.ok === false ? 'hint error-text' : 'hint'}>
          {parsed === null
            ? 'The address you open Speckle at, or a link copied from it.'
            : parsed.ok
              ? serverNote(parsed.base, parsed.note, server?.workingBase ?? null)
              : parsed.error}
        </p>
      </div>

      <div className="field">
        <label htmlFor={ids.token}>Access token</label>
        <div className="row">
          <input
            id={ids.token}
            type={tokenVisible ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby={ids.tokenHelp}
            onChange={(event) => server && store.setToken(server.id, event.target.value)}
          />
          <button
            type="button"
            aria-pressed={tokenVisible}
            onClick={() => setTokenVisible((visible) => !visible)}
          >
            {tokenVisible ? 'Hide token' : 'Show token'}
          </button>
          {server && token !== '' && (
            <button type="button" onClick={() => store.forgetToken(server.id)}>
              Forget token
            </button>
          )}
        </div>
        <p id={ids.tokenHelp} className="hint">
          A personal access token with the streams:read scope. Public projects need none. It is sent
          only to this server.
        </p>
      </div>

      {server && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={server.rememberToken}
            onChange={(event) => store.update(server.id, { rememberToken: event.target.checked })}
          />
          Remember token on this device
        </label>
      )}
      <button
        type="button"
        className="danger forget-all"
        onClick={() => {
          if (window.confirm('Forget every saved server and token on this device?'))
            store.forgetAll();
        }}
      >
        Forget all
      </button>
    </section>
  );
}

function serverNote(base: string, note: string | undefined, workingBase: string | null): string {
  if (workingBase && workingBase !== base) {
    return `${base} did not answer as a Speckle API, ${workingBase} did: using that.`;
  }
  return note ?? `Objects are read from ${base}/objects/…`;
}
