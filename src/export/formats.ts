/**
 * Export file contents as lists of parts for `new Blob(parts)`. The parts are the objects' texts as
 * received, never joined: a whole model can exceed the longest string a browser can hold.
 */
import type { LineRecord } from '../api/lines';

/** `[r0,r1,…]`: the with-children endpoint's JSON array form. */
export function jsonArrayParts(raws: readonly string[]): string[] {
  const parts = ['['];
  for (const [index, raw] of raws.entries()) {
    if (index > 0) parts.push(',');
    parts.push(raw);
  }
  parts.push(']');
  return parts;
}

/** `id\tjson\n` per object: the with-children endpoint's `text/plain` form. */
export function jsonLinesParts(records: readonly LineRecord[]): string[] {
  const parts: string[] = [];
  for (const { id, raw } of records) parts.push(id, '\t', raw, '\n');
  return parts;
}

/** `{host}_{projectId}_{objectId}_{kind}.{extension}`, safe on Windows, macOS and Linux. */
export function exportFileName(p: {
  host: string;
  projectId: string;
  objectId: string;
  kind: string;
  extension: string;
}): string {
  const stem = [p.host, p.projectId, p.objectId, p.kind]
    .map(fileNameSafe)
    .filter((part) => part !== '')
    .join('_');
  const extension = fileNameSafe(p.extension);
  return extension === '' ? stem : `${stem}.${extension}`;
}

// Keeps letters, digits, dots and hyphens; `_` is the separator and `:` (a host's port) and other
// punctuation are refused by some file systems. Leading or trailing dots hide or break names.
function fileNameSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '');
}
