// Raw HTTP for the demo server tests: fetch would undo gzip and hide a cut connection's details.
import { request } from 'node:http';
import { constants, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Body bytes as sent (still gzip-encoded when Content-Encoding says so). */
  body: Buffer;
  /** True when the connection ended before the response was complete. */
  aborted: boolean;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        let aborted = false;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('aborted', () => {
          aborted = true;
        });
        res.on('error', () => {
          aborted = true;
        });
        res.on('close', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            aborted: aborted || !res.complete,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Decodes as much of a gzip body as arrived (a cut stream has no gzip trailer). */
export function gunzipPartial(body: Buffer): string {
  try {
    return gunzipSync(body).toString('utf8');
  } catch {
    return gunzipSync(body, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  }
}

/** A text-mode body's records, split at each line's first tab; the body ends with a newline. */
export function splitLines(text: string): { id: string; raw: string }[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => ({
      id: line.slice(0, line.indexOf('\t')),
      raw: line.slice(line.indexOf('\t') + 1),
    }));
}
