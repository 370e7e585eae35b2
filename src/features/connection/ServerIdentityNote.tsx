import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { serverIdentityQuery } from '../links';
import type { ActiveServer } from '../../connection/activeServer';
import { identityFailureText, identityText } from './serverIdentityText';

type UsableServer = Extract<ActiveServer, { ok: true }>;

/**
 * Who answers and as whom: the server's name and the token's account, where the token may say
 * (`profile:read`). Asked on request, not on every start: a request nobody asked for would count
 * against the token's rate limit and fail loudly on servers without GraphQL. A read-only token or
 * a server without GraphQL is no error here: the object lookups work all the same.
 */
export function ServerIdentityNote({ server }: { server: UsableServer }) {
  const [asked, setAsked] = useState(false);
  const query = useQuery({
    ...serverIdentityQuery({ origin: server.origin, access: server.access }),
    enabled: asked,
  });
  if (!asked) {
    return (
      <button type="button" className="link-button" onClick={() => setAsked(true)}>
        Who is this token?
      </button>
    );
  }
  return (
    <div className="hint server-identity" role="status">
      {query.isPending
        ? 'Asking the server…'
        : query.isError
          ? identityFailureText(query.error)
          : identityText(query.data)}
    </div>
  );
}
