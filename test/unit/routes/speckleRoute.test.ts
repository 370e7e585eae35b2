import { describe, expect, it } from 'vitest';
import {
  readLinkMode,
  rootRoutePath,
  speckleRoutePath,
  viewerRouteFields,
} from '../../../src/routes/speckleRoute';
import { parseSpeckleProjectLink } from '../../../src/speckle/links/speckleLink';

const OBJECT = '0123456789abcdef0123456789abcdef';

describe('viewer routes of one root', () => {
  it("names a version's root by model@version, an object's by its id", () => {
    const version = { modelId: 'aaaaaaaaaa', versionId: 'bbbbbbbbbb', objectId: OBJECT };
    expect(rootRoutePath('cccccccccc', version, null, 'children')).toBe(
      '/projects/cccccccccc/models/aaaaaaaaaa@bbbbbbbbbb',
    );
    const object = { modelId: null, versionId: null, objectId: OBJECT };
    expect(rootRoutePath('cccccccccc', object, 'https://s.example/x', 'single')).toBe(
      `/projects/cccccccccc/models/${OBJECT}?server=https%3A%2F%2Fs.example%2Fx&mode=single`,
    );
  });

  it('reads the mode: children unless single, and none for anything else', () => {
    expect(readLinkMode('')).toBe('children');
    expect(readLinkMode('?mode=children')).toBe('children');
    expect(readLinkMode('?server=x&mode=single')).toBe('single');
    expect(readLinkMode('?mode=Single')).toBeNull();
  });

  it("fills the form with a viewer route's project and resources, not a legacy route's", () => {
    expect(viewerRouteFields('/projects/cccccccccc/models/aaaaaaaaaa@bbbbbbbbbb', '')).toEqual({
      projectId: 'cccccccccc',
      objectId: 'aaaaaaaaaa@bbbbbbbbbb',
    });
    expect(viewerRouteFields(`/streams/cccccccccc/objects/${OBJECT}`, '')).toBeNull();
    expect(viewerRouteFields('/projects/cccccccccc', '')).toBeNull();
  });
});

describe('routes of links that name a model by name', () => {
  // Each keeps its web app form, so that it is read back as the same target.
  it.each([
    ['a legacy branch, on its versions', '/streams/cccccccccc/branches/a%20b%2Fc', 'versions'],
    ['an embedded branch, in the viewer', '/embed?stream=cccccccccc&branch=a%20b%2Fc', 'viewer'],
  ] as const)('writes %s as the web app does', (_, path, opens) => {
    const target = { kind: 'model-name', name: 'a b/c', opens } as const;

    expect(speckleRoutePath('cccccccccc', target, null)).toBe(path);
    expect(parseSpeckleProjectLink(path)?.target).toEqual(target);
  });
});
