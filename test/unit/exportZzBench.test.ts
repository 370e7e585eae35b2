import { it } from 'vitest';
import { reindentJsonParts } from '../../src/export/jsonLayout';
import { jsonValueParts } from '../../src/export/valueParts';
import { readFileSync } from 'node:fs';
it('bench', { timeout: 120000 }, () => {
  const tsv = readFileSync('/work/main/test/fixtures/speckle-real/brep-meshes.store.tsv', 'utf8');
  const raws = tsv.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf('\t') + 1));
  const big = '[' + raws.join(',') + ']';
  const v = JSON.parse(big);
  const min = { a: 1e9, b: 1e9, c: 1e9, d: 1e9 };
  for (let r = 0; r < 10; r++) {
    let t = performance.now(); let n = 0;
    for (const p of reindentJsonParts(big, 2)) n += p.length;
    min.a = Math.min(min.a, performance.now() - t);
    t = performance.now(); JSON.stringify(JSON.parse(big), null, 2); min.b = Math.min(min.b, performance.now() - t);
    t = performance.now(); let m = 0; for (const p of jsonValueParts(v, 0)) m += p.length; min.c = Math.min(min.c, performance.now() - t);
    t = performance.now(); for (const p of reindentJsonParts(big, 0)) m += p.length; min.d = Math.min(min.d, performance.now() - t);
  }
  console.log('MIN reindent2', min.a.toFixed(0), 'parse+stringify', min.b.toFixed(0), 'valueParts', min.c.toFixed(0), 'compact', min.d.toFixed(0));
});
