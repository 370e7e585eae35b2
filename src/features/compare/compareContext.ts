import type { ComparedSide } from './core/comparedSide';

export type Side = 'from' | 'to';

/** What the two sides are, and how to open one of their objects in the existing tree. */
export interface CompareContext {
  host: string;
  from: ComparedSide;
  to: ComparedSide;
  treeHref(side: Side, id: string): string;
}
