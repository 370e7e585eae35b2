/** How a version is named in lists: its message's first line, its date, its author. */

export function firstLine(message: string | null): string {
  const line = message?.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return line === '' ? '(no message)' : line;
}

/** A server timestamp in UTC, minutes precision: the same for everyone reading a ticket. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
