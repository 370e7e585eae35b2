import { describe, expect, it } from 'vitest';
import { OwnFields } from '../../../../../src/features/table/core/ownFields';

describe('an object read as far as the columns need', () => {
  const fields = new OwnFields(['height', 'parameters', 'displayValue'], ['units']);

  it('parses only the members the columns start with, @ forms included', () => {
    const json = JSON.stringify({
      id: 'x',
      data: [1, 2, 3],
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
    const object = { id: 'x', HEIGHT: { name: 'height', value: 3, units: 'm' } };
    expect(fields.read(JSON.stringify(object))).toEqual(object);
  });

  it('has nothing for a text that is not an object, or whose members read are not JSON', () => {
    expect(fields.read('[1, 2]')).toBeUndefined();
    expect(fields.read('{"height": 3,')).toBeUndefined();
    expect(fields.read('{"height": tru}')).toBeUndefined();
  });
});
