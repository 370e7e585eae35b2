import { describe, expect, it } from 'vitest';
import {
  openDoctorChannel,
  type DoctorAnswer,
} from '../../../../../src/features/doctor/worker/doctorChannel';
import type { ObjectSet } from '../../../../../src/objects/set/objectSet';
import { loadedSet, spilledSet } from '../../../support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const child = (n: number, fields = '') => ({
  id: id(n),
  raw: `{"id":"${id(n)}","speckle_type":"Base","name":"ünïcode ${n}"${fields}}`,
});
const root = (children: number[]) => ({
  id: id(0),
  raw: `{"id":"${id(0)}","speckle_type":"Speckle.Core.Models.Collection","elements":[${children
    .map((n) => `{"referencedId":"${id(n)}","speckle_type":"reference"}`)
    .join(',')}],"__closure":{${children.map((n) => `"${id(n)}":1`).join(',')}}}`,
});
const records = [root([1, 2, 3]), child(1), child(2, ',"displayValue":[]'), child(3)];

/** Every answer of a check of the set on the page (no Worker here), up to its report. */
function answersOf(set: ObjectSet): Promise<DoctorAnswer[]> {
  return new Promise((resolve) => {
    const answers: DoctorAnswer[] = [];
    const channel = openDoctorChannel(set, (answer) => {
      answers.push(answer);
      if (answer.type !== 'progress') {
        channel.close();
        resolve(answers);
      }
    });
    channel.start(id(0));
  });
}

describe('the model doctor’s channel, where there is no Worker', () => {
  it.each([
    ['in the page', () => loadedSet(records)],
    ['spilled to a store', () => spilledSet(records)],
  ])('checks every object of a set %s', async (_, makeSet) => {
    const answers = await answersOf(makeSet());
    expect(answers.at(-2)).toEqual({ type: 'progress', checked: 4, total: 4 });
    const report = answers.at(-1);
    if (report?.type !== 'report') throw new Error('no report');
    expect(report.report.healthy.objects).toBe(4);
    expect(
      report.report.findings.map(({ rule, items }) => [rule, items.map(({ id }) => id)]),
    ).toEqual([['display-value-empty', [id(2)]]]);
  });
});
