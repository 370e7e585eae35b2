import { useNavigate } from 'react-router';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';
import { unsavedServerNote } from '../../connection/unsavedServerNote';

/**
 * An address (a shared link's `?server=`, a pasted link) names a server that is not saved. A
 * server nobody chose is never contacted: a link could otherwise make the page send requests, and
 * reveal that it was opened, to any address. The user adds it, without a token, or leaves.
 */
export function UnsavedServerPrompt({ address }: { address: string }) {
  const store = useConnectionStore();
  const state = useConnectionState();
  const navigate = useNavigate();
  return (
    <section className="panel" aria-labelledby="unsaved-server-heading">
      <h2 id="unsaved-server-heading">Add server {address}?</h2>
      <p>{unsavedServerNote(address, state)}</p>
      <div className="row actions">
        <button
          type="button"
          className="primary"
          onClick={() => store.selectOrAddByAddress(address)}
        >
          Add server {address} and connect
        </button>
        <button type="button" onClick={() => void navigate('/')}>
          Cancel
        </button>
      </div>
    </section>
  );
}
