// The demo server's `/graphql` as plain request → answer, so that the HTTP server and the tests'
// msw double share it: the transport, CSRF and CORS rules, token checks and status codes of
// shared/speckle-graphql.md ("Transport", "Errors"), over the demo schema and resolvers.
import { execute, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import { rootValue, type GraphqlAuth, type GraphqlData } from './graphqlResolvers.ts';
import { SPECKLE_SCHEMA } from './graphqlSchema.ts';
import { TOKEN_USERS } from './history.ts';

export interface GraphqlRequest {
  method: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
  /** The query string of a GET, without `?`. */
  search: string;
}

export interface GraphqlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const CORS = { 'Access-Control-Allow-Origin': '*' };
const JSON_HEADERS = {
  ...CORS,
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};
const SIMPLE_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
];
const CSRF_MESSAGE =
  "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n";
const EMPTY_BODY_MESSAGE = 'POST body missing, invalid Content-Type, or JSON object has no keys.';

const json = (status: number, value: unknown): GraphqlAnswer => ({
  status,
  headers: JSON_HEADERS,
  body: `${JSON.stringify(value)}\n`,
});

const errorAnswer = (status: number, message: string, code: string) =>
  json(status, { errors: [{ message, extensions: { code } }] });

export function answerGraphql(request: GraphqlRequest, data: GraphqlData): GraphqlAnswer {
  if (request.method === 'OPTIONS') return preflight(request);
  const auth = authorize(request.headers.authorization);
  if (auth === null) {
    return {
      status: 403,
      headers: JSON_HEADERS,
      body: JSON.stringify({ error: 'Your token is not valid.' }),
    };
  }
  if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
    const page =
      '<!DOCTYPE html><html><head><title>Apollo Server</title></head><body>Sandbox</body></html>';
    return {
      status: 200,
      headers: { ...CORS, 'Content-Type': 'text/html; charset=utf-8' },
      body: page,
    };
  }
  if (csrfBlocked(request.headers)) return errorAnswer(400, CSRF_MESSAGE, 'BAD_REQUEST');
  const body = readOperations(request);
  if ('status' in body) return body;
  if (!Array.isArray(body.operations)) return runOperation(body.operations, data, auth);
  // A batch: independent results, written the way the server writes them.
  const parts = body.operations.map((operation) =>
    runOperation(operation, data, auth).body.trimEnd(),
  );
  return { status: 200, headers: JSON_HEADERS, body: `[${parts.join('\n,')}\n]\n` };
}

function preflight(request: GraphqlRequest): GraphqlAnswer {
  const requested = request.headers['access-control-request-headers'];
  return {
    status: 204,
    headers: {
      ...CORS,
      'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
      Vary: 'Access-Control-Request-Headers',
      'Content-Length': '0',
    },
    body: '',
  };
}

/** Null for a token the server does not accept: unknown, empty, or not exactly `Bearer <token>`. */
function authorize(header: string | undefined): GraphqlAuth | null {
  if (header === undefined) return { kind: 'none' };
  const known = header.startsWith('Bearer ')
    ? TOKEN_USERS.get(header.slice('Bearer '.length))
    : undefined;
  return known ? { kind: 'valid', ...known } : null;
}

function csrfBlocked(headers: GraphqlRequest['headers']): boolean {
  if (headers['apollo-require-preflight'] || headers['x-apollo-operation-name']) return false;
  const mime = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return !mime || SIMPLE_CONTENT_TYPES.includes(mime);
}

type Operation = Record<string, unknown>;

function readOperations(
  request: GraphqlRequest,
): { operations: Operation | Operation[] } | GraphqlAnswer {
  if (request.method === 'GET') {
    const params = new URLSearchParams(request.search);
    const variables = parseJson(params.get('variables') ?? 'null');
    if (variables === undefined)
      return errorAnswer(400, 'Variables are invalid JSON.', 'BAD_REQUEST');
    const query = params.get('query');
    return { operations: { query, operationName: params.get('operationName'), variables } };
  }
  const mime = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mime !== 'application/json' || request.body.trim() === '') {
    return errorAnswer(400, EMPTY_BODY_MESSAGE, 'BAD_REQUEST');
  }
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch (error) {
    const message = `Invalid request body: ${error instanceof Error ? error.message : String(error)}`;
    return {
      status: 400,
      headers: JSON_HEADERS,
      body: JSON.stringify({ error: { message, code: 'USER_INPUT_ERROR' } }),
    };
  }
  if (Array.isArray(body) && body.every(isRecord)) return { operations: body };
  if (!isRecord(body) || Object.keys(body).length === 0) {
    return errorAnswer(400, EMPTY_BODY_MESSAGE, 'BAD_REQUEST');
  }
  return { operations: body };
}

function runOperation(operation: Operation, data: GraphqlData, auth: GraphqlAuth): GraphqlAnswer {
  const { query, variables, operationName } = operation;
  if (typeof query !== 'string' || query === '') {
    return errorAnswer(
      400,
      'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.',
      'BAD_REQUEST',
    );
  }
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return json(400, { errors: [formatError(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')] });
  }
  const invalid = validate(SPECKLE_SCHEMA, document);
  if (invalid.length > 0) {
    return json(400, {
      errors: invalid.map((error) => formatError(error, 'GRAPHQL_VALIDATION_FAILED')),
    });
  }
  const result = execute({
    schema: SPECKLE_SCHEMA,
    document,
    rootValue: rootValue(data, auth),
    variableValues: isRecord(variables) ? variables : undefined,
    operationName: typeof operationName === 'string' ? operationName : undefined,
  });
  if (result instanceof Promise) throw new Error('The demo resolvers are synchronous');
  // No `data` at all: the variables or the operation name were refused before running.
  if (!('data' in result)) {
    return json(400, {
      errors: (result.errors ?? []).map((error) => formatError(error, 'BAD_USER_INPUT')),
    });
  }
  if (!result.errors) return json(200, { data: result.data });
  return json(200, {
    errors: result.errors.map((error) => formatError(error, 'INTERNAL_SERVER_ERROR')),
    data: result.data,
  });
}

function formatError(error: GraphQLError, defaultCode: string) {
  const { message, locations, path, extensions } = error.toJSON();
  return { message, locations, path, extensions: { code: defaultCode, ...extensions } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
