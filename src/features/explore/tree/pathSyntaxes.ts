import { toJavaScriptPath, toJqPath, toJsonPath, type Path } from '../../../speckle/paths';

/** The syntaxes "Copy path" writes, by the tool people paste into. */
export const PATH_SYNTAXES = {
  javascript: { label: 'JavaScript', format: (path: Path) => toJavaScriptPath(path) },
  jsonPath: { label: 'JSONPath', format: toJsonPath },
  jq: { label: 'jq', format: toJqPath },
} as const;

export type PathSyntax = keyof typeof PATH_SYNTAXES;
