// Files a project keeps, as Speckle's blob storage keeps what users attach to a project, served as
// the real server serves them (its blobstorage module): GET /api/stream/{projectId}/blob/{blobId}
// answers the bytes as an attachment named by the file's name, or 404 with an error JSON for a
// blob the project does not have.
//
// The one file is what a server's with-children answer can never be: the faulty v3 office with one
// object more than its root's `__closure` lists, as a customer's export of it may hold one. Only an
// opened file can bring the model doctor that fault.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { V3_PROJECT_ID, V3_ROOT_IDS, type DemoProject } from './catalog.ts';
import { serializeJsonb, type JsonObject } from './jsonb.ts';
import { CORS, sendJson } from './responses.ts';
import { recordText } from './streamObjects.ts';
import { identify } from './v3Model.ts';

export interface DemoBlob {
  projectId: string;
  /** Ten hex digits, as the server makes them. */
  blobId: string;
  fileName: string;
  text(project: DemoProject): Promise<string>;
}

const strayBody: JsonObject = {
  name: 'Wall east, from an earlier version',
  units: 'm',
  properties: { category: 'Wall' },
  speckle_type: 'Objects.Data.DataObject',
  applicationId: 'wall-east-earlier',
  totalChildrenCount: 0,
};

/**
 * The object the faulty office's file holds beyond its root's closure: a data object of its own,
 * referring to nothing and with an `applicationId` no other object has, so that it is a fault of
 * one rule only.
 */
export const STRAY_OBJECT: JsonObject = { id: identify(strayBody), ...strayBody };

/**
 * The faulty office in the server's line form (`id<TAB>json`, what the app's "Download server
 * lines" and `curl -H 'Accept: text/plain'` save), byte for byte as the project sends it, and the
 * stray object's line after it.
 */
async function faultyOfficeWithStray(project: DemoProject): Promise<string> {
  const answer = await project.answer(V3_ROOT_IDS.faulty);
  if (!answer) throw new Error('The faulty v3 office is missing from its project');
  const lines: string[] = [];
  for await (const record of answer.records()) lines.push(recordText('text', 0, record));
  lines.push(
    recordText('text', 0, {
      id: String(STRAY_OBJECT.id),
      text: serializeJsonb(STRAY_OBJECT, true),
    }),
  );
  return lines.join('');
}

export const FAULTY_V3_FILE: DemoBlob = {
  projectId: V3_PROJECT_ID,
  blobId: '3a0d0b0001',
  fileName: 'office-v3-with-faults.txt',
  text: faultyOfficeWithStray,
};

const DEMO_BLOBS: readonly DemoBlob[] = [FAULTY_V3_FILE];

/** The blob's address, from the server's address on. */
export function blobPath({ projectId, blobId }: DemoBlob): string {
  return `/api/stream/${projectId}/blob/${blobId}`;
}

/** Answers a request for a blob of a project the request may read. */
export async function sendBlob(
  req: IncomingMessage,
  res: ServerResponse,
  project: DemoProject,
  blobId: string,
): Promise<void> {
  const blob = DEMO_BLOBS.find((b) => b.projectId === project.id && b.blobId === blobId);
  if (!blob) {
    sendJson(
      req,
      res,
      404,
      JSON.stringify({ error: `The requested asset: ${blobId} doesn't exist` }),
    );
    return;
  }
  const body = await blob.text(project);
  // Piped from storage by the real server: no Content-Length, no ETag.
  res.writeHead(200, {
    ...CORS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${blob.fileName}"`,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
