/**
 * A plain-text summary of one lookup to paste into a support ticket. It takes no token at all, so
 * none can end up in it; it only says whether one was sent. What the server said goes through
 * withoutSecrets too, in case it echoed a token.
 */
import { countOf, formatCount } from '../../speckle/counts';
import { withoutSecrets } from '../../speckle/secrets';
import { formatBytes } from '../../speckle/text';
import { endpointUrl, type EndpointMode } from './curl';

export interface TicketReportInput {
  /**
   * The API base that answered: the origin, or the origin and the path the server is under
   * (`/api`, a proxy's prefix), which the report must keep to name the server.
   */
  base: string;
  projectId: string;
  objectId: string;
  mode: EndpointMode;
  tokenSent: boolean;
  /** What happened, in words: "complete", "stopped after 2 of 5 objects: …", "object not found". */
  outcome: string;
  /** The HTTP status, when an answer arrived. */
  httpStatus?: number | null;
  /** With-children loads: distinct objects received, 1 + the root's closure size, repeats. */
  counts?: { received: number; expected: number | null; duplicates: number } | null;
  /** Bytes of body received. */
  bytes?: number | null;
  elapsedMs?: number | null;
  /** Findings about the closure, one line each. */
  integrity?: readonly string[];
  appVersion?: string;
  userAgent?: string;
  createdAt: Date;
}

export function ticketReport(input: TicketReportInput): string {
  const request =
    input.mode === 'children' ? 'object with children, Accept: text/plain' : 'single object';
  const lines = [
    'Speckle Object Explorer report',
    `Created: ${input.createdAt.toISOString()}`,
    `Server: ${input.base}`,
    `Request: GET ${endpointUrl(input)} (${request})`,
    `Project: ${input.projectId}`,
    `Object: ${input.objectId}`,
    `Token: ${input.tokenSent ? 'sent (not shown here)' : 'none'}`,
  ];
  if (input.httpStatus != null) lines.push(`HTTP status: ${input.httpStatus}`);
  lines.push(`Result: ${input.outcome}`);
  // A refusal (404, 401…) sent no body of objects: counting none would read as an empty answer.
  const refused = input.httpStatus != null && input.httpStatus >= 400;
  if (input.counts && !refused) lines.push(`Objects: ${objectCounts(input.counts)}`);
  if (input.bytes != null && !refused) {
    lines.push(`Received: ${formatBytes(input.bytes)} (${formatCount(input.bytes)} bytes)`);
  }
  if (input.elapsedMs != null) lines.push(`Time: ${(input.elapsedMs / 1000).toFixed(2)} s`);
  if (input.integrity && input.integrity.length > 0) {
    lines.push('Integrity:', ...input.integrity.map((line) => `- ${line}`));
  }
  if (input.appVersion) lines.push(`App: Speckle Object Explorer ${input.appVersion}`);
  if (input.userAgent) lines.push(`Browser: ${input.userAgent}`);
  return withoutSecrets(`${lines.join('\n')}\n`);
}

/** The objects line of a report: received, expected, missing and repeated. */
export function objectCounts({
  received,
  expected,
  duplicates,
}: NonNullable<TicketReportInput['counts']>): string {
  const notes: string[] = [];
  if (expected !== null && received < expected) {
    notes.push(`${formatCount(expected - received)} missing`);
  } else if (expected !== null && received > expected) {
    notes.push(`${formatCount(received - expected)} not in the root's closure`);
  }
  if (duplicates > 0) notes.push(countOf(duplicates, 'repeated copy', 'repeated copies'));
  const counted =
    expected === null
      ? `${formatCount(received)} received`
      : `${formatCount(received)} of ${formatCount(expected)} expected`;
  return notes.length > 0 ? `${counted} (${notes.join(', ')})` : counted;
}
