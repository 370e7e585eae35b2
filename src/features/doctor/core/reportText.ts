/**
 * The doctor's report as files: Markdown for a support ticket (each finding's objects capped, the
 * rest counted) and JSON for tools (every object listed). Both name what was checked (the server,
 * project, model, version and root), and nothing else about the connection: never a token.
 */
import { countOf, formatCount } from '../../../speckle/counts';
import type { DoctorReport, Finding } from './report';

export const DOCTOR_REPORT_FORMAT = 'speckle-object-explorer/model-doctor@1';

/** Objects listed per finding in Markdown; the JSON lists them all. */
const MARKDOWN_ITEMS = 20;

export interface CheckedModel {
  /** The server's address, or null for opened files. */
  server: string | null;
  /** For opened files: their names. */
  files?: readonly string[];
  projectId: string | null;
  modelId: string | null;
  versionId: string | null;
  rootId: string | null;
}

export interface CheckedReport {
  subject: CheckedModel;
  report: DoctorReport;
  /** Objects too large to read, left out of the check. */
  unread: number;
}

function subjectLines({ server, files, projectId, modelId, versionId, rootId }: CheckedModel) {
  const line = (name: string, value: string | null | undefined) =>
    value ? [`- ${name}: \`${value}\``] : [];
  return [
    ...line('Server', server),
    ...(files && files.length > 0 ? [`- Files: ${files.map((f) => `\`${f}\``).join(', ')}`] : []),
    ...line('Project', projectId),
    ...line('Model', modelId),
    ...line('Version', versionId),
    ...line('Root', rootId),
  ];
}

/** One line of what was found healthy. */
export function healthyLines({ healthy }: DoctorReport): string[] {
  const lines = [
    `${countOf(healthy.objects, 'object', 'objects')} checked; ${formatCount(healthy.references.resolved)} of ${countOf(healthy.references.total, 'reference', 'references')} resolved.`,
  ];
  for (const { key, proxies, targets, resolved } of healthy.proxies) {
    lines.push(
      `${key}: ${countOf(proxies, 'proxy', 'proxies')}, ${formatCount(resolved)} of ${countOf(targets, 'target', 'targets')} resolved.`,
    );
  }
  if (healthy.instances.total > 0 || healthy.definitions.total > 0) {
    lines.push(
      `Instances: ${formatCount(healthy.instances.resolved)} of ${formatCount(healthy.instances.total)} placed; definitions: ${formatCount(healthy.definitions.used)} of ${formatCount(healthy.definitions.total)} used.`,
    );
  }
  if (healthy.meshes.total > 0) {
    lines.push(
      `Meshes: ${formatCount(healthy.meshes.checked)} of ${formatCount(healthy.meshes.total)} checked whole (the others lack a chunk that did not arrive).`,
    );
  }
  if (healthy.uncountedChildren > 0) {
    lines.push(
      `${countOf(healthy.uncountedChildren, 'object', 'objects')} below the root say totalChildrenCount 0 though their __closure lists children, as connectors write it; nothing reads that count there.`,
    );
  }
  return lines;
}

/** The headline: how many faults, in how many rules. */
export function summaryLine({ findings }: DoctorReport): string {
  if (findings.length === 0) return 'No faults found.';
  const total = findings.reduce((sum, finding) => sum + finding.count, 0);
  return `${countOf(total, 'fault', 'faults')} found by ${countOf(findings.length, 'rule', 'rules')}.`;
}

function findingMarkdown(finding: Finding, cap: number): string[] {
  const shown = finding.items.slice(0, cap).map(({ id, note }) => `- \`${id}\`: ${note}`);
  const more = finding.items.length - shown.length;
  return [
    `### ${finding.title} (${formatCount(finding.count)})`,
    '',
    `Rule \`${finding.rule}\`. ${finding.explanation}`,
    '',
    ...shown,
    ...(more > 0
      ? [`- … and ${countOf(more, 'more', 'more')} (the JSON report lists them all)`]
      : []),
    '',
  ];
}

export function doctorMarkdown(
  { subject, report, unread }: CheckedReport,
  cap = MARKDOWN_ITEMS,
): string {
  return [
    '# Model doctor report',
    '',
    ...subjectLines(subject),
    '',
    `**${summaryLine(report)}**`,
    '',
    '## Healthy',
    '',
    ...healthyLines(report).map((line) => `- ${line}`),
    ...(unread > 0
      ? [`- ${countOf(unread, 'object was', 'objects were')} too large to read and left out.`]
      : []),
    '',
    ...(report.findings.length > 0
      ? ['## Findings', '', ...report.findings.flatMap((f) => findingMarkdown(f, cap))]
      : []),
  ].join('\n');
}

/** The JSON report in parts: a finding can list every object of a large model. */
export function* doctorJsonParts({ subject, report, unread }: CheckedReport): Generator<string> {
  const { server, files, projectId, modelId, versionId, rootId } = subject;
  const checked = { server, files: files ?? null, projectId, modelId, versionId, rootId };
  yield (
    `{"format":${JSON.stringify(DOCTOR_REPORT_FORMAT)},"checked":${JSON.stringify(checked)},` +
    `"unread":${unread},"healthy":${JSON.stringify(report.healthy)},"findings":[`
  );
  for (const [index, finding] of report.findings.entries()) {
    const { rule, title, explanation, count, items } = finding;
    yield (
      `${index === 0 ? '' : ','}{"rule":${JSON.stringify(rule)},"title":${JSON.stringify(title)},` +
      `"explanation":${JSON.stringify(explanation)},"count":${count},"items":[`
    );
    for (let from = 0; from < items.length; from += 10_000) {
      const slice = items.slice(from, from + 10_000).map((item) => JSON.stringify(item));
      yield `${from === 0 ? '' : ','}${slice.join(',')}`;
    }
    yield ']}';
  }
  yield ']}\n';
}
