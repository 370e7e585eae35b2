import { describe, expect, it } from 'vitest';
import { matchSteps, matchVersions } from '../../../../../src/features/compare/core/matchVersions';
import { detach, ref, side } from '../../../support/compareModels';

describe('matching in steps', () => {
  it('yields between the changed objects it reads, and matches as in one go', () => {
    const version = (height: number) => {
      const walls = Array.from({ length: 100 }, (_, index) =>
        detach({ speckle_type: 'Wall', applicationId: `w${index}`, height }),
      );
      return side([...walls, detach({ speckle_type: 'Base', elements: walls.map(ref) })]);
    };
    const from = version(3);
    const to = version(4);
    const steps = matchSteps(from, to);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    // 101 changed objects on each side, read 20 between yields.
    expect(yields).toBeGreaterThanOrEqual(10);
    expect(step.value).toEqual(matchVersions(from, to));
    expect(step.value.pairs).toHaveLength(101);
  });
});
