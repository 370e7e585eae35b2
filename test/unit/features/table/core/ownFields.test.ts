import { describe, expect, it } from 'vitest';
import { OwnFields } from '../../../../../src/features/table/core/ownFields';

/** Text enough that the object is scanned rather than parsed whole. */
const padding = 'x'.repeat(40_000);

describe('an object read as far as the columns need', () => {
  const fields = new OwnFields(['height', 'parameters', 'displayValue'], ['units']);

  it('parses only the members the columns start with, @ forms included', () => {
    const json = JSON.stringify({
      id: 'x',
      data: [1, 2, 3],
      padding,
      units: 'm',
      height: 3,
      '@displayValue': [{ referencedId: 'm' }],
      'we\\ird': { '"': '}' },
      parameters: { WIDTH: { name: 'Width', value: 1, units: 'm' } },
    });
    expect(fields.read(json)).toEqual({
      units: 'm',
      height: 3,
      '@displayValue': [{ referencedId: 'm' }],
      parameters: { WIDTH: { name: 'Width', value: 1, units: 'm' } },
    });
  });

  it('reads the whole object when a column’s name may be a parameter’s among its members', () => {
    const object = { id: 'x', padding, HEIGHT: { name: 'height', value: 3, units: 'm' } };
    expect(fields.read(JSON.stringify(object))).toEqual(object);
  });

  it('finds a key written with escapes, and reads values beyond ASCII', () => {
    const json = `{"h\\u0065ight": "3 ½ m", "units": "ميليمتر", "niveau": "Étage 2", "p": "${padding}"}`;
    expect(fields.read(json)).toEqual({ height: '3 ½ m', units: 'ميليمتر' });
  });

  it('parses a small object whole', () => {
    const object = { id: 'x', data: [1], height: 3 };
    expect(fields.read(JSON.stringify(object))).toEqual(object);
  });

  it('has nothing for a text that is not an object, or whose members read are not JSON', () => {
    expect(fields.read('[1, 2]')).toBeUndefined();
    expect(fields.read('{"height": 3,')).toBeUndefined();
    expect(fields.read(`{"p": "${padding}", "height": tru}`)).toBeUndefined();
  });
});
