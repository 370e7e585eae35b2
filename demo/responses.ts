// The small answers of the demo server, byte for byte like the Speckle server (Express) and the
// proxy in front of it. Only the proxy's pages lack the CORS header, as in production.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultStatus } from './faults.ts';

export const CORS = { 'Access-Control-Allow-Origin': '*' } as const;

// Express's default weak ETag: body length in hex and a truncated SHA-1.
function weakEtag(body: Buffer): string {
  const digest = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${digest}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** Like Express's res.send: Content-Length, ETag, and 304 when the client already has it. */
export function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
): void {
  const body = Buffer.from(text, 'utf8');
  const etag = weakEtag(body);
  if (status >= 200 && status < 300 && matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ...CORS, ETag: etag });
    res.end();
    return;
  }
  res.writeHead(status, {
    ...CORS,
    'Content-Type': contentType,
    'Content-Length': String(body.length),
    ETag: etag,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
  sendBody(req, res, status, 'application/json; charset=utf-8', text);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, { ...CORS, 'Content-Length': '0' });
  res.end();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Express's page for a request no route matched. */
export function sendNoRoute(req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const message = `Cannot ${req.method ?? 'GET'} ${escapeHtml(pathname)}`;
  const page =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n' +
    `</head>\n<body>\n<pre>${message}</pre>\n</body>\n</html>\n`;
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  sendBody(req, res, 404, 'text/html; charset=utf-8', page);
}

const GATEWAY_TITLES: Record<number, string> = {
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
};

/** Answers an injected failure as the server, or as the proxy in front of it for 502–504. */
export function sendFaultStatus(req: IncomingMessage, res: ServerResponse, status: FaultStatus) {
  if (status === 429) {
    const waitMs = 1000 - (Date.now() % 1000);
    res.setHeader('Retry-After', String(waitMs / 1000));
    res.setHeader('X-RateLimit-Reset', new Date(Date.now() + waitMs).toISOString());
    const message =
      'You have sent too many requests. You are being rate limited. Please try again later.';
    sendJson(req, res, 429, JSON.stringify({ error: { message, code: 'RATE_LIMIT_ERROR' } }));
    return;
  }
  if (status === 500) {
    const error = { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' };
    sendJson(req, res, 500, JSON.stringify({ error }));
    return;
  }
  const title = GATEWAY_TITLES[status] ?? `${status}`;
  const page =
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  res.writeHead(status, { 'Content-Type': 'text/html', 'Content-Length': String(page.length) });
  res.end(req.method === 'HEAD' ? undefined : page);
}
