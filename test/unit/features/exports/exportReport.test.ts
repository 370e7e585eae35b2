import { describe, expect, it } from 'vitest';
import { ticketReport, type TicketReportInput } from '../../../../src/features/exports/report';
import { fakeSpeckleToken } from '../../support/fakeToken';

const base: TicketReportInput = {
  base: 'https://app.speckle.systems',
  projectId: '0123456789',
  objectId: '0123456789abcdef0123456789abcdef',
  mode: 'children',
  tokenSent: true,
  outcome: 'complete',
  createdAt: new Date('2025-01-02T03:04:05.678Z'),
};

describe('ticketReport', () => {
  it('states the request, the counts, the bytes, the time and the findings', () => {
    const report = ticketReport({
      ...base,
      httpStatus: 200,
      counts: { received: 99_998, expected: 100_001, duplicates: 12 },
      bytes: 335_123_456,
      elapsedMs: 41_234,
      integrity: ['3 objects named in the closure were not received', 'no dangling references'],
      appVersion: '0.1.0',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    });

    expect(report).toBe(
      [
        'Speckle Object Explorer report',
        'Created: 2025-01-02T03:04:05.678Z',
        'Server: https://app.speckle.systems',
        'Request: GET https://app.speckle.systems/objects/0123456789/0123456789abcdef0123456789abcdef (object with children, Accept: text/plain)',
        'Project: 0123456789',
        'Object: 0123456789abcdef0123456789abcdef',
        'Token: sent (not shown here)',
        'HTTP status: 200',
        'Result: complete',
        'Objects: 99,998 of 100,001 expected (3 missing, 12 repeated copies)',
        'Received: 335 MB (335,123,456 bytes)',
        'Time: 41.23 s',
        'Integrity:',
        '- 3 objects named in the closure were not received',
        '- no dangling references',
        'App: Speckle Object Explorer 0.1.0',
        'Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        '',
      ].join('\n'),
    );
  });

  it('reports a failed single lookup with only what is known', () => {
    const report = ticketReport({
      ...base,
      base: 'https://speckle.example.com/api',
      mode: 'single',
      tokenSent: false,
      httpStatus: 404,
      outcome: 'object not found: "Failed to find object."',
    });

    expect(report).toContain(
      'Request: GET https://speckle.example.com/api/objects/0123456789/0123456789abcdef0123456789abcdef/single (single object)\n',
    );
    expect(report).toContain('Token: none\n');
    expect(report).toContain(
      'HTTP status: 404\nResult: object not found: "Failed to find object."\n',
    );
    expect(report).not.toMatch(/Objects:|Received:|Time:|Integrity:|App:|Browser:/);
  });

  it('keeps the path the server is under, as the demo server has', () => {
    const report = ticketReport({ ...base, base: 'http://localhost:5173/demo-server' });
    expect(report).toContain('Server: http://localhost:5173/demo-server\n');
  });

  it('counts no objects or bytes for a refused request: it sent none', () => {
    const report = ticketReport({
      ...base,
      httpStatus: 404,
      outcome: 'Object 0123456789abcdef0123456789abcdef is not in project 0123456789 (404).',
      counts: { received: 0, expected: null, duplicates: 0 },
      bytes: 0,
      elapsedMs: 100,
    });
    expect(report).toContain(
      'HTTP status: 404\nResult: Object 0123456789abcdef0123456789abcdef is not in project 0123456789 (404).\nTime: 0.10 s\n',
    );
    expect(report).not.toMatch(/Objects:|Received:/);
  });

  it('says when more objects came than the closure names, and when none was expected yet', () => {
    expect(
      ticketReport({ ...base, counts: { received: 12, expected: 10, duplicates: 0 } }),
    ).toContain("Objects: 12 of 10 expected (2 not in the root's closure)\n");
    expect(
      ticketReport({ ...base, counts: { received: 0, expected: null, duplicates: 0 } }),
    ).toContain('Objects: 0 received\n');
  });

  it('never carries a token the server echoed into what it said', () => {
    const token = fakeSpeckleToken('report');
    const report = ticketReport({
      ...base,
      outcome: `server error: "proxy saw Authorization: Bearer ${token}"`,
    });
    expect(report).toContain('Result: server error: "proxy saw Authorization: Bearer [hidden]"');
    expect(report).not.toContain(token);
  });
});
