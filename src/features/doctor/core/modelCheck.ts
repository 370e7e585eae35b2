/**
 * The model doctor's check: fed every received object once, in any order, it reads each as it
 * comes, keeps only the few facts the rules need (ids, applicationIds, references, mesh arrays
 * summed up), and reports once all have come. Each family of rules is a module of its own; this
 * one walks the objects for them.
 */
import { closureOf } from '../../../bytes/topLevelFields';
import { isReference } from '../../../speckle/references';
import { DisplayRules } from './display';
import { ApplicationIds } from './identity';
import { InstanceRules, isInstanceType } from './instances';
import { isChunkType, isMeshType, MeshRules } from './meshes';
import { checkProxies, PROXY_KEYS } from './proxies';
import { ReferenceRules } from './references';
import { FindingList, type DoctorReport } from './report';

type Json = Record<string, unknown>;

/** What the rules make of a `speckle_type`. */
type Kind = 'mesh' | 'instance' | 'chunk' | 'proxy' | null;

/** The number of ids in a `__closure`, without a map of them. */
function closureSize(closure: unknown): number {
  return typeof closure === 'object' && closure !== null ? Object.keys(closure).length : 0;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class ModelCheck {
  private readonly findings = new FindingList();
  private readonly references = new ReferenceRules();
  private readonly applicationIds = new ApplicationIds();
  private readonly instances = new InstanceRules();
  private readonly meshes = new MeshRules();
  private readonly display = new DisplayRules();
  /** Proxies stored on their own, in case the root lists them as references. */
  private readonly storedProxies = new Map<string, Json>();
  private root: Json | null = null;
  private objects = 0;

  /** @param rootId the set's root: its `__closure` and proxies are the model's */
  constructor(private readonly rootId: string | null) {}

  /** An object's text as received; one that is not JSON is reported as such. */
  addText(id: string, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!isObject(value)) {
      this.references.receive(id);
      this.objects += 1;
      this.findings.add('object-not-json', id, 'its text is not a JSON object');
      return;
    }
    this.add(id, value);
  }

  /**
   * An object received whose text is too large to read (speckle/textLimit.ts): it counts as
   * received, so that what points at it is not reported missing; its own faults go unchecked.
   */
  addUnread(id: string): void {
    this.references.receive(id);
  }

  add(id: string, object: Json): void {
    this.objects += 1;
    this.references.receive(id);
    const isRoot = id === this.rootId;
    if (isRoot) this.root = object;
    this.display.addCount(id, object.totalChildrenCount, closureSize(object.__closure), isRoot);
    const kind = this.kindOf(object.speckle_type);
    if (kind === 'proxy') this.storedProxies.set(id, object);
    const { applicationId } = object;
    // The empty string too is none: the viewer tests `!applicationId`.
    if (typeof applicationId === 'string' && applicationId !== '') {
      this.applicationIds.add(applicationId, id);
    }
    if (kind === 'chunk' && Array.isArray(object.data)) {
      this.meshes.addChunk(id, object.data);
      this.note(object, id, id);
      return;
    }
    this.walk(object, id, isRoot);
  }

  // A model has a few dozen types and hundreds of thousands of objects: each type is read once.
  private readonly kinds = new Map<string, Kind>();

  private kindOf(type: unknown): Kind {
    if (typeof type !== 'string') return null;
    let kind = this.kinds.get(type);
    if (kind === undefined) {
      kind = isMeshType(type)
        ? 'mesh'
        : isInstanceType(type)
          ? 'instance'
          : isChunkType(type)
            ? 'chunk'
            : type.endsWith('Proxy')
              ? 'proxy'
              : null;
      this.kinds.set(type, kind);
    }
    return kind;
  }

  /** Goes through an object and everything nested in it, without recursion. */
  private walk(object: Json, id: string, isRoot: boolean): void {
    const stack: unknown[] = [object];
    for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) {
          const entry: unknown = value[index];
          if (typeof entry === 'object' && entry !== null) stack.push(entry);
        }
        continue;
      }
      if (!isObject(value)) continue;
      if (isReference(value)) {
        this.references.refer(id, value.referencedId);
        continue;
      }
      this.note(value, value === object ? id : String(value.id ?? id), id);
      for (const key in value) {
        if (key === '__closure') continue;
        const child = value[key];
        // The root's proxies are read by their own rules, not as objects of the model; one stored
        // on its own must still have arrived.
        if (isRoot && value === object && PROXY_KEYS.has(key)) {
          if (Array.isArray(child)) {
            for (const entry of child as unknown[]) {
              if (isReference(entry)) this.references.refer(id, entry.referencedId);
            }
          }
          continue;
        }
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }

  /** What the rules need of one object, stored or nested. */
  private note(value: Json, ownId: string, holder: string): void {
    if (typeof value.speckle_type !== 'string') return;
    const kind = this.kindOf(value.speckle_type);
    if (kind === 'mesh') this.meshes.addMesh(value, ownId, holder);
    else if (kind === 'instance') this.instances.add(value, holder);
    const display = value.displayValue ?? value['@displayValue'];
    if (display !== undefined && display !== null) this.display.addDisplay(display, holder);
  }

  report(): DoctorReport {
    const { findings, rootId, root } = this;
    const closure = root ? closureOf(root) : new Map<string, number>();
    const references = this.references.report(findings, rootId, closure);
    const proxies =
      rootId !== null && root
        ? checkProxies(
            rootId,
            root,
            (id) => this.storedProxies.get(id),
            this.applicationIds,
            findings,
          )
        : { health: [], definitions: [] };
    const placed = this.instances.report(findings, proxies.definitions);
    this.applicationIds.report(findings);
    const meshes = this.meshes.report(findings);
    const uncountedChildren = this.display.report(findings, (id) => this.references.has(id));
    return {
      rootId,
      findings: findings.findings(),
      healthy: {
        objects: this.objects,
        references,
        proxies: proxies.health,
        ...placed,
        meshes,
        uncountedChildren,
      },
    };
  }
}
