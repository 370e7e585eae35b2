/**
 * A plain-text summary of opened files to paste into a support ticket, as report.ts's is of a
 * server's answer: what each file held, the root shown and why, and what was found wrong.
 */
import { objectCounts, type TicketReportInput } from '../exports';

export interface FilesReportInput {
  /** One line per file, as the page lists them: name, size, form and objects. */
  files: readonly string[];
  /** The root the page shows and why it was taken; null before the files are read. */
  root: { id: string; rule: string } | null;
  /** What happened, in words: "complete", or why the files were not read whole. */
  outcome: string;
  counts?: TicketReportInput['counts'];
  /** Every problem the page lists, each naming its file and place. */
  problems: readonly string[];
  /** Findings about the root's closure, one line each. */
  integrity?: readonly string[];
  userAgent?: string;
  createdAt: Date;
}

export function filesReport(input: FilesReportInput): string {
  const lines = [
    'Speckle Object Explorer report',
    `Created: ${input.createdAt.toISOString()}`,
    'Source: opened files (no server was asked)',
    ...input.files.map((file) => `File: ${file}`),
    `Root: ${input.root ? `${input.root.id} (${input.root.rule})` : 'not chosen yet'}`,
    `Result: ${input.outcome}`,
  ];
  if (input.counts) lines.push(`Objects: ${objectCounts(input.counts)}`);
  if (input.problems.length > 0) {
    lines.push('Problems:', ...input.problems.map((line) => `- ${line}`));
  }
  if (input.integrity && input.integrity.length > 0) {
    lines.push('Integrity:', ...input.integrity.map((line) => `- ${line}`));
  }
  if (input.userAgent) lines.push(`Browser: ${input.userAgent}`);
  return `${lines.join('\n')}\n`;
}
