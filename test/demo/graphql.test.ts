import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  LARGE_PROJECT_ID,
  PRIVATE_PROJECT_ID,
  PROFILE_ONLY_TOKEN,
  PUBLIC_ONLY_TOKEN,
  PUBLIC_PROJECT_ID,
} from '../../demo/catalog.ts';
import { generateBuilding } from '../../demo/generate.ts';
import {
  DEMO_LINKS,
  DEMO_MODELS,
  DEMO_VERSIONS,
  LARGE_PROJECT_MODELS,
  LONG_HISTORY_MODEL,
  LONG_HISTORY_VERSIONS,
} from '../../demo/history.ts';
import { resolveSpeckleLink } from '../../src/features/links/graphql/resolveLink.ts';
import { parseSpeckleLink } from '../../src/speckle/links/speckleLink.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ testControls: true });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

async function post(
  body: unknown,
  { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

const query = (text: string, variables?: Record<string, unknown>, token?: string) =>
  post({ query: text, variables }, { token });

const PROJECT_MODELS = `query ProjectModels($projectId: String!, $limit: Int!, $cursor: String) {
  project(id: $projectId) { id name visibility role
    models(limit: $limit, cursor: $cursor) { totalCount cursor
      items { id name displayName updatedAt versions(limit: 1) { totalCount items { id referencedObject createdAt } } } } }
}`;

const MODEL_VERSIONS = `query ModelVersions($projectId: String!, $modelId: String!, $limit: Int!, $cursor: String) {
  project(id: $projectId) { model(id: $modelId) { id name
    versions(limit: $limit, cursor: $cursor) { totalCount cursor
      items { id message referencedObject createdAt sourceApplication authorUser { id name avatar } } } } }
}`;

const VIEWER = `query ViewerResources($projectId: String!, $resourceIdString: String!, $loaded: Boolean) {
  project(id: $projectId) {
    viewerResourcesExtended(resourceIdString: $resourceIdString, loadedVersionsOnly: $loaded) {
      groups { identifier items { modelId versionId objectId } }
      resourceIdString
    }
  }
}`;

const viewer = (resourceIdString: string, projectId = PUBLIC_PROJECT_ID, loaded?: boolean) =>
  query(VIEWER, { projectId, resourceIdString, loaded });

describe('demo GraphQL: transport', () => {
  it('answers compact JSON with a newline, not cached, readable from any origin', async () => {
    const answer = await query('{ serverInfo { name version } }');

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.text).toBe(
      '{"data":{"serverInfo":{"name":"Speckle Object Explorer demo server","version":"dev"}}}\n',
    );
  });

  it('answers a preflight with 204, echoing the requested headers, without Max-Age', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://explorer.example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });

    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(res.headers.get('vary')).toBe('Access-Control-Request-Headers');
    expect(res.headers.get('access-control-max-age')).toBeNull();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'blocks a %s request as possible CSRF with 400',
    async (contentType) => {
      const answer = await post('{"query":"{ serverInfo { name } }"}', {
        headers: { 'Content-Type': contentType },
      });

      expect(answer.status).toBe(400);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.body).toMatchObject({
        errors: [
          {
            message: expect.stringMatching(
              /^This operation has been blocked as a potential Cross-Site Request Forgery/,
            ),
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
    },
  );

  it('runs a text/plain request that carries apollo-require-preflight', async () => {
    const answer = await post('{"query":"{ serverInfo { name } }"}', {
      headers: { 'Content-Type': 'text/plain', 'apollo-require-preflight': 'true' },
    });

    // The header lets it past the CSRF rule; the body is then not JSON to the server.
    expect(answer.body).not.toMatchObject({ errors: [{ message: expect.stringMatching(/CSRF/) }] });
  });

  it.each([
    ['an unknown token', `Bearer ${'0'.repeat(42)}`],
    ['an empty bearer', 'Bearer '],
    ['a lower-case bearer', `bearer ${DEMO_TOKEN}`],
  ])('refuses %s with 403 plain JSON, whatever the query', async (_, authorization) => {
    const answer = await post(
      { query: '{ serverInfo { name } }' },
      { headers: { Authorization: authorization } },
    );

    expect(answer.status).toBe(403);
    expect(answer.text).toBe('{"error":"Your token is not valid."}');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a syntax error, an unknown field and a wrongly typed variable with 400', async () => {
    const syntax = await query('{ serverInfo { name }');
    const field = await query(`{ project(id: "${PUBLIC_PROJECT_ID}") { branches { id } } }`);
    const variable = await query(PROJECT_MODELS, { projectId: PUBLIC_PROJECT_ID, limit: 'two' });

    expect([syntax.status, field.status, variable.status]).toEqual([400, 400, 400]);
    expect(syntax.body).toMatchObject({
      errors: [
        {
          message: 'Syntax Error: Expected Name, found <EOF>.',
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ],
    });
    expect(field.body).toMatchObject({
      errors: [
        {
          message: 'Cannot query field "branches" on type "Project".',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    });
    expect(variable.body).toMatchObject({
      errors: [
        {
          message:
            'Variable "$limit" got invalid value "two"; Int cannot represent non-integer value: "two"',
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
  });

  it('answers a body that is not JSON, and an empty one, with 400', async () => {
    const broken = await post('{"query":');
    const empty = await post({});

    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      error: {
        message: expect.stringMatching(/^Invalid request body: /),
        code: 'USER_INPUT_ERROR',
      },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      errors: [
        {
          message: 'POST body missing, invalid Content-Type, or JSON object has no keys.',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
  });

  it('answers a batch with independent results', async () => {
    const answer = await post([
      { query: '{ serverInfo { name } }' },
      { query: '{ project(id: "ffffffffff") { id } }' },
    ]);

    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/^\[\{"data".*\n,\{"errors".*\n\]\n$/s);
    expect(answer.body).toMatchObject([
      { data: { serverInfo: { name: 'Speckle Object Explorer demo server' } } },
      { errors: [{ extensions: { code: 'STREAM_NOT_FOUND' } }], data: null },
    ]);
  });

  it('answers an injected rate limit with 429 plain JSON and Retry-After', async () => {
    await fetch(`${server.url}/__faults`, {
      method: 'POST',
      body: JSON.stringify({ status: 429, times: 1 }),
    });

    const limited = await query('{ serverInfo { name } }');
    const after = await query('{ serverInfo { name } }');

    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: {
        message:
          'You have sent too many requests. You are being rate limited. Please try again later.',
        code: 'RATE_LIMIT_ERROR',
      },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(after.status).toBe(200);
  });
});

describe('demo GraphQL: who am I', () => {
  const IDENTITY = '{ serverInfo { name version canonicalUrl } activeUser { id name email } }';

  it('gives no user without a token, and the account for a token with profile:read', async () => {
    const anonymous = await query(IDENTITY);
    const alice = await query(IDENTITY, undefined, DEMO_TOKEN);

    expect(anonymous.body).toEqual({
      data: {
        serverInfo: {
          name: 'Speckle Object Explorer demo server',
          version: 'dev',
          canonicalUrl: null,
        },
        activeUser: null,
      },
    });
    expect(alice.body).toMatchObject({
      data: { activeUser: { id: 'abe5f318e3', name: 'Alice', email: null } },
    });
  });

  it('gives partial data with a scope error for a token without profile:read', async () => {
    const answer = await query(IDENTITY, undefined, PUBLIC_ONLY_TOKEN);

    expect(answer.status).toBe(200);
    expect(answer.text.startsWith('{"errors":')).toBe(true);
    expect(answer.body).toEqual({
      errors: [
        {
          message: 'Your auth token does not have the required scope: profile:read.',
          locations: [{ line: 1, column: 44 }],
          path: ['activeUser'],
          extensions: { code: 'FORBIDDEN', scope: 'profile:read', statusCode: 403 },
        },
      ],
      data: {
        serverInfo: {
          name: 'Speckle Object Explorer demo server',
          version: 'dev',
          canonicalUrl: null,
        },
        activeUser: null,
      },
    });
  });
});

describe('demo GraphQL: project access', () => {
  const PROJECT = `query P($id: String!) { project(id: $id) { id name visibility role } }`;

  it.each([
    ['an unknown project', 'ffffffffff', undefined, 'Project not found', 'STREAM_NOT_FOUND', 404],
    [
      'a project id in upper case',
      PUBLIC_PROJECT_ID.toUpperCase(),
      DEMO_TOKEN,
      'Project not found',
      'STREAM_NOT_FOUND',
      404,
    ],
    [
      'a private project without a token',
      PRIVATE_PROJECT_ID,
      undefined,
      'You are not logged in to this server',
      'FORBIDDEN',
      403,
    ],
    [
      'a private project, token without a role',
      PRIVATE_PROJECT_ID,
      PUBLIC_ONLY_TOKEN,
      'You do not have access to the project',
      'FORBIDDEN',
      403,
    ],
    [
      'a public project, token without streams:read',
      PUBLIC_PROJECT_ID,
      PROFILE_ONLY_TOKEN,
      'Your auth token does not have the required scope: streams:read.',
      'FORBIDDEN',
      403,
    ],
  ])('refuses %s with its code, and data null', async (_, id, token, message, code, statusCode) => {
    const answer = await query(PROJECT, { id }, token);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      errors: [{ message, path: ['project'], extensions: { code, statusCode } }],
      data: null,
    });
  });

  it('reads a public project without a token, and a private one with a role', async () => {
    const open = await query(PROJECT, { id: PUBLIC_PROJECT_ID });
    const own = await query(PROJECT, { id: PRIVATE_PROJECT_ID }, DEMO_TOKEN);

    expect(open.body).toEqual({
      data: {
        project: {
          id: PUBLIC_PROJECT_ID,
          name: 'Demo public project',
          visibility: 'PUBLIC',
          role: null,
        },
      },
    });
    expect(own.body).toMatchObject({
      data: { project: { visibility: 'PRIVATE', role: 'stream:owner' } },
    });
  });
});

describe('demo GraphQL: browsing', () => {
  interface ModelsPage {
    totalCount: number;
    cursor: string | null;
    items: {
      id: string;
      name: string;
      displayName: string;
      updatedAt: string;
      versions: { totalCount: number };
    }[];
  }

  async function modelsPage(limit: number, cursor: string | null = null): Promise<ModelsPage> {
    const answer = await query(PROJECT_MODELS, { projectId: PUBLIC_PROJECT_ID, limit, cursor });
    return (answer.body as { data: { project: { models: ModelsPage } } }).data.project.models;
  }

  it('lists models newest first, with full and display names, leaving out the empty main', async () => {
    const { totalCount, items } = await modelsPage(100);

    expect(items.map((model) => model.name)).toEqual([
      'drafts',
      'generated/20 mb mesh',
      'generated/10,000 objects',
      'real data/revit model root',
      'real data/blender cube',
      'real data/revit floor',
      'building',
    ]);
    expect(totalCount).toBe(7);
    expect(items.find((model) => model.id === DEMO_MODELS.revitFloor)).toMatchObject({
      name: 'real data/revit floor',
      displayName: 'revit floor',
    });
    expect(items.find((model) => model.id === DEMO_MODELS.drafts)?.versions).toEqual({
      totalCount: 0,
      items: [],
    });
    const times = items.map((model) => model.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.every((time) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(time))).toBe(true);
  });

  it('pages models with the cursor until an empty page with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let page: ModelsPage;
    do {
      page = await modelsPage(3, cursor);
      seen.push(...page.items.map((model) => model.id));
      if (page.items.length > 0) expect(page.cursor).toBe(page.items.at(-1)?.updatedAt);
      cursor = page.cursor;
    } while (page.items.length > 0);

    expect(page).toEqual({ totalCount: 7, cursor: null, items: [] });
    expect(seen).toEqual((await modelsPage(100)).items.map((model) => model.id));
    expect(await modelsPage(0)).toEqual({ totalCount: 7, cursor: null, items: [] });
  });

  it('answers a cursor that is not a timestamp with an internal error', async () => {
    const answer = await query(PROJECT_MODELS, {
      projectId: PUBLIC_PROJECT_ID,
      limit: 2,
      cursor: 'abc',
    });

    expect(answer.body).toMatchObject({
      errors: [{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      data: null,
    });
  });

  it("lists a model's versions newest first, with slugged source applications and a withheld one", async () => {
    const answer = await query(MODEL_VERSIONS, {
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.building,
      limit: 10,
    });
    const { versions } = (
      answer.body as {
        data: {
          project: {
            model: {
              versions: {
                totalCount: number;
                items: {
                  id: string;
                  sourceApplication: string;
                  referencedObject: string | null;
                  authorUser: unknown;
                }[];
              };
            };
          };
        };
      }
    ).data.project.model;

    expect(versions.totalCount).toBe(5);
    expect(versions.items.map((version) => version.id)).toEqual([
      DEMO_VERSIONS.building1000Changed,
      DEMO_VERSIONS.building1000,
      DEMO_VERSIONS.building100,
      DEMO_VERSIONS.building10,
      DEMO_VERSIONS.buildingWithheld,
    ]);
    expect(versions.items.map((version) => version.sourceApplication)).toEqual([
      'ObjectExplorerTest 0.1',
      'revit',
      'revit',
      'rhino',
      'revit',
    ]);
    expect(versions.items.at(-1)?.referencedObject).toBeNull();
    expect(versions.items[0]?.authorUser).toEqual({ id: 'b0b1c2d3e4', name: 'Bob', avatar: null });
  });

  it('gives an empty model an empty page, and refuses more than 100 versions a page', async () => {
    const empty = await query(MODEL_VERSIONS, {
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.drafts,
      limit: 10,
    });
    const tooMany = await query(MODEL_VERSIONS, {
      projectId: PUBLIC_PROJECT_ID,
      modelId: DEMO_MODELS.building,
      limit: 101,
    });

    expect(empty.body).toMatchObject({
      data: { project: { model: { versions: { totalCount: 0, cursor: null, items: [] } } } },
    });
    expect(tooMany.body).toMatchObject({
      errors: [
        {
          message: 'Cannot return more than 100 items, please use pagination.',
          extensions: { code: 'BAD_REQUEST_ERROR', statusCode: 400 },
        },
      ],
      data: null,
    });
  });

  it('finds a version with its model, a model by its full name, and the hidden main', async () => {
    const answer = await query(
      `query($p: String!, $v: String!) { project(id: $p) {
        version(id: $v) { id referencedObject model { id name } }
        modelByName(name: "real data/revit floor") { id name displayName }
        main: model(id: "${DEMO_MODELS.publicMain}") { name versions { totalCount } } } }`,
      { p: PUBLIC_PROJECT_ID, v: DEMO_VERSIONS.revitFloor },
    );

    expect(answer.body).toEqual({
      data: {
        project: {
          version: {
            id: DEMO_VERSIONS.revitFloor,
            referencedObject: '551513ff4f3596024547fc818f1f3f70',
            model: { id: DEMO_MODELS.revitFloor, name: 'real data/revit floor' },
          },
          modelByName: {
            id: DEMO_MODELS.revitFloor,
            name: 'real data/revit floor',
            displayName: 'revit floor',
          },
          main: { name: 'main', versions: { totalCount: 0 } },
        },
      },
    });
  });

  it.each([
    ['an unknown model', `model(id: "ffffffffff") { id }`, 'Model not found', 'BRANCH_NOT_FOUND'],
    [
      'an unknown model name',
      `modelByName(name: "Building") { id }`,
      'Model not found',
      'BRANCH_NOT_FOUND',
    ],
    // `model(id)` finds another project's model; `modelByName` looks in this project only.
    [
      "another project's model name",
      `modelByName(name: "tower") { id }`,
      'Model not found',
      'BRANCH_NOT_FOUND',
    ],
    [
      'a version of another project',
      `version(id: "${DEMO_VERSIONS.tower1000}") { id }`,
      'Version not found',
      'COMMIT_NOT_FOUND',
    ],
    [
      'a version of another model',
      `model(id: "${DEMO_MODELS.revitFloor}") { version(id: "${DEMO_VERSIONS.building10}") { id } }`,
      'Version not found',
      'COMMIT_NOT_FOUND',
    ],
  ])('refuses %s, and the whole data is null', async (_, field, message, code) => {
    const answer = await query(
      `{ serverInfo { name } project(id: "${PUBLIC_PROJECT_ID}") { ${field} } }`,
    );

    expect(answer.body).toMatchObject({
      errors: [{ message, extensions: { code, statusCode: 404 } }],
      data: null,
    });
  });
});

describe('demo GraphQL: viewerResourcesExtended', () => {
  it('resolves a model to its newest version and model@version to that version', async () => {
    const answer = await viewer(
      `${DEMO_MODELS.revitFloor},${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
    );

    expect(answer.body).toEqual({
      data: {
        project: {
          viewerResourcesExtended: {
            groups: [
              {
                identifier: `${DEMO_MODELS.revitFloor}`,
                items: [
                  {
                    modelId: DEMO_MODELS.revitFloor,
                    versionId: DEMO_VERSIONS.revitFloor,
                    objectId: '551513ff4f3596024547fc818f1f3f70',
                  },
                ],
              },
              {
                identifier: `${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
                items: [
                  {
                    modelId: DEMO_MODELS.building,
                    versionId: DEMO_VERSIONS.building100,
                    objectId: expect.stringMatching(/^[0-9a-f]{32}$/),
                  },
                ],
              },
            ].sort((a, b) => a.identifier.localeCompare(b.identifier)),
            resourceIdString: [
              `${DEMO_MODELS.building}@${DEMO_VERSIONS.building100}`,
              DEMO_MODELS.revitFloor,
            ]
              .sort()
              .join(','),
          },
        },
      },
    });
  });

  it('orders object groups, all, folders, then models; echoes the sorted list with unmatched entries', async () => {
    const objectId = '551513ff4f3596024547fc818f1f3f70';
    const answer = await viewer(
      `ffffffffff,${DEMO_MODELS.blenderCube},$real data,all,${objectId.toUpperCase()},${DEMO_MODELS.drafts}`,
    );
    const { groups, resourceIdString } = (
      answer.body as {
        data: {
          project: {
            viewerResourcesExtended: {
              groups: { identifier: string; items: unknown[] }[];
              resourceIdString: string;
            };
          };
        };
      }
    ).data.project.viewerResourcesExtended;

    expect(groups.map((group) => group.identifier)).toEqual([
      objectId,
      'all',
      '$real data',
      DEMO_MODELS.blenderCube,
    ]);
    expect(groups[0]?.items).toEqual([{ modelId: null, versionId: null, objectId }]);
    expect(groups[1]?.items).toHaveLength(6);
    expect(groups[2]?.items).toHaveLength(3);
    expect(resourceIdString).toBe(
      ['$real data', DEMO_MODELS.blenderCube, objectId, 'all', DEMO_MODELS.drafts, 'ffffffffff']
        .sort()
        .join(','),
    );
  });

  it('matches nothing, without an error, for an unknown model, an empty model, a foreign version, an outside object or ""', async () => {
    for (const text of [
      'ffffffffff',
      DEMO_MODELS.drafts,
      `${DEMO_MODELS.revitFloor}@${DEMO_VERSIONS.building10}`,
      'f'.repeat(32),
      '',
    ]) {
      const answer = await viewer(text);
      expect(answer.body).toEqual({
        data: { project: { viewerResourcesExtended: { groups: [], resourceIdString: text } } },
      });
    }
  });

  it('keeps an untrimmed entry as the server does', async () => {
    const answer = await viewer(`${DEMO_MODELS.revitFloor}, ${DEMO_MODELS.blenderCube}`);

    expect(answer.body).toMatchObject({
      data: {
        project: {
          viewerResourcesExtended: {
            groups: [{ identifier: DEMO_MODELS.revitFloor }],
            resourceIdString: ` ${DEMO_MODELS.blenderCube},${DEMO_MODELS.revitFloor}`,
          },
        },
      },
    });
  });

  it('gives a withheld version a null object id', async () => {
    const withheld = await viewer(`${DEMO_MODELS.building}@${DEMO_VERSIONS.buildingWithheld}`);

    expect(withheld.body).toMatchObject({
      data: {
        project: {
          viewerResourcesExtended: {
            groups: [{ items: [{ versionId: DEMO_VERSIONS.buildingWithheld, objectId: null }] }],
          },
        },
      },
    });
  });

  // The real server's query has no ORDER BY: code that reads this list as newest first must fail.
  it('lists every version of a model when asked, in an order neither by date nor by id', async () => {
    const every = await viewer(LONG_HISTORY_MODEL, LARGE_PROJECT_ID, false);
    const ids = (
      every.body as {
        data: {
          project: { viewerResourcesExtended: { groups: { items: { versionId: string }[] }[] } };
        };
      }
    ).data.project.viewerResourcesExtended.groups[0]!.items.map((item) => item.versionId);
    // The long history's ids grow with its dates.
    const byDate = [...ids].sort();

    expect(new Set(ids).size).toBe(LONG_HISTORY_VERSIONS);
    expect(ids).not.toEqual(byDate);
    expect(ids).not.toEqual([...byDate].reverse());
    expect((await viewer(LONG_HISTORY_MODEL, LARGE_PROJECT_ID, false)).body).toEqual(every.body);
  });

  it("resolves another project's model, as the real server does", async () => {
    const answer = await viewer(DEMO_MODELS.tower, PUBLIC_PROJECT_ID);

    expect(answer.body).toMatchObject({
      data: {
        project: {
          viewerResourcesExtended: {
            groups: [
              { items: [{ modelId: DEMO_MODELS.tower, versionId: DEMO_VERSIONS.tower100000 }] },
            ],
          },
        },
      },
    });
  });

  // The real resolver loads the model by id alone (branches.getById), and its versions by model.
  it("lists another project's model's versions through project.model(id), as the real server does", async () => {
    const answer = await query(
      MODEL_VERSIONS,
      { projectId: PUBLIC_PROJECT_ID, modelId: DEMO_MODELS.tower, limit: 1 },
      DEMO_TOKEN,
    );

    expect(answer.body).toMatchObject({
      data: {
        project: {
          model: {
            id: DEMO_MODELS.tower,
            versions: { totalCount: 2, items: [{ id: DEMO_VERSIONS.tower100000 }] },
          },
        },
      },
    });
  });

  it('refuses only through the project', async () => {
    const answer = await viewer(DEMO_MODELS.tower, PRIVATE_PROJECT_ID);

    expect(answer.body).toMatchObject({
      errors: [{ extensions: { code: 'FORBIDDEN' } }],
      data: null,
    });
  });
});

describe('demo histories', () => {
  it('serves the two versions of the 1,000-object building, about 2% of their objects different', async () => {
    const answer = await viewer(
      `${DEMO_MODELS.building}@${DEMO_VERSIONS.building1000},${DEMO_MODELS.building}`,
    );
    const roots = (
      answer.body as {
        data: {
          project: { viewerResourcesExtended: { groups: { items: { objectId: string }[] }[] } };
        };
      }
    ).data.project.viewerResourcesExtended.groups.map((group) => group.items[0]?.objectId);
    const original = generateBuilding({ seed: 'public-1000', size: 1000 });
    const changed = generateBuilding({ seed: 'public-1000', size: 1000, variant: 'v2' });
    const differing = [...changed.objects.keys()].filter((id) => !original.objects.has(id));

    expect(new Set(roots)).toEqual(new Set([original.rootId, changed.rootId]));
    expect(differing.length).toBeGreaterThanOrEqual(10);
    expect(differing.length).toBeLessThanOrEqual(30);
    const res = await fetch(`${server.url}/objects/${PUBLIC_PROJECT_ID}/${changed.rootId}/single`);
    expect(res.status).toBe(200);
  });
});

describe('the large demo project', () => {
  interface Page {
    cursor: string | null;
    items: { id: string }[];
  }
  interface Data {
    project: { models: Page; model: { versions: Page } };
  }

  async function pageAll(text: string, variables: object, pageOf: (data: Data) => Page) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const answer = await query(text, { ...variables, limit: 100, cursor });
      const page = pageOf((answer.body as { data: Data }).data);
      if (page.items.length === 0) return ids;
      ids.push(...page.items.map((item) => item.id));
      cursor = page.cursor;
    }
  }

  it('pages 1,000 models and a model with 1,000 versions by cursor, each exactly once', async () => {
    const models = await pageAll(
      PROJECT_MODELS,
      { projectId: LARGE_PROJECT_ID },
      (data) => data.project.models,
    );
    const versions = await pageAll(
      MODEL_VERSIONS,
      { projectId: LARGE_PROJECT_ID, modelId: LONG_HISTORY_MODEL },
      (data) => data.project.model.versions,
    );

    expect(new Set(models).size).toBe(LARGE_PROJECT_MODELS + 1);
    expect(models).toHaveLength(LARGE_PROJECT_MODELS + 1);
    expect(models[0]).toBe(LONG_HISTORY_MODEL);
    expect(versions).toHaveLength(LONG_HISTORY_VERSIONS);
    expect(new Set(versions).size).toBe(LONG_HISTORY_VERSIONS);
  });
});

describe('demo links', () => {
  const OUTCOMES: Record<string, string> = {
    'A model (its newest version)': 'roots',
    'A version of a model': 'roots',
    'Several models': 'roots',
    'An object in the viewer': 'roots',
    'All models': 'roots',
    'A folder of models': 'roots',
    'A version beyond the history limit': 'withheld',
    'A v3 model (proxies, instances)': 'roots',
    'A v3 model with every model doctor fault': 'roots',
    'A project': 'project',
    "A model's versions": 'model-versions',
    'A model of the private project': 'roots',
    'Legacy stream': 'project',
    'Legacy commit': 'roots',
    'Legacy branch in a folder': 'model-versions',
    'Legacy object': 'roots',
    'Embedded commit': 'roots',
    'Embedded object': 'roots',
    'Embedded branch': 'model',
    'Embedded stream (its newest version)': 'roots',
  };

  it('lists a link of every form in demo.json', async () => {
    const manifest = (await (await fetch(`${server.url}/demo.json`)).json()) as { links: unknown };

    expect(manifest.links).toEqual(DEMO_LINKS);
    expect(DEMO_LINKS.map((link) => link.label)).toEqual(Object.keys(OUTCOMES));
  });

  it.each(DEMO_LINKS.map((link) => [link.label, link.path]))(
    '%s resolves through the demo GraphQL',
    async (label, path) => {
      const link = parseSpeckleLink(`${server.url}${path}`);
      if (!link) throw new Error(`${path} is not read as a link`);

      const outcome = await resolveSpeckleLink(
        { access: { base: server.url, token: DEMO_TOKEN }, answered: new Set() },
        link,
      );

      expect(link.base).toBe(server.url);
      expect(outcome.kind).toBe(OUTCOMES[label]);
      if (outcome.kind === 'roots') expect(outcome.unmatched).toEqual([]);
    },
  );
});
