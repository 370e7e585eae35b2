/**
 * Checks typed ids against the form every Speckle id has (shared/speckle-rest.md, "The object
 * model"). An id that cannot be one is an error, never sent: the server would only answer "no such
 * project", blaming the wrong thing. Spaces around an id are only a warning, as the form trims them.
 */

export type IdCheck =
  | { level: 'ok' }
  /** Not an object id, yet something Get opens: it says what will happen. */
  | { level: 'note'; message: string }
  | { level: 'warning' | 'error'; message: string; suggestion?: string };

interface IdKind {
  name: string;
  length: number;
  /** Another kind of id that people paste here by mistake, recognised by its length. */
  lookalike: { length: number; message: string };
}

/** An object id is 32 lowercase hex characters; a project, model or version id is 10. */
export const OBJECT_ID_LENGTH = 32;
const PROJECT_ID_LENGTH = 10;

const OBJECT_ID: IdKind = {
  name: 'An object id',
  length: OBJECT_ID_LENGTH,
  lookalike: {
    length: PROJECT_ID_LENGTH,
    message:
      'This looks like a model or version id, which these endpoints cannot fetch. ' +
      'Paste an object id (32 characters) or a link to an object.',
  },
};

const PROJECT_ID: IdKind = {
  name: 'A project id',
  length: PROJECT_ID_LENGTH,
  lookalike: {
    length: OBJECT_ID_LENGTH,
    message: 'This looks like an object id; the project id has 10 characters.',
  },
};

const OK: IdCheck = { level: 'ok' };

interface IdsProblem {
  field: 'Project ID' | 'Object ID';
  message: string;
}

/** Why a lookup of these (trimmed) ids cannot be sent, naming the field to correct; null if none. */
export function lookupIdsProblem(projectId: string, objectId: string): IdsProblem | null {
  if (projectId === '') return { field: 'Project ID', message: 'Enter a project id.' };
  if (objectId === '') return { field: 'Object ID', message: 'Enter an object id.' };
  const project = checkProjectId(projectId);
  if (project.level === 'error') {
    return { field: 'Project ID', message: `Check the Project ID: ${project.message}` };
  }
  const object = checkObjectId(objectId);
  if (object.level === 'error') {
    return { field: 'Object ID', message: `Check the Object ID: ${object.message}` };
  }
  return null;
}

export function checkObjectId(id: string): IdCheck {
  return checkId(id, OBJECT_ID);
}

/** Model ids, `model@version` or a list of them, as typed in Object ID: GraphQL resolves them. */
const MODEL_IDS = /^[0-9a-z]{10}(@[0-9a-z]{10})?(\s*,\s*[0-9a-z]{10}(@[0-9a-z]{10})?)*$/i;

/** Whether Object ID holds model or version ids, which Get resolves rather than fetches. */
export function namesModelsOrVersions(text: string): boolean {
  return MODEL_IDS.test(text.trim());
}

/**
 * Object ID as the lookup form reads it: an object id, or model and version ids that Get resolves
 * with the project (a 10-character id alone is a model's, else a version's).
 */
export function checkObjectField(text: string): IdCheck {
  const trimmed = text.trim();
  if (!namesModelsOrVersions(trimmed)) return checkObjectId(text);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const [only] = entries;
  if (entries.length > 1) {
    return {
      level: 'note',
      message: `${entries.length} models or versions: Get resolves each with the project and offers their roots to choose from.`,
    };
  }
  if (only?.includes('@')) {
    return {
      level: 'note',
      message: 'A model’s version: Get resolves it with the project and opens its root object.',
    };
  }
  return {
    level: 'note',
    message:
      'A model id: Get resolves its newest version with the project and opens its root object (a version id opens that version).',
  };
}

export function checkProjectId(id: string): IdCheck {
  return checkId(id, PROJECT_ID);
}

function checkId(id: string, kind: IdKind): IdCheck {
  const trimmed = id.trim();
  // An empty field is the form's business (required or not), not a malformed id.
  if (trimmed === '') return OK;
  const canonical = trimmed.toLowerCase();
  const isHex = /^[0-9a-f]+$/.test(canonical);

  if (isHex && canonical.length === kind.length) {
    if (canonical === id) return OK;
    if (canonical === trimmed) {
      return { level: 'warning', message: 'This id has spaces around it.', suggestion: canonical };
    }
    const hasSpaces = trimmed !== id;
    const message =
      'Ids are lowercase and the server matches them exactly: this one has uppercase letters' +
      (hasSpaces ? ' and spaces around it.' : '.');
    return { level: 'error', message, suggestion: canonical };
  }

  if (isHex && canonical.length === kind.lookalike.length) {
    return { level: 'error', message: kind.lookalike.message };
  }

  const expected = `${kind.name} has ${kind.length} characters, 0–9 and a–f`;
  const stray = /[^0-9a-f]/i.exec(trimmed)?.[0];
  return {
    level: 'error',
    message:
      stray === undefined
        ? `${expected}; this one has ${trimmed.length}.`
        : `${expected}; this one contains “${stray}”.`,
  };
}
