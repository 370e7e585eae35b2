import { useId, useState } from 'react';
import type { SavedServer } from '../../connection/connectionState';
import { useFocusWhenRequested } from '../../shared/fieldFocus';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';

/** The selected server's token: a password field, shown on request, kept per server. */
export function TokenField({ server }: { server: SavedServer | null }) {
  const store = useConnectionStore();
  const state = useConnectionState();
  const [visible, setVisible] = useState(false);
  const ref = useFocusWhenRequested<HTMLInputElement>('Access token');
  const ids = { token: useId(), help: useId() };
  const token = server ? (state.tokens[server.id] ?? '') : '';

  return (
    <>
      <div className="field">
        <label htmlFor={ids.token}>Access token</label>
        <div className="row">
          <input
            id={ids.token}
            ref={ref}
            type={visible ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby={ids.help}
            onChange={(event) => server && store.setToken(server.id, event.target.value)}
          />
          <button type="button" aria-pressed={visible} onClick={() => setVisible(!visible)}>
            {visible ? 'Hide token' : 'Show token'}
          </button>
          {server && token !== '' && (
            <button type="button" onClick={() => store.forgetToken(server.id)}>
              Forget token
            </button>
          )}
        </div>
        <p id={ids.help} className="hint">
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
    </>
  );
}
