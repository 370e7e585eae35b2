/** What a check of a model finds: its findings, rule by rule, and what it found healthy. */
import type { Path } from '../../../speckle/paths';
import { RULE_IDS, RULES, type RuleId } from './rules';

/** One object a finding concerns: the id to open, and what about it. */
export interface FindingItem {
  /** A received object's id; an object listed but never received for `closure-not-received`. */
  id: string;
  note: string;
  /** Where in that object the fault is, when not the object as a whole: a proxy inline in the root. */
  path?: Path;
}

export interface Finding {
  rule: RuleId;
  title: string;
  /** What a user sees of it in Speckle's viewer. */
  explanation: string;
  count: number;
  /** Every occurrence, in the order found. */
  items: FindingItem[];
}

export type ProxyKind = 'material' | 'colour' | 'level' | 'group' | 'definition';

export interface ProxyHealth {
  kind: ProxyKind;
  /** The root's key the proxies are listed under. */
  key: string;
  proxies: number;
  /** applicationIds the proxies name, and how many of them an object has. */
  targets: number;
  resolved: number;
}

interface HealthyCounts {
  /** Objects read (each received object once). */
  objects: number;
  references: { total: number; resolved: number };
  proxies: ProxyHealth[];
  instances: { total: number; resolved: number };
  definitions: { total: number; used: number };
  /** Meshes whose arrays all arrived, so that their vertices and faces were checked. */
  meshes: { total: number; checked: number };
  /**
   * Objects below the root whose totalChildrenCount is 0 though their __closure lists children:
   * how connectors write them, and read by nothing (see the rule children-count-mismatch).
   */
  uncountedChildren: number;
}

export interface DoctorReport {
  rootId: string | null;
  /** Findings of the rules that found something, in the rules' order. */
  findings: Finding[];
  healthy: HealthyCounts;
}

/** Collects the occurrences of each rule as the families of rules report them. */
export class FindingList {
  private readonly byRule = new Map<RuleId, FindingItem[]>();

  add(rule: RuleId, id: string, note: string, path?: Path): void {
    const item: FindingItem = path ? { id, note, path } : { id, note };
    const items = this.byRule.get(rule);
    if (items) items.push(item);
    else this.byRule.set(rule, [item]);
  }

  findings(): Finding[] {
    return RULE_IDS.flatMap((rule) => {
      const items = this.byRule.get(rule);
      if (!items) return [];
      const { title, explanation } = RULES[rule];
      return [{ rule, title, explanation, count: items.length, items }];
    });
  }
}
