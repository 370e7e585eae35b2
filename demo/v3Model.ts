// A small office written the way Speckle's v3 connectors write a model: a root collection whose
// `elements` hold level collections of data objects and instances, and beside them the proxy lists
// that say which material, colour, level and group applies to which object (by `applicationId`)
// and which objects make up each block definition. Display meshes keep their arrays in
// DataChunks. Two variants: a healthy one, and one with every fault the model doctor reports
// planted in an object of its own, each named after its fault (but the one a server cannot send,
// an object outside the root's closure: the file of blobs.ts adds it). Deterministic: same code,
// same bytes, same ids.
import { hash } from 'node:crypto';
import type { JsonObject, JsonValue } from './jsonb.ts';

const COLLECTION = 'Speckle.Core.Models.Collection';
const DATA_OBJECT = 'Objects.Data.DataObject';
const MESH = 'Objects.Geometry.Mesh';
const DATA_CHUNK = 'Speckle.Core.Models.DataChunk';
const INSTANCE = 'Speckle.Core.Models.Instances.InstanceProxy';
const DEFINITION = 'Speckle.Core.Models.Instances.InstanceDefinitionProxy';
const MATERIAL_PROXY = 'Objects.Other.RenderMaterialProxy';
const COLOR_PROXY = 'Speckle.Core.Models.Proxies.ColorProxy';
const LEVEL_PROXY = 'Objects.Other.LevelProxy';
const GROUP_PROXY = 'Speckle.Core.Models.Proxies.GroupProxy';

// A box's six quads as `[n, i1 … in]` over its eight corners.
const BOX_FACES = [
  4, 0, 3, 2, 1, 4, 4, 5, 6, 7, 4, 0, 1, 5, 4, 4, 1, 2, 6, 5, 4, 2, 3, 7, 6, 4, 3, 0, 4, 7,
];

export interface V3Model {
  rootId: string;
  /** Every stored object by id; a planted "lost" object is in a closure but not here. */
  objects: Map<string, JsonObject>;
}

/** As Speckle's SDKs do: the id hashes the object's text before `id` and `__closure` are added. */
export function identify(body: JsonObject): string {
  return hash('sha256', JSON.stringify(body)).slice(0, 32);
}

const reference = (id: string): JsonObject => ({ referencedId: id, speckle_type: 'reference' });

function box(x: number, y: number, z: number, dx: number, dy: number, dz: number): number[] {
  const corners: number[] = [];
  for (const top of [0, dz]) {
    corners.push(x, y, z + top, x + dx, y, z + top, x + dx, y + dy, z + top, x, y + dy, z + top);
  }
  return corners;
}

/** ARGB as the connectors write it: a signed 32-bit integer. */
const argb = (hex: number) => hex | 0;

class Graph {
  readonly objects = new Map<string, JsonObject>();
  private readonly closures = new Map<string, Map<string, number>>();

  /** Stores `body` with its id and `__closure`; `lost`: listed in closures, never stored. */
  detach(body: JsonObject, children: readonly string[], lost = false): string {
    const closure = new Map<string, number>();
    for (const child of children) {
      closure.set(child, 1);
      for (const [id, depth] of this.closures.get(child) ?? []) {
        closure.set(id, Math.min(closure.get(id) ?? depth + 1, depth + 1));
      }
    }
    const counted = { ...body, totalChildrenCount: body.totalChildrenCount ?? closure.size };
    const id = identify(counted);
    this.closures.set(id, closure);
    if (!lost) {
      const sorted = [...closure.keys()].sort();
      const stored: JsonObject = { id, ...counted };
      if (sorted.length > 0)
        stored.__closure = Object.fromEntries(sorted.map((k) => [k, closure.get(k) as number]));
      this.objects.set(id, stored);
    }
    return id;
  }

  chunk(data: JsonValue[]): string {
    return this.detach({ data, speckle_type: DATA_CHUNK, applicationId: null }, []);
  }

  /** A mesh whose arrays are each one DataChunk, as the connectors detach them. */
  mesh(fields: {
    applicationId: string;
    vertices: JsonValue[];
    faces?: JsonValue[];
    colors?: JsonValue[];
    units?: string | null;
    lost?: boolean;
  }): string {
    const vertices = this.chunk(fields.vertices);
    const faces = this.chunk(fields.faces ?? BOX_FACES);
    const colors = fields.colors ? [this.chunk(fields.colors)] : [];
    const body: JsonObject = {
      name: null,
      faces: [reference(faces)],
      colors: colors.map(reference),
      vertices: [reference(vertices)],
      speckle_type: MESH,
      applicationId: fields.applicationId,
      textureCoordinates: [],
    };
    if (fields.units !== null) body.units = fields.units ?? 'm';
    return this.detach(body, [vertices, faces, ...colors], fields.lost);
  }

  /** A data object shown by the meshes `display` (ids of stored meshes, or ids never stored). */
  element(
    name: string,
    applicationId: string,
    display: readonly string[],
    extra: JsonObject = {},
  ): string {
    const body: JsonObject = {
      name,
      units: 'm',
      properties: { category: name.split(' ')[0] ?? name },
      speckle_type: DATA_OBJECT,
      applicationId,
      displayValue: display.map(reference),
      ...extra,
    };
    return this.detach(body, display);
  }

  instance(applicationId: string | null, definitionId: string | null, x: number): string {
    const body: JsonObject = {
      units: 'm',
      maxDepth: 0,
      transform: [1, 0, 0, x, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1],
      speckle_type: INSTANCE,
      applicationId,
    };
    if (definitionId !== null) body.definitionId = definitionId;
    return this.detach(body, []);
  }

  collection(name: string, children: readonly string[], extra: JsonObject = {}): string {
    const body: JsonObject = {
      name,
      elements: children.map(reference),
      speckle_type: COLLECTION,
      applicationId: null,
      collectionType: 'layer',
      ...extra,
    };
    return this.detach(body, children);
  }
}

/** An object nested inline, with the id the SDK gives it. */
function inline(body: JsonObject): JsonObject {
  return { ...body, id: identify(body) };
}

function material(name: string, diffuse: number, opacity = 1): JsonObject {
  return inline({
    name,
    diffuse: argb(diffuse),
    opacity,
    emissive: argb(0xff000000),
    metalness: 0,
    roughness: 0.8,
    speckle_type: 'Objects.Other.RenderMaterial',
    applicationId: `material-${name.toLowerCase()}`,
  });
}

function proxy(speckleType: string, objects: readonly string[], fields: JsonObject): JsonObject {
  return inline({
    objects: [...objects],
    speckle_type: speckleType,
    applicationId: null,
    ...fields,
  });
}

function level(name: string, elevation: number): JsonObject {
  return inline({
    name,
    units: 'm',
    elevation,
    speckle_type: 'Objects.Data.DataObject',
    applicationId: `level-${elevation}`,
  });
}

/** The office, healthy or with every fault planted. */
export function v3Model(faulty: boolean): V3Model {
  const graph = new Graph();
  const meshOf = (applicationId: string, vertices: number[]) =>
    graph.mesh({ applicationId, vertices });

  const wallA = graph.element('Wall north', 'wall-a', [
    meshOf('wall-a-mesh', box(0, 0, 0, 10, 0.2, 3)),
  ]);
  const wallB = graph.element('Wall south', 'wall-b', [
    meshOf('wall-b-mesh', box(0, 8, 0, 10, 0.2, 3)),
  ]);
  const window = graph.element('Window east', 'window-1', [
    meshOf('window-1-mesh', box(10, 3, 1, 0.05, 1.5, 1.2)),
  ]);
  const slab = graph.element('Slab level 2', 'slab-2', [
    meshOf('slab-2-mesh', box(0, 0, 3.3, 10, 8.2, 0.2)),
  ]);
  // The chair's definition objects: drawn only through instances of it.
  const seat = meshOf('chair-seat', box(0, 0, 0.45, 0.5, 0.5, 0.05));
  const back = meshOf('chair-back', box(0, 0.45, 0.5, 0.5, 0.05, 0.5));
  const chairs = [
    graph.instance('chair-instance-1', 'definition-chair', 2),
    graph.instance('chair-instance-2', 'definition-chair', 4),
  ];

  const level1 = [wallA, wallB, window, ...chairs];
  const level2 = [slab];
  const definitions = [seat, back];
  const concrete = ['wall-a-mesh', 'wall-b-mesh', 'slab-2-mesh'];
  const materialProxies = [
    proxy(MATERIAL_PROXY, concrete, { value: material('Concrete', 0xff9e9e9e) }),
    proxy(MATERIAL_PROXY, ['window-1-mesh'], { value: material('Glass', 0xff8fd3ff, 0.3) }),
    proxy(MATERIAL_PROXY, ['chair-seat', 'chair-back'], { value: material('Oak', 0xffb5835a) }),
  ];
  const colorProxies = [
    proxy(COLOR_PROXY, ['window-1'], { name: 'Glazing', value: argb(0xff3a7bd5) }),
  ];
  const levelProxies = [
    proxy(LEVEL_PROXY, ['wall-a', 'wall-b', 'window-1', 'chair-instance-1', 'chair-instance-2'], {
      value: level('Level 1', 0),
    }),
    proxy(LEVEL_PROXY, ['slab-2'], { value: level('Level 2', 3.5) }),
  ];
  const groupProxies = [
    proxy(GROUP_PROXY, ['chair-instance-1', 'chair-instance-2'], { name: 'Meeting chairs' }),
  ];
  const definitionProxies = [
    proxy(DEFINITION, ['chair-seat', 'chair-back'], {
      name: 'Chair',
      maxDepth: 0,
      applicationId: 'definition-chair',
    }),
  ];

  if (faulty)
    plantFaults(graph, {
      level1,
      definitions,
      materialProxies,
      colorProxies,
      groupProxies,
      definitionProxies,
    });

  const elements = [
    graph.collection('Level 1', level1),
    graph.collection('Level 2', level2),
    graph.collection('Block definitions', definitions),
  ];
  const rootId = graph.detach(
    {
      name: faulty ? 'Office, v3, every fault planted' : 'Office, v3',
      elements: elements.map(reference),
      speckle_type: COLLECTION,
      applicationId: null,
      collectionType: 'model',
      colorProxies,
      levelProxies,
      groupProxies,
      renderMaterialProxies: materialProxies,
      instanceDefinitionProxies: definitionProxies,
    },
    elements,
  );
  return { rootId, objects: graph.objects };
}

interface Planted {
  level1: string[];
  definitions: string[];
  materialProxies: JsonObject[];
  colorProxies: JsonObject[];
  groupProxies: JsonObject[];
  definitionProxies: JsonObject[];
}

/** Each fault of the model doctor, in an object or a proxy of its own, named after it. */
function plantFaults(graph: Graph, model: Planted): void {
  const { level1 } = model;
  const mesh = (applicationId: string, fields: Partial<Parameters<Graph['mesh']>[0]> = {}) =>
    graph.mesh({ applicationId, vertices: box(20, 0, 0, 1, 1, 1), ...fields });
  // References to objects the server does not have: one the closure lists, one it does not.
  const lost = mesh('lost-mesh', { lost: true });
  level1.push(graph.element('Door, display mesh not stored', 'door-lost', [lost]));
  const elsewhere = identify({ name: 'Sent to another project', speckle_type: 'Base' });
  level1.push(
    graph.element('Note, refers outside its closure', 'note-outside', [mesh('note-mesh')], {
      linked: reference(elsewhere),
    }),
  );
  // A later material proxy claims wall-a-mesh again and names an applicationId nobody has; one
  // without a value, which the viewer ignores.
  model.materialProxies.push(
    proxy(MATERIAL_PROXY, ['wall-a-mesh', 'wall-c-deleted'], {
      value: material('Brick', 0xffa0522d),
    }),
    proxy(MATERIAL_PROXY, ['wall-b-mesh'], { name: 'Steel, no value' }),
  );
  model.colorProxies.push(
    proxy(COLOR_PROXY, ['wall-b'], { name: 'Colour as text', value: '#ff0000' }),
  );
  model.groupProxies.push(proxy(GROUP_PROXY, [], { name: 'Empty group' }));
  // A second object with the window's applicationId.
  level1.push(
    graph.element('Window copy, same applicationId', 'window-1', [mesh('window-copy-mesh')]),
  );
  // Definitions: one without applicationId, one no instance uses.
  const table = mesh('table-top');
  const lamp = mesh('lamp-shade');
  model.definitions.push(table, lamp);
  model.definitionProxies.push(
    proxy(DEFINITION, ['table-top'], {
      name: 'Table, no applicationId',
      maxDepth: 0,
      applicationId: null,
    }),
    proxy(DEFINITION, ['lamp-shade'], {
      name: 'Lamp, never placed',
      maxDepth: 0,
      applicationId: 'definition-lamp',
    }),
  );
  // Instances: without definitionId, towards a definition that does not exist, without applicationId.
  level1.push(
    graph.instance('instance-no-definition', null, 6),
    graph.instance('instance-missing-definition', 'definition-sofa', 8),
    graph.instance(null, 'definition-chair', 10),
  );
  // Meshes, each with one fault.
  const faultyMeshes = [
    mesh('mesh-vertices-not-triples', { vertices: [...box(30, 0, 0, 1, 1, 1), 1] }),
    mesh('mesh-face-past-vertices', { faces: [...BOX_FACES.slice(0, 25), 4, 3, 0, 4, 99] }),
    mesh('mesh-face-count-overruns', { faces: [...BOX_FACES, 4, 0, 1] }),
    mesh('mesh-colors-mismatch', {
      colors: [argb(0xffff0000), argb(0xff00ff00), argb(0xff0000ff), 0, 0],
    }),
    mesh('mesh-bad-coordinates', {
      vertices: [...box(40, 0, 0, 1, 1, 1).slice(0, 21), 5e12, null, 1],
    }),
    mesh('mesh-without-units', { units: null }),
  ];
  level1.push(graph.element('Fixture, faulty meshes', 'faulty-meshes', faultyMeshes));
  level1.push(graph.element('Sign, empty displayValue', 'sign-empty', []));
  const part = mesh('counted-part');
  level1.push(
    graph.element('Cabinet, wrong totalChildrenCount', 'cabinet', [part], {
      totalChildrenCount: 7,
    }),
  );
}
