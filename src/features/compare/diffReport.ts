/**
 * A comparison of two versions written down: a JSON report of a stable, documented shape
 * (docs/compare.md), a CSV summary by type, and a short text for a ticket. Values in the report are
 * the objects' text as received (numbers as written, never re-serialised), never with a token.
 */
import type { ComparedSide } from './core/comparedSide';
import type { ChangeKind, Comparison } from './core/compareVersions';
import type { DiffOp } from './core/diffPair';
import { rawText } from './core/rawTree';
import { type ExportFormat, PartBuffer, type TextParts } from '../exports';

export const DIFF_REPORT_FORMAT = 'speckle-object-explorer/diff@1';

interface ComparedRoots {
  from: ComparedSide;
  to: ComparedSide;
}

/** A side as the report names it: its project and root, and its model and version if it had one. */
function sideHeader({ projectId, rootId, version }: ComparedSide): Record<string, unknown> {
  if (!version) return { projectId, rootId };
  const { modelId, modelName, versionId, message, createdAt } = version;
  return {
    projectId,
    rootId,
    model: { id: modelId, name: modelName },
    version: { id: versionId, message, createdAt },
  };
}

/** The report, in parts: a changed model can list thousands of pairs. */
export function* diffReportParts(comparison: Comparison, roots: ComparedRoots): TextParts {
  const buffer = new PartBuffer();
  const { counts, matching } = comparison;
  buffer.push(
    `{"format":${JSON.stringify(DIFF_REPORT_FORMAT)},"from":${JSON.stringify(sideHeader(roots.from))},` +
      `"to":${JSON.stringify(sideHeader(roots.to))},"counts":${JSON.stringify(counts)},"pairs":[`,
  );
  for (const [index, pair] of comparison.pairs.entries()) {
    const { diff } = pair;
    buffer.push(
      `${index === 0 ? '' : ','}{"from":${JSON.stringify(pair.from)},"to":${JSON.stringify(pair.to)},` +
        `"applicationId":${JSON.stringify(pair.applicationId)},` +
        `"speckle_type":${JSON.stringify(pair.speckleType)},"matchedBy":${JSON.stringify(pair.via)},` +
        `"kind":${JSON.stringify(diff.kind)},"changes":[${diff.ops.map(opText).join(',')}],` +
        `"below":${JSON.stringify(diff.below)},"chunks":${JSON.stringify(diff.chunks)}}`,
    );
    if (buffer.isFull) yield* buffer.take();
  }
  buffer.push(
    `],"added":${JSON.stringify(matching.added)},"removed":${JSON.stringify(matching.removed)},` +
      `"duplicateApplicationIds":${JSON.stringify(matching.duplicateApplicationIds)},` +
      `"unreadable":${JSON.stringify(matching.unreadable)}}\n`,
  );
  yield* buffer.take();
}

function opText(op: DiffOp): string {
  const head = `{"path":${JSON.stringify(op.path)},"op":"${op.op}"`;
  if (op.op === 'add') return `${head},"to":${rawText(op.to)}}`;
  if (op.op === 'remove') return `${head},"from":${rawText(op.from)}}`;
  return `${head},"from":${rawText(op.from)},"to":${rawText(op.to)}}`;
}

const KINDS: readonly ChangeKind[] = ['added', 'removed', 'changed', 'changedBelow'];
const KIND_COLUMNS: Record<ChangeKind, string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  changedBelow: 'changed_below',
};

/** One row per `speckle_type`: objects and bytes of each kind of change. */
export function diffSummaryCsv(comparison: Comparison): string {
  const header = [
    'speckle_type',
    ...KINDS.flatMap((kind) => [KIND_COLUMNS[kind], `${KIND_COLUMNS[kind]}_bytes`]),
  ];
  const rows = comparison.byType.map((row) => [
    csvField(row.speckleType),
    ...KINDS.flatMap((kind) => [String(row.kinds[kind].count), String(row.kinds[kind].bytes)]),
  ]);
  return [header, ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}

function csvField(text: string): string {
  // A leading = + - or @ would make a spreadsheet read the type name as a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export interface DiffInput {
  comparison: Comparison;
  roots: ComparedRoots;
}

/** The downloads of a comparison, saved as the others are (saveExport, DownloadButton). */
export const DIFF_EXPORT_FORMATS = {
  report: {
    id: 'diffReport',
    label: 'Download diff report JSON',
    summary: 'Every changed pair with its property changes, and the ids added and removed.',
    kind: 'diff',
    extension: 'json',
    mimeType: 'application/json',
    description: 'JSON diff report',
    transformation:
      'A report of the shape docs/compare.md describes; the values in it are copied from the ' +
      'objects exactly as received.',
    parts: ({ comparison, roots }) => diffReportParts(comparison, roots),
  } satisfies ExportFormat<DiffInput>,
  csv: {
    id: 'diffCsv',
    label: 'Download CSV summary',
    summary: 'One row per speckle_type: objects and bytes added, removed and changed.',
    kind: 'diff-summary',
    extension: 'csv',
    mimeType: 'text/csv;charset=utf-8',
    description: 'CSV',
    transformation: 'Counts and byte sizes by type, one row per speckle_type.',
    parts: ({ comparison }) => [diffSummaryCsv(comparison)],
  } satisfies ExportFormat<DiffInput>,
};
