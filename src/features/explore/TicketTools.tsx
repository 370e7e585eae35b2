import { useId, useState } from 'react';
import { curlCommand, ticketReport, type TicketReportInput } from '../exports';
import type { ObjectQueryInput } from '../../api/objects';
import { objectRoutePath } from '../../routes/address';
import { useClipboard } from '../../shared/useClipboard';

type ReportFacts = Omit<
  TicketReportInput,
  'base' | 'projectId' | 'objectId' | 'mode' | 'tokenSent' | 'createdAt'
>;

/**
 * For support tickets: the exact request as a curl command (the token as $SPECKLE_TOKEN unless the
 * user asks for it, with a warning), a plain report of what happened and a link to this lookup in
 * the explorer, neither of which ever holds a token.
 */
export function TicketTools({
  input,
  mode,
  reportFacts,
}: {
  input: ObjectQueryInput;
  mode: 'single' | 'children';
  /** Read when the report is copied: a running load's figures change many times a second. */
  reportFacts: () => ReportFacts;
}) {
  const [includeToken, setIncludeToken] = useState(false);
  const clipboard = useClipboard();
  const warningId = useId();
  const { access, projectId, objectId } = input;
  const address = { base: access.base, projectId, objectId, mode };

  return (
    <div className="row ticket-tools">
      <button
        type="button"
        onClick={() =>
          clipboard.copy('Command', curlCommand({ ...address, includeToken, token: access.token }))
        }
      >
        Copy as curl
      </button>
      {access.token !== '' && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={includeToken}
            aria-describedby={includeToken ? warningId : undefined}
            onChange={(event) => setIncludeToken(event.target.checked)}
          />
          Put my token in the command
        </label>
      )}
      <button
        type="button"
        onClick={() =>
          clipboard.copy(
            'Report',
            ticketReport({
              ...reportFacts(),
              ...address,
              tokenSent: access.token !== '',
              createdAt: new Date(),
              userAgent: navigator.userAgent,
            }),
          )
        }
      >
        Copy report
      </button>
      <button type="button" onClick={() => clipboard.copy('Link', lookupLink(input, mode))}>
        Copy link
      </button>
      {includeToken && (
        <p id={warningId} className="hint warning-text">
          The command will hold your token: anyone who sees it can read what you can. Do not paste
          it into a ticket.
        </p>
      )}
      <span aria-live="polite" className="hint">
        {clipboard.message}
      </span>
    </div>
  );
}

/**
 * The lookup's address in this explorer. It always names its server, so that it opens the same
 * lookup for someone who has other servers saved; a route never holds a token.
 */
function lookupLink(
  { access, projectId, objectId }: ObjectQueryInput,
  mode: 'single' | 'children',
) {
  const path = objectRoutePath({ projectId, objectId, mode, server: access.base });
  return new URL(path, window.location.origin).href;
}
