/** The doctor's report as downloads, through the exports feature's save dialog or Blob. */
import type { ExportFormat } from '../exports';
import { doctorJsonParts, doctorMarkdown, type CheckedReport } from './core/reportText';

export const DOCTOR_EXPORT_FORMATS = {
  markdown: {
    id: 'doctor-markdown',
    label: 'Download doctor report Markdown',
    summary: 'For a ticket: each finding with its first objects, the rest counted.',
    kind: 'doctor',
    extension: 'md',
    mimeType: 'text/markdown',
    description: 'Markdown',
    transformation: 'A report on the objects, not the objects themselves.',
    parts: (input) => [doctorMarkdown(input)],
  },
  json: {
    id: 'doctor-json',
    label: 'Download doctor report JSON',
    summary: 'For tools: every finding with every object it concerns.',
    kind: 'doctor',
    extension: 'json',
    mimeType: 'application/json',
    description: 'JSON',
    transformation: 'A report on the objects, not the objects themselves.',
    parts: doctorJsonParts,
  },
} as const satisfies Record<string, ExportFormat<CheckedReport>>;
