// The model doctor and the explorer's links index read one model's proxies alike: the same
// applicationIds missing, the same proxies refused for their value (speckle-v3.md).
import { describe, expect, it } from 'vitest';
import { ModelCheck } from '../../../../../src/features/doctor/core/modelCheck';
import { ObjectLinksBuilder } from '../../../../../src/speckle/graph/objectLinks';

const ref = (id: string) => ({ referencedId: id, speckle_type: 'reference' });
const materialProxy = (objects: string[], value: unknown) => ({
  objects,
  value,
  speckle_type: 'Objects.Other.RenderMaterialProxy',
});

const wall = {
  id: 'wall',
  applicationId: 'wall-app',
  speckle_type: 'Objects.Data.DataObject',
  // A v2 element's inline level: an object the viewer never reaches inside one with a display.
  level: { id: 'level', applicationId: 'level-app', speckle_type: 'Objects.BuiltElements.Level' },
  displayValue: [],
};
const blank = { id: 'blank', applicationId: '', speckle_type: 'Objects.Data.DataObject' };
const detached = { id: 'detached', ...materialProxy(['wall-app', 'gone-app'], { name: 'Oak' }) };
const model = [
  {
    id: 'root',
    speckle_type: 'Speckle.Core.Models.Collection',
    elements: [ref('wall'), ref('blank')],
    renderMaterialProxies: [
      materialProxy(['wall-app', 'level-app', ''], { name: 'Concrete' }),
      materialProxy(['wall-app'], null),
      materialProxy(['wall-app'], undefined),
      ref('detached'),
    ],
    colorProxies: [{ objects: ['wall-app'], value: 'red' }],
    __closure: { wall: 1, blank: 1, detached: 1 },
  },
  wall,
  blank,
  detached,
];

describe('the doctor and the links index agree on proxies', () => {
  const doctor = new ModelCheck('root');
  const links = new ObjectLinksBuilder();
  const encoder = new TextEncoder();
  for (const object of model) {
    doctor.addText(object.id, JSON.stringify(object));
    links.add(object.id, encoder.encode(JSON.stringify(object)));
  }
  const report = doctor.report();
  const index = links.finish();
  const proxies = [...index.about('root').proxies, ...index.about('detached').proxies];
  const itemsOf = (rule: string) => report.findings.find((f) => f.rule === rule)?.items ?? [];

  it('on the applicationIds no object has', () => {
    const missing = proxies.flatMap(({ named }) =>
      named.filter(({ ids }) => ids.length === 0).map(({ applicationId }) => applicationId),
    );
    expect(missing).toEqual(['level-app', '', 'gone-app']);
    expect(itemsOf('proxy-target-missing').map(({ note }) => note)).toEqual([
      'renderMaterialProxies[0] “Concrete” names level-app, which no object has',
      'renderMaterialProxies[0] “Concrete” names , which no object has',
      'renderMaterialProxies[3] “Oak” names gone-app, which no object has',
    ]);
  });

  it('on the proxies refused for their value, null and missing alike', () => {
    const refused = proxies
      .filter(({ ignored }) => ignored?.includes('value'))
      .map(({ path }) => path.join(''));
    expect(refused).toEqual(['renderMaterialProxies1', 'renderMaterialProxies2', 'colorProxies0']);
    const reported = [...itemsOf('proxy-without-value'), ...itemsOf('color-not-number')];
    expect(reported.map(({ path }) => path?.join(''))).toEqual(refused);
  });
});
