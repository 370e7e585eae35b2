// What the demo server holds: its tokens, two projects and their models. Objects are generated
// or loaded on first need, one model at a time, because the 100k model takes seconds to build.
import { generateBuilding } from './generate.ts';
import { loadRealFixtures, type RealFixtures } from './fixtures.ts';
import { serializeJsonb, type JsonObject } from './jsonb.ts';
import type { StreamRecord } from './streamObjects.ts';
import { generateLargeMesh } from './largeObject.ts';
import { closureKeys, spilledAnswer, type ObjectAnswer } from './objectAnswers.ts';
import { outsideReferenceModel } from './outsideReference.ts';
import { SpilledModel } from './spilledModel.ts';
import { v3Model } from './v3Model.ts';

/** Reads both projects (42 characters, like real Speckle tokens). */
export const DEMO_TOKEN = 'c0c5787358fe71f57487624bdbe95abcebc844eeb2';
/** A valid token with no role on the private project. */
export const PUBLIC_ONLY_TOKEN = '32ed364e7f336df4f50b5e78906d2f7a67c10bb674';
/**
 * A valid token with `profile:read` only: GraphQL refuses it every project, public ones too, while
 * the object endpoints read public projects with it, as a real server does (history.ts has its
 * scopes).
 */
export const PROFILE_ONLY_TOKEN = '5ca1ab1e0ddba11f00d5ca1ab1e0ddba11f00d5ca1';
export const PUBLIC_PROJECT_ID = 'a7b649a290';
export const PRIVATE_PROJECT_ID = '973e8bcb7d';
/** A project with 1,000 models and a model with 1,000 versions, for paging (history.ts). */
export const LARGE_PROJECT_ID = '1a7e9e0001';
/** A project written by Speckle's v3 connectors (demo/v3Model.ts), healthy and faulty. */
export const V3_PROJECT_ID = '3a0d0c0000';
export const DEMO_PATH_PREFIX = '/demo-server';

export type Visibility = 'public' | 'private';

export interface ManifestObject {
  id: string;
  label: string;
  speckleType: string;
  /** How many objects the with-children endpoint returns for it (root included). */
  objectCount: number;
  /**
   * About how long the server takes to build the model the first time it is asked for, when that
   * is long enough to say so: a request waits for it with no answer at all.
   */
  prepareSeconds?: number;
}

export interface ManifestProject {
  id: string;
  name: string;
  visibility: Visibility;
  objects: ManifestObject[];
}

export interface DemoManifest {
  name: string;
  token: string;
  publicOnlyToken: string;
  projects: ManifestProject[];
}

interface LoadedModel {
  objects: ReadonlyMap<string, JsonObject>;
  storedChildrenCounts: ReadonlyMap<string, number | null>;
}

interface ModelSource {
  /** Root ids known without loading, so a request for a root loads only its model. */
  rootIds: readonly string[];
  /**
   * True when the model need not be loaded to look for other objects: it holds nothing but its
   * roots, or its own objects are reached only through its root, which loads it.
   */
  rootsOnly?: boolean;
  entries(): ManifestObject[];
  load(): LoadedModel;
}

/**
 * Root ids of the generated models. Generation is deterministic, so the manifest can list them
 * without building the 100k model (seconds of work); each model is generated on its first
 * request and checked against its pin. After changing the generator, run the demo tests: they
 * print the new ids to paste here.
 */
export const GENERATED_ROOT_IDS: Readonly<Record<string, string>> = {
  'public-10': 'c26e20c2f75204abdcf619c54a46d3ce',
  'public-100': '3ba5a5627db5a67749fdbadd8f614398',
  'public-1000': '0eb2b48e66f3c3c70435530bd69d48ba',
  'public-10000': 'f799b1f5fa7c8c4fb0d0dfc9f6aa3696',
  'private-1000': 'cf5f24366678717a7df86c8242be93f2',
  'private-100000': 'f39135583d3daddeec3b0e2f2cde4d68',
  'private-1000000': 'b8865186bce115514b5c298aad2b18c8',
  'public-1000/v2': '430d79a8015843cc597bba8ebc436d96',
  'private-100000/v2': '3e6df56c148824eb247dca430fd674b5',
};

/**
 * How fast a model is generated, near enough: the 100k model took 5-18 s on a developer's machine
 * (issue 28) and 19 s on a shared one under load; the 10k one 1-4.5 s.
 */
const OBJECTS_BUILT_PER_SECOND = 10_000;

/** The same for a model kept on disk (generated, written, sorted): 1M took 191 s of CPU. */
const OBJECTS_SPILLED_PER_SECOND = 5_000;

function generatedEntry(seed: string, size: number, prepareSeconds: number | null) {
  return {
    id: GENERATED_ROOT_IDS[seed] ?? '',
    // Seeds name their project, and labels say it too: links must have distinct names.
    label: `Generated building, ${size.toLocaleString('en-US')} objects${seed.startsWith('private') ? ', private' : ''}`,
    speckleType: 'Speckle.Core.Models.Collection',
    objectCount: size,
    ...(prepareSeconds ? { prepareSeconds } : {}),
  };
}

function generatedModel(seed: string, size: number): ModelSource {
  const rootId = GENERATED_ROOT_IDS[seed] ?? '';
  const prepareSeconds = size >= 10_000 ? Math.ceil(size / OBJECTS_BUILT_PER_SECOND) : null;
  return {
    rootIds: [rootId],
    entries: () => [generatedEntry(seed, size, prepareSeconds)],
    load: () => {
      const model = generateBuilding({ seed, size });
      if (model.rootId !== rootId) {
        throw new Error(
          `Demo model ${seed} now has root id ${model.rootId}; update GENERATED_ROOT_IDS in demo/catalog.ts`,
        );
      }
      return { objects: model.objects, storedChildrenCounts: new Map() };
    },
  };
}

/**
 * A later version of a generated building with about 2% of its objects changed, for comparing
 * versions. Not listed among the demo objects: the 1,000-object one is reached through the model
 * histories (history.ts), the 100,000-object one by its root id (`npm run bench` compares it).
 */
function generatedVariant(seed: string, size: number, variant: string): ModelSource {
  const key = `${seed}/${variant}`;
  const rootId = GENERATED_ROOT_IDS[key] ?? '';
  return {
    rootIds: [rootId],
    // Nearly all of its objects are the original's; looking for an unknown id need not build it.
    rootsOnly: true,
    entries: () => [],
    load: () => {
      const model = generateBuilding({ seed, size, variant });
      if (model.rootId !== rootId) {
        throw new Error(
          `Demo model ${key} now has root id ${model.rootId}; update GENERATED_ROOT_IDS in demo/catalog.ts`,
        );
      }
      return { objects: model.objects, storedChildrenCounts: new Map() };
    },
  };
}

/** The id of the ~20 MB mesh of demo/largeObject.ts, pinned like GENERATED_ROOT_IDS. */
export const LARGE_OBJECT_ID = '4400b9ec90bc928ff74a14a6443ba820';

function largeObjectModel(): ModelSource {
  return {
    rootIds: [LARGE_OBJECT_ID],
    rootsOnly: true,
    entries: () => [
      {
        id: LARGE_OBJECT_ID,
        label: 'Large single object, 20 MB',
        speckleType: 'Objects.Geometry.Mesh',
        objectCount: 1,
      },
    ],
    load: () => {
      const mesh = generateLargeMesh();
      if (mesh.id !== LARGE_OBJECT_ID) {
        throw new Error(
          `The large demo object now has id ${String(mesh.id)}; update LARGE_OBJECT_ID in demo/catalog.ts`,
        );
      }
      return { objects: new Map([[LARGE_OBJECT_ID, mesh]]), storedChildrenCounts: new Map() };
    },
  };
}

/** The real Revit floor's root (test/fixtures/speckle-real/revit-floor.objects.json). */
const REVIT_FLOOR_ID = '551513ff4f3596024547fc818f1f3f70';
/** The root of demo/outsideReference.ts, pinned like GENERATED_ROOT_IDS. */
export const OUTSIDE_REFERENCE_ROOT_ID = '3f114f5b548482e55790062fad96b589';

function outsideReferenceSource(): ModelSource {
  return {
    rootIds: [OUTSIDE_REFERENCE_ROOT_ID],
    entries: () => [
      {
        id: OUTSIDE_REFERENCE_ROOT_ID,
        label: 'Collection referring to the Revit floor outside its closure',
        speckleType: 'Speckle.Core.Models.Collection',
        objectCount: 2,
      },
    ],
    load: () => {
      const { root, objects } = outsideReferenceModel(REVIT_FLOOR_ID);
      if (root.id !== OUTSIDE_REFERENCE_ROOT_ID) {
        throw new Error(
          `The outside-reference collection now has id ${String(root.id)}; update OUTSIDE_REFERENCE_ROOT_ID in demo/catalog.ts`,
        );
      }
      return {
        objects: new Map(objects.map((object) => [String(object.id), object])),
        storedChildrenCounts: new Map(),
      };
    },
  };
}

/** Roots of the v3 office of demo/v3Model.ts, pinned like GENERATED_ROOT_IDS. */
export const V3_ROOT_IDS = {
  healthy: '665fa7aaf5e6cf8a16786de67e98080a',
  faulty: '4b12c4253dbd69dc6fd55cc97564e667',
} as const;

function v3Source(variant: keyof typeof V3_ROOT_IDS, label: string): ModelSource {
  const rootId = V3_ROOT_IDS[variant];
  return {
    rootIds: [rootId],
    rootsOnly: true,
    entries: () => [
      {
        id: rootId,
        label,
        speckleType: 'Speckle.Core.Models.Collection',
        objectCount: v3Model(variant === 'faulty').objects.size,
      },
    ],
    load: () => {
      const model = v3Model(variant === 'faulty');
      if (model.rootId !== rootId) {
        throw new Error(
          `The ${variant} v3 model now has root id ${model.rootId}; update V3_ROOT_IDS in demo/catalog.ts`,
        );
      }
      return { objects: model.objects, storedChildrenCounts: new Map() };
    },
  };
}

/** A model the project serves without listing it among the demo objects. */
function unlisted(source: ModelSource): ModelSource {
  return { ...source, entries: () => [] };
}

function realDataModel(): ModelSource {
  let fixtures: RealFixtures | undefined;
  const loadFixtures = () => {
    fixtures ??= loadRealFixtures();
    return fixtures;
  };
  return {
    rootIds: [],
    entries: () => {
      const { objects, roots } = loadFixtures();
      return roots.map(({ id, label }) => {
        const root = objects.get(id) as JsonObject;
        const present = closureKeys(root).filter((child) => objects.has(child)).length;
        return { id, label, speckleType: String(root.speckle_type), objectCount: 1 + present };
      });
    },
    load: () => {
      const { objects, roots } = loadFixtures();
      const counts = new Map(roots.map((root) => [root.id, root.storedChildrenCount]));
      return { objects, storedChildrenCounts: counts };
    },
  };
}

/** One project's objects; its models are loaded one at a time, when a request needs them. */
export class DemoProject {
  private readonly loaded = new Map<ModelSource, LoadedModel>();
  private readonly descendantCache = new Map<string, string[]>();

  constructor(
    readonly id: string,
    readonly name: string,
    readonly visibility: Visibility,
    private readonly sources: readonly ModelSource[],
    /** Models too big to hold, kept on disk (spilledModel.ts). */
    private readonly spilled: readonly SpilledModel[] = [],
  ) {}

  private load(source: ModelSource): LoadedModel {
    let model = this.loaded.get(source);
    if (!model) {
      model = source.load();
      this.loaded.set(source, model);
    }
    return model;
  }

  get(id: string): JsonObject | undefined {
    return this.getLoadedOrRoot(id) ?? this.getUnloaded(id);
  }

  /** Whether the project holds the object, without building a model kept on disk. */
  has(id: string): boolean {
    return this.spilled.some((model) => model.rootId === id) || this.get(id) !== undefined;
  }

  private getLoadedOrRoot(id: string): JsonObject | undefined {
    for (const model of this.loaded.values()) {
      const found = model.objects.get(id);
      if (found) return found;
    }
    const owner = this.sources.find((source) => source.rootIds.includes(id));
    return owner ? this.load(owner).objects.get(id) : undefined;
  }

  // Any other id may be a descendant in a model not loaded yet: load them, smallest first.
  private getUnloaded(id: string): JsonObject | undefined {
    for (const source of this.sources) {
      if (this.loaded.has(source) || source.rootsOnly) continue;
      const found = this.load(source).objects.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /** The database's `totalChildrenCount` column for an object: null unless recorded otherwise. */
  storedChildrenCount(id: string): number | null {
    for (const model of this.loaded.values()) {
      const count = model.storedChildrenCounts.get(id);
      if (count !== undefined) return count;
    }
    return null;
  }

  /** Ids of the object's closure members that the project holds, ascending, as the server sends. */
  descendants(object: JsonObject): string[] {
    const id = String(object.id);
    const cached = this.descendantCache.get(id);
    if (cached) return cached;
    const present = closureKeys(object)
      .filter((child) => this.get(child) !== undefined)
      .sort();
    this.descendantCache.set(id, present);
    return present;
  }

  /**
   * What the object endpoints send for the object. A model kept on disk is asked before the
   * unloaded models are built, so that reading one of its objects does not build those.
   */
  async answer(id: string): Promise<ObjectAnswer | undefined> {
    const spilledRoot = this.spilled.find((model) => model.rootId === id);
    if (spilledRoot) return spilledAnswer(spilledRoot, id);
    const known = this.getLoadedOrRoot(id);
    if (known) return this.memoryAnswer(known);
    for (const model of this.spilled) {
      const answer = await spilledAnswer(model, id);
      if (answer) return answer;
    }
    const found = this.getUnloaded(id);
    return found && this.memoryAnswer(found);
  }

  private memoryAnswer(object: JsonObject): ObjectAnswer {
    const id = String(object.id);
    // The server overwrites the count on the requested object from its own column.
    const root = { ...object, totalChildrenCount: this.storedChildrenCount(id) };
    const text = serializeJsonb(root, false);
    return { id, text, records: () => this.memoryRecords({ id, text }, object) };
  }

  // Only a with-children request looks for the closure's members: that may build other models.
  private *memoryRecords(root: StreamRecord, object: JsonObject): Generator<StreamRecord> {
    yield root;
    for (const child of this.descendants(object)) {
      const stored = this.get(child);
      if (stored) yield { id: child, text: serializeJsonb(stored, true) };
    }
  }

  manifest(): ManifestProject {
    const spilled = this.spilled.map((model) => {
      const { seed, size } = model.options;
      const seconds = model.isPrepared() ? null : Math.ceil(size / OBJECTS_SPILLED_PER_SECOND);
      return generatedEntry(seed, size, seconds);
    });
    const objects = [...this.sources.flatMap((source) => source.entries()), ...spilled];
    return { id: this.id, name: this.name, visibility: this.visibility, objects };
  }
}

export interface DemoCatalog {
  projects: DemoProject[];
  /** Projects each known token can read beyond the public ones. */
  tokens: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Too big to hold: built into files on its first request, served from them. */
const MILLION = { seed: 'private-1000000', size: 1_000_000 };

/** A fresh catalogue: the real data and generated buildings, nothing loaded yet. */
export function createCatalog(): DemoCatalog {
  const projects = [
    new DemoProject(PUBLIC_PROJECT_ID, 'Demo public project', 'public', [
      realDataModel(),
      outsideReferenceSource(),
      generatedModel('public-10', 10),
      generatedModel('public-100', 100),
      generatedModel('public-1000', 1_000),
      generatedModel('public-10000', 10_000),
      largeObjectModel(),
      generatedVariant('public-1000', 1_000, 'v2'),
    ]),
    new DemoProject(
      PRIVATE_PROJECT_ID,
      'Demo private project',
      'private',
      [
        generatedModel('private-1000', 1_000),
        generatedModel('private-100000', 100_000),
        generatedVariant('private-100000', 100_000, 'v2'),
      ],
      [new SpilledModel(MILLION, GENERATED_ROOT_IDS[MILLION.seed] ?? '')],
    ),
    new DemoProject(V3_PROJECT_ID, 'Demo v3 project', 'public', [
      v3Source('healthy', 'Speckle v3 office (proxies, instances), healthy'),
      v3Source('faulty', 'Speckle v3 office with every model doctor fault planted'),
    ]),
    new DemoProject(LARGE_PROJECT_ID, 'Demo project with 1,000 models', 'public', [
      unlisted(generatedModel('public-10', 10)),
    ]),
  ];
  const tokens = new Map<string, ReadonlySet<string>>([
    [DEMO_TOKEN, new Set([PRIVATE_PROJECT_ID])],
    [PUBLIC_ONLY_TOKEN, new Set()],
    // Without streams:read a role would not help: a private project answers 401 all the same.
    [PROFILE_ONLY_TOKEN, new Set()],
  ]);
  return { projects, tokens };
}

export function buildManifest(catalog: DemoCatalog): DemoManifest {
  return {
    name: 'Demo server',
    token: DEMO_TOKEN,
    publicOnlyToken: PUBLIC_ONLY_TOKEN,
    projects: catalog.projects.map((project) => project.manifest()),
  };
}
