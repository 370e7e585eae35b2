/**
 * What each side of a comparison is, once resolved: a root object, and the version it was read
 * from when the side named one. The page, the copied summary and the report name it in these
 * words, so that a ticket says which model and version were compared, not just two object ids.
 */
import { firstLine, formatDate } from '../../../speckle/links/versionText';

interface SideVersion {
  modelId: string;
  modelName: string;
  versionId: string;
  message: string | null;
  /** As the server wrote it (ISO 8601). */
  createdAt: string;
}

export interface ComparedSide {
  projectId: string;
  rootId: string;
  /** Null for a side given as an object id: nothing says which version, if any, holds it. */
  version: SideVersion | null;
}

/** The side in one line: `project p · model name (id) · version v: “message”, date · root r`. */
export function sideDescription(side: ComparedSide): string {
  const { projectId, rootId, version } = side;
  if (!version) return `Project ${projectId} · object ${rootId}, given by its id`;
  return (
    `Project ${projectId} · model ${version.modelName} (${version.modelId}) · ` +
    `version ${version.versionId}: “${firstLine(version.message)}”, ` +
    `${formatDate(version.createdAt)} · root ${rootId}`
  );
}
