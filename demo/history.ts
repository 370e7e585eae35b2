// The demo server's models, versions, users and token scopes: what its GraphQL API answers about.
// Objects live in catalog.ts; each version here points to a root there. Ids are fixed, so tests
// and demo links can name them.
import { blobPath, FAULTY_V3_FILE } from './blobs.ts';
import {
  DEMO_TOKEN,
  GENERATED_ROOT_IDS,
  LARGE_OBJECT_ID,
  LARGE_PROJECT_ID,
  PRIVATE_PROJECT_ID,
  V3_PROJECT_ID,
  V3_ROOT_IDS,
} from './catalog.ts';
import { PROFILE_ONLY_TOKEN, PUBLIC_ONLY_TOKEN, PUBLIC_PROJECT_ID } from './catalog.ts';

export type Scope = 'streams:read' | 'profile:read';

export interface DemoUser {
  id: string;
  name: string;
  avatar: null;
  /** The user's role on each project that has given one. */
  roles: Readonly<Record<string, string>>;
}

export const ALICE: DemoUser = {
  id: 'abe5f318e3',
  name: 'Alice',
  avatar: null,
  roles: { [PRIVATE_PROJECT_ID]: 'stream:owner', [PUBLIC_PROJECT_ID]: 'stream:contributor' },
};
export const BOB: DemoUser = { id: 'b0b1c2d3e4', name: 'Bob', avatar: null, roles: {} };

export const TOKEN_USERS: ReadonlyMap<string, { user: DemoUser; scopes: readonly Scope[] }> =
  new Map([
    [DEMO_TOKEN, { user: ALICE, scopes: ['streams:read', 'profile:read'] }],
    [PUBLIC_ONLY_TOKEN, { user: BOB, scopes: ['streams:read'] }],
    [PROFILE_ONLY_TOKEN, { user: BOB, scopes: ['profile:read'] }],
  ]);

export interface DemoVersion {
  id: string;
  message: string | null;
  /** Null: withheld, as the server does beyond a plan's history limit. */
  referencedObject: string | null;
  createdAt: string;
  /** As the connector sent it; the server answers known applications as a slug. */
  sourceApplication: string;
  author: DemoUser;
}

export interface DemoModel {
  id: string;
  projectId: string;
  /** Full name, folders included, lower case as the server stores it. */
  name: string;
  createdAt: string;
  /** Oldest first. */
  versions: readonly DemoVersion[];
}

/** Ids the tests and the demo links name. */
export const DEMO_MODELS = {
  building: 'b1d1a90f3e',
  revitFloor: '5f1a7e0c21',
  blenderCube: '5f1a7e0c22',
  revitModelRoot: '5f1a7e0c23',
  largeBuilding: '9e4e7a7e10',
  largeMesh: '9e4e7a7e11',
  drafts: 'd4af750000',
  publicMain: '0a1b2c3d4e',
  privateMain: '0a1b2c3d4f',
  tower: '7e3a1b2c90',
  millionBuilding: '7e3a1b2c91',
  v3Office: '3a0d0c0001',
  v3OfficeFaulty: '3a0d0c0002',
} as const;

export const DEMO_VERSIONS = {
  buildingWithheld: 'a01b2c3d40',
  building10: 'a01b2c3d41',
  building100: 'a01b2c3d42',
  building1000: 'a01b2c3d43',
  building1000Changed: 'a01b2c3d44',
  revitFloor: 'f10a000001',
  blenderCube: 'f10a000002',
  revitModelRoot: 'f10a000003',
  largeBuilding: 'e9a0000001',
  largeMesh: 'e9a0000002',
  tower1000: '70e0000001',
  tower100000: '70e0000002',
  millionBuilding: '70e0000003',
  v3Office: '3a0d0e0001',
  v3OfficeFaulty: '3a0d0e0002',
} as const;

const REVIT_FLOOR_ID = '551513ff4f3596024547fc818f1f3f70';
const BLENDER_CUBE_ID = '1d060c69832c77c34ccc08e7955c132d';
const REVIT_MODEL_ROOT_ID = '7238c0e0bbd1bafbe1a287aa7fc88619';

const at = (day: number, hour: number) =>
  `2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

function version(
  id: string,
  createdAt: string,
  referencedObject: string | null,
  message: string | null,
  sourceApplication = 'Revit',
  author = ALICE,
): DemoVersion {
  return { id, message, referencedObject, createdAt, sourceApplication, author };
}

const V = DEMO_VERSIONS;
const root = (seed: string) => GENERATED_ROOT_IDS[seed] ?? '';

const HAND_WRITTEN_HISTORY: readonly DemoModel[] = [
  {
    id: DEMO_MODELS.building,
    projectId: PUBLIC_PROJECT_ID,
    name: 'building',
    createdAt: at(1, 8),
    versions: [
      version(V.buildingWithheld, at(1, 9), null, 'First sketch'),
      version(V.building10, at(2, 9), root('public-10'), 'Level 1 only', 'Rhino 8'),
      version(V.building100, at(3, 9), root('public-100'), 'Second level and the doors'),
      version(
        V.building1000,
        at(4, 9),
        root('public-1000'),
        'Level 3 — façade ✓ "quoted"\nsecond line: 日本語 & <tags> 🏗️',
      ),
      version(
        V.building1000Changed,
        at(5, 9),
        root('public-1000/v2'),
        'Comments on a few elements',
        'ObjectExplorerTest 0.1',
        BOB,
      ),
    ],
  },
  {
    id: DEMO_MODELS.revitFloor,
    projectId: PUBLIC_PROJECT_ID,
    name: 'real data/revit floor',
    createdAt: at(6, 8),
    versions: [version(V.revitFloor, at(6, 10), REVIT_FLOOR_ID, 'A floor from Revit')],
  },
  {
    id: DEMO_MODELS.blenderCube,
    projectId: PUBLIC_PROJECT_ID,
    name: 'real data/blender cube',
    createdAt: at(6, 9),
    versions: [version(V.blenderCube, at(6, 11), BLENDER_CUBE_ID, 'Default cube', 'Blender')],
  },
  {
    id: DEMO_MODELS.revitModelRoot,
    projectId: PUBLIC_PROJECT_ID,
    name: 'real data/revit model root',
    createdAt: at(6, 10),
    versions: [version(V.revitModelRoot, at(6, 12), REVIT_MODEL_ROOT_ID, null)],
  },
  {
    id: DEMO_MODELS.largeBuilding,
    projectId: PUBLIC_PROJECT_ID,
    name: 'generated/10,000 objects',
    createdAt: at(7, 8),
    versions: [version(V.largeBuilding, at(7, 9), root('public-10000'), 'Ten thousand objects')],
  },
  {
    id: DEMO_MODELS.largeMesh,
    projectId: PUBLIC_PROJECT_ID,
    name: 'generated/20 mb mesh',
    createdAt: at(7, 10),
    versions: [version(V.largeMesh, at(7, 11), LARGE_OBJECT_ID, 'One large mesh')],
  },
  {
    id: DEMO_MODELS.v3Office,
    projectId: V3_PROJECT_ID,
    name: 'v3/office',
    createdAt: at(7, 12),
    versions: [version(V.v3Office, at(7, 13), V3_ROOT_IDS.healthy, 'Office from Rhino 8', 'Rhino')],
  },
  {
    id: DEMO_MODELS.v3OfficeFaulty,
    projectId: V3_PROJECT_ID,
    name: 'v3/office with faults',
    createdAt: at(7, 14),
    versions: [
      version(V.v3OfficeFaulty, at(7, 15), V3_ROOT_IDS.faulty, 'Every fault planted', 'Rhino'),
    ],
  },
  {
    id: DEMO_MODELS.drafts,
    projectId: PUBLIC_PROJECT_ID,
    name: 'drafts',
    createdAt: at(8, 8),
    versions: [],
  },
  // Every project has `main`; while it has no versions the models list leaves it out.
  {
    id: DEMO_MODELS.publicMain,
    projectId: PUBLIC_PROJECT_ID,
    name: 'main',
    createdAt: at(1, 7),
    versions: [],
  },
  {
    id: DEMO_MODELS.privateMain,
    projectId: PRIVATE_PROJECT_ID,
    name: 'main',
    createdAt: at(1, 7),
    versions: [],
  },
  {
    id: DEMO_MODELS.tower,
    projectId: PRIVATE_PROJECT_ID,
    name: 'tower',
    createdAt: at(9, 8),
    versions: [
      version(V.tower1000, at(9, 9), root('private-1000'), 'Podium'),
      version(V.tower100000, at(10, 9), root('private-100000'), 'All 100,000 objects'),
    ],
  },
  // Older than the tower's last version, which stays the project's newest.
  {
    id: DEMO_MODELS.millionBuilding,
    projectId: PRIVATE_PROJECT_ID,
    name: 'generated/1,000,000 objects',
    createdAt: at(9, 10),
    versions: [
      version(V.millionBuilding, at(9, 11), root('private-1000000'), 'One million objects'),
    ],
  },
];

export const LARGE_PROJECT_MODELS = 1_000;
export const LONG_HISTORY_VERSIONS = 1_000;
/** The large project's model with LONG_HISTORY_VERSIONS versions. */
export const LONG_HISTORY_MODEL = '1a7e9e1000';

const hexId = (prefix: string, n: number) =>
  `${prefix}${n.toString(16).padStart(10 - prefix.length, '0')}`;
const minutesAfter = (start: string, minutes: number) =>
  new Date(Date.parse(start) + minutes * 60_000).toISOString();

/**
 * The large project: LARGE_PROJECT_MODELS models in ten folders, each with one version, and a
 * model with LONG_HISTORY_VERSIONS versions; every version shows the 10-object building.
 */
function largeProjectHistory(): DemoModel[] {
  const start = at(11, 8);
  const models = Array.from({ length: LARGE_PROJECT_MODELS }, (_, n): DemoModel => {
    const createdAt = minutesAfter(start, n);
    const name = `zone ${Math.floor(n / 100)}/model ${String(n).padStart(4, '0')}`;
    const message = `Model ${n}, first version`;
    return {
      id: hexId('1a7e9e', n),
      projectId: LARGE_PROJECT_ID,
      name,
      createdAt,
      versions: [version(hexId('1a7ef0', n), createdAt, root('public-10'), message)],
    };
  });
  const versions = Array.from({ length: LONG_HISTORY_VERSIONS }, (_, n) =>
    version(
      hexId('1a7e5e', n),
      minutesAfter(start, LARGE_PROJECT_MODELS + n),
      root('public-10'),
      `Version ${n + 1}`,
    ),
  );
  const longHistory: DemoModel = {
    id: LONG_HISTORY_MODEL,
    projectId: LARGE_PROJECT_ID,
    name: 'long history',
    createdAt: start,
    versions,
  };
  return [...models, longHistory];
}

export const DEMO_HISTORY: readonly DemoModel[] = [
  ...HAND_WRITTEN_HISTORY,
  ...largeProjectHistory(),
];

export interface DemoLink {
  label: string;
  /** From the server's address on: `/projects/…`, `/streams/…`, `/embed?…`. */
  path: string;
  /** A file the project keeps of what the link opens, to download and open (blobs.ts). */
  file?: { label: string; path: string };
}

const PUBLIC = `/projects/${PUBLIC_PROJECT_ID}`;
const STREAM = `/streams/${PUBLIC_PROJECT_ID}`;
const EMBED = `/embed?stream=${PUBLIC_PROJECT_ID}`;
const V3 = `/projects/${V3_PROJECT_ID}`;
const M = DEMO_MODELS;

/** A link of every form Speckle's web apps make, into the demo data. */
export const DEMO_LINKS: readonly DemoLink[] = [
  { label: 'A model (its newest version)', path: `${PUBLIC}/models/${M.building}` },
  { label: 'A version of a model', path: `${PUBLIC}/models/${M.building}@${V.building100}` },
  { label: 'Several models', path: `${PUBLIC}/models/${M.revitFloor},${M.blenderCube}` },
  { label: 'An object in the viewer', path: `${PUBLIC}/models/${REVIT_FLOOR_ID}` },
  { label: 'All models', path: `${PUBLIC}/models/all` },
  { label: 'A folder of models', path: `${PUBLIC}/models/$real%20data` },
  {
    label: 'A version beyond the history limit',
    path: `${PUBLIC}/models/${M.building}@${V.buildingWithheld}`,
  },
  { label: 'A v3 model (proxies, instances)', path: `${V3}/models/${M.v3Office}` },
  {
    label: 'A v3 model with every model doctor fault',
    path: `${V3}/models/${M.v3OfficeFaulty}`,
    file: {
      label: 'Faulty v3 model as a file (download, then open it)',
      path: blobPath(FAULTY_V3_FILE),
    },
  },
  { label: 'A project', path: PUBLIC },
  { label: "A model's versions", path: `${PUBLIC}/models/${M.building}/versions` },
  {
    label: 'A model of the private project',
    path: `/projects/${PRIVATE_PROJECT_ID}/models/${M.tower}`,
  },
  { label: 'Legacy stream', path: STREAM },
  { label: 'Legacy commit', path: `${STREAM}/commits/${V.revitFloor}` },
  { label: 'Legacy branch in a folder', path: `${STREAM}/branches/real%20data%2Fblender%20cube` },
  { label: 'Legacy object', path: `${STREAM}/objects/${BLENDER_CUBE_ID}` },
  { label: 'Embedded commit', path: `${EMBED}&commit=${V.building1000}` },
  { label: 'Embedded object', path: `${EMBED}&object=${REVIT_FLOOR_ID}` },
  { label: 'Embedded branch', path: `${EMBED}&branch=building` },
  { label: 'Embedded stream (its newest version)', path: EMBED },
];
