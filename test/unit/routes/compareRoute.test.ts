import { describe, expect, it } from 'vitest';
import { compareRoutePath, parseCompareRoute } from '../../../src/routes/compareRoute';

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

  it('keeps each side as given, model@version with its @ as the web app writes it', () => {
    const route = {
      projectId: 'a7b649a290',
      fromId: 'b1d1a90f3e@a01b2c3d43',
      toId: 'a01b2c3d44',
      toProjectId: 'a7b649a290',
      server: null,
    };
    const path = compareRoutePath(route);
    expect(path).toBe('/compare/a7b649a290/b1d1a90f3e@a01b2c3d43/a01b2c3d44');
    expect(parseCompareRoute(path, '')).toEqual(route);
    expect(parseCompareRoute('/compare/a7b649a290/b1d1a90f3e%40a01b2c3d43/a01b2c3d44', '')).toEqual(
      route,
    );
  });
});
