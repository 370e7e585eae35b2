import { describe, expect, it } from 'vitest';
import { TypeNumbers } from '../../../../src/objects/load/typeNumbers';

const encoder = new TextEncoder();

describe('TypeNumbers', () => {
  it('numbers each name once in order of first sight, whether read as bytes or as a name', () => {
    const numbers = new TypeNumbers();
    const heard: string[] = [];
    const onNew = (name: string) => heard.push(name);
    const text = encoder.encode('"Objects.Geometry.Mesh" "Base" "Façade²" "Objects.Geometry.Mesh"');
    const spanOf = (name: string, from = 0) => {
      const at = text.indexOf(0x22, from) + 1;
      return [at, at + encoder.encode(name).length] as const;
    };
    const [meshFrom, meshTo] = spanOf('Objects.Geometry.Mesh');
    const [baseFrom, baseTo] = spanOf('Base', meshTo + 1);
    const [facadeFrom, facadeTo] = spanOf('Façade²', baseTo + 1);
    const [againFrom, againTo] = spanOf('Objects.Geometry.Mesh', facadeTo + 1);

    expect(numbers.ofBytes(text, meshFrom, meshTo, onNew)).toBe(0);
    expect(numbers.ofName('Base', onNew)).toBe(1);
    expect(numbers.ofBytes(text, baseFrom, baseTo, onNew)).toBe(1);
    expect(numbers.ofBytes(text, facadeFrom, facadeTo, onNew)).toBe(2);
    expect(numbers.ofBytes(text, againFrom, againTo, onNew)).toBe(0);
    expect(numbers.ofName('Façade²', onNew)).toBe(2);
    expect(numbers.ofName('', onNew)).toBe(3);
    expect(heard).toEqual(['Objects.Geometry.Mesh', 'Base', 'Façade²', '']);
  });
});
