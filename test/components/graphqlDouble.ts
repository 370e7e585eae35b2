/**
 * A test double of a Speckle server's GraphQL API for msw: the demo server's endpoint
 * (demo/graphqlEndpoint.ts, itself tested against shared/speckle-graphql.md in
 * test/demo/graphql.test.ts) answering at `{base}/graphql`, with the demo's projects, models and
 * tokens. Helpers make it answer as a server in trouble, an older server or no GraphQL at all.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createCatalog } from '../../demo/catalog';
import { answerGraphql } from '../../demo/graphqlEndpoint';
import { DEMO_HISTORY } from '../../demo/history';

export const graphqlRequests: Request[] = [];

// Demo objects are generated on first need and never change, so every test shares them.
const data = { catalog: createCatalog(), history: DEMO_HISTORY };

async function answer(request: Request): Promise<Response> {
  graphqlRequests.push(request.clone());
  const url = new URL(request.url);
  const reply = answerGraphql(
    {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.method === 'POST' ? await request.text() : '',
      search: url.search.slice(1),
    },
    data,
  );
  return new HttpResponse(reply.body || null, { status: reply.status, headers: reply.headers });
}

export function graphqlHandlers(base: string): HttpHandler[] {
  return [http.all(`${base}/graphql`, ({ request }) => answer(request))];
}

/** The next GraphQL request gets `status` (429 with the server's body and Retry-After). */
export function graphqlStatus(base: string, status: number, { once = true } = {}): HttpHandler {
  return http.post(
    `${base}/graphql`,
    ({ request }) => {
      graphqlRequests.push(request.clone());
      if (status === 429) {
        const message =
          'You have sent too many requests. You are being rate limited. Please try again later.';
        return HttpResponse.json(
          { error: { message, code: 'RATE_LIMIT_ERROR' } },
          { status, headers: { 'Retry-After': '0.886', 'Access-Control-Allow-Origin': '*' } },
        );
      }
      return new HttpResponse(`<html><body><h1>${status}</h1></body></html>`, {
        status,
        headers: { 'Content-Type': 'text/html' },
      });
    },
    { once },
  );
}

/** A server with the object endpoints only: Express's page for a route it does not have. */
export function noGraphql(base: string): HttpHandler {
  return http.post(`${base}/graphql`, ({ request }) => {
    graphqlRequests.push(request.clone());
    return new HttpResponse(
      '<!DOCTYPE html><html><body><pre>Cannot POST /graphql</pre></body></html>',
      {
        status: 404,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      },
    );
  });
}

/** A Speckle server from before `viewerResourcesExtended`: validation refuses the field. */
export function olderServer(base: string): HttpHandler {
  return http.post(`${base}/graphql`, async ({ request }) => {
    const text = await request.clone().text();
    if (!text.includes('viewerResourcesExtended')) return answer(request);
    graphqlRequests.push(request.clone());
    return HttpResponse.json(
      {
        errors: [
          {
            message: 'Cannot query field "viewerResourcesExtended" on type "Project".',
            locations: [{ line: 3, column: 5 }],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      },
      { status: 400, headers: { 'Access-Control-Allow-Origin': '*' } },
    );
  });
}
