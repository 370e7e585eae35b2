import { describe, expect, it } from 'vitest';
import { compareRoutePath, parseCompareRoute } from '../../src/shared/compareRoute';

describe('compare route', () => {
  it('round-trips both roots, the server and another project', () => {
    const route = {
      projectId: 'p1',
      fromId: 'a'.repeat(32),
      toId: 'b'.repeat(32),
      toProjectId: 'p2',
      server: 'https://app.speckle.systems',
    };
    const path = compareRoutePath(route);
    expect(path).toBe(
      `/compare/p1/${route.fromId}/${route.toId}?server=https%3A%2F%2Fapp.speckle.systems&toProject=p2`,
    );
    const [pathname, search] = path.split('?');
    expect(parseCompareRoute(pathname!, `?${search}`)).toEqual(route);
  });

  it('takes the first project for the second root unless told otherwise', () => {
    expect(parseCompareRoute('/compare/p1/a/b', '')).toEqual({
      projectId: 'p1',
      fromId: 'a',
      toId: 'b',
      toProjectId: 'p1',
      server: null,
    });
    expect(parseCompareRoute('/compare/p1/a', '')).toBeNull();
    expect(parseCompareRoute('/objects/p1/a/b', '')).toBeNull();
  });
});
