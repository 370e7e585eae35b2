// Compiles WebAssembly text (`.wat`) when the app is built or tested: importing a `.wat` file gives
// its module's bytes, so the source stays readable and no binary is kept in the repository.
import { readFile } from 'node:fs/promises';
import initWabt from 'wabt';
import type { Plugin } from 'vite';

export function watModulesPlugin(): Plugin {
  let wabt: ReturnType<typeof initWabt> | undefined;
  return {
    name: 'wat-modules',
    async load(id) {
      if (!id.endsWith('.wat')) return null;
      wabt ??= initWabt();
      const module = (await wabt).parseWat(id, await readFile(id, 'utf8'), { simd: true });
      try {
        module.validate();
        const { buffer } = module.toBinary({});
        return `export default new Uint8Array([${buffer.join(',')}]);`;
      } finally {
        module.destroy();
      }
    },
  };
}
