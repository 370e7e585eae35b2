// Deterministic Revit-like building models shaped the way Speckle's connectors send them:
// content-hash ids computed children first, detached children as references, `__closure` maps,
// chunked mesh arrays and shared (deduplicated) children. Same seed and size, same bytes.
import { createHash, hash } from 'node:crypto';
import { withJsonbKeyOrder, type JsonObject, type JsonValue } from './jsonb.ts';

export const VERTICES_CHUNK_SIZE = 31_250;
export const FACES_CHUNK_SIZE = 62_500;
/** Root, one level and a wall hosting a door: the smallest building the planner can lay out. */
export const MIN_BUILDING_SIZE = 9;

export interface GeneratedModel {
  rootId: string;
  /** Every stored object (root and detached descendants) by id, each with `id` and `__closure`. */
  objects: Map<string, JsonObject>;
}

const COLLECTION = 'Speckle.Core.Models.Collection';
const DATA_CHUNK = 'Speckle.Core.Models.DataChunk';
const MESH = 'Objects.Geometry.Mesh';
const PARAMETER = 'Objects.BuiltElements.Revit.Parameter';
const TOPOGRAPHY_GRID = 130;
const LEVEL_HEIGHT = 3.5;
const CELLS_PER_ROW = 40;
const CELL_SIZE = 8;
const PARAMETER_CACHE_LIMIT = 20_000;
/** The share of elements a variant changes; with their levels and root, about 2% of objects. */
const VARIANT_CHANGED_SHARE = 0.035;

// Quads as `[n, i1 … in]`; every box shares this list, so every box mesh shares one faces chunk.
const BOX_FACES = [
  4, 0, 3, 2, 1, 4, 4, 5, 6, 7, 4, 0, 1, 5, 4, 4, 1, 2, 6, 5, 4, 2, 3, 7, 6, 4, 3, 0, 4, 7,
];

type Random = () => number;

function createRandom(seed: string): Random {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  // mulberry32: tiny, fast and good enough to vary a demo model.
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function between(random: Random, min: number, max: number): number {
  return round(min + random() * (max - min));
}

// Millimetre precision keeps numbers short and free of exponents.
function round(value: number): number {
  return Math.round(value * 1000) / 1000 || 0;
}

function uuid(random: Random): string {
  let hex = '';
  for (let i = 0; i < 4; i += 1) {
    hex += Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Closures hold thousands of distinct id keys: a prototype-less object starts in V8's dictionary
// mode, where adding them is cheap (an ordinary object would mint a hidden class per key).
function closureObject(closure: ReadonlyMap<string, number>): JsonObject {
  const sorted = Object.create(null) as JsonObject;
  for (const key of [...closure.keys()].sort()) sorted[key] = closure.get(key) as number;
  return sorted;
}

/**
 * An object under construction, keys already in stored (jsonb) order so it serializes on the fast
 * path; `id`, `__closure` and `totalChildrenCount` are undefined placeholders that hold their place
 * until the graph fills them in (JSON.stringify skips them meanwhile).
 */
type Draft = Record<string, JsonValue | undefined>;

/**
 * Where the graph puts each stored object once it is complete (id and `__closure` filled in), and
 * asks whether an id is stored already (shared children are stored once).
 */
export interface ObjectSink {
  has(id: string): boolean;
  add(id: string, object: JsonObject): void;
}

/** Keeps every object: the model the demo server holds in memory. */
class MapSink implements ObjectSink {
  readonly objects = new Map<string, JsonObject>();
  has(id: string): boolean {
    return this.objects.has(id);
  }
  add(id: string, object: JsonObject): void {
    this.objects.set(id, object);
  }
}

/** Stores detached objects by content id and keeps each one's closure for its parents. */
class ObjectGraph {
  constructor(private readonly sink: ObjectSink) {}

  private readonly closures = new Map<string, Map<string, number>>();
  // Texts of inline objects, reused in their parents' texts instead of serializing them again.
  private readonly inlineTexts = new WeakMap<object, string>();

  /**
   * Like Speckle's SDKs, ids hash the sender's own serialization without `id` (compact, inline
   * children last).
   */
  private identify(body: Draft): { id: string; text: string } {
    let shallow: Draft | null = null;
    let spliced = '';
    for (const key in body) {
      const value = body[key];
      const text =
        value !== null &&
        value !== undefined &&
        typeof value === 'object' &&
        this.inlineTexts.get(value);
      if (text) {
        spliced += `,${JSON.stringify(key)}:${text}`;
        if (shallow === null) {
          shallow = {};
          for (const earlier in body) {
            if (earlier === key) break;
            shallow[earlier] = body[earlier];
          }
        }
      } else if (shallow !== null) shallow[key] = value;
    }
    let text = JSON.stringify(shallow ?? body);
    if (spliced)
      text = text.length > 2 ? `${text.slice(0, -1)}${spliced}}` : `{${spliced.slice(1)}}`;
    const id = hash('sha256', text).slice(0, 32);
    body.id = id;
    return { id, text };
  }

  /** Fills in the `id` of an object nested inline (not stored on its own). */
  inline(body: Draft): JsonObject {
    const { id, text } = this.identify(body);
    this.inlineTexts.set(body, `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"id":"${id}"}`);
    return body as JsonObject;
  }

  reference(id: string): JsonObject {
    return { referencedId: id, speckle_type: 'reference' };
  }

  /** Stores `body` with `id`, `totalChildrenCount` and `__closure` filled in; returns the id. */
  detach(body: Draft, children: readonly string[]): string {
    const closure = new Map<string, number>();
    for (const child of children) {
      closure.set(child, 1);
      for (const [id, depth] of this.closures.get(child) ?? []) {
        const known = closure.get(id);
        if (known === undefined || depth + 1 < known) closure.set(id, depth + 1);
      }
    }
    body.totalChildrenCount = closure.size;
    const { id } = this.identify(body);
    if (this.sink.has(id)) return id;
    if (closure.size > 0) {
      body.__closure = closureObject(closure);
      this.closures.set(id, closure);
    }
    this.sink.add(id, body as JsonObject);
    return id;
  }

  chunks(data: readonly number[], size: number): string[] {
    const ids: string[] = [];
    for (let start = 0; start < data.length; start += size) {
      const chunk = data.slice(start, start + size);
      const body = { id: undefined, data: chunk, speckle_type: DATA_CHUNK, applicationId: null };
      ids.push(this.detach({ ...body, totalChildrenCount: undefined }, []));
    }
    return ids;
  }

  mesh(vertices: readonly number[], faces: readonly number[], material: JsonObject): string {
    const vertexIds = this.chunks(vertices, VERTICES_CHUNK_SIZE);
    const faceIds = this.chunks(faces, FACES_CHUNK_SIZE);
    const body: Draft = {
      id: undefined,
      faces: faceIds.map((id) => this.reference(id)),
      units: 'm',
      colors: [],
      vertices: vertexIds.map((id) => this.reference(id)),
      __closure: undefined,
      speckle_type: MESH,
      applicationId: null,
      renderMaterial: material,
      textureCoordinates: [],
      totalChildrenCount: undefined,
    };
    return this.detach(body, [...vertexIds, ...faceIds]);
  }
}

function boxVertices(x: number, y: number, z: number, dx: number, dy: number, dz: number) {
  const vertices: number[] = [];
  for (const top of [0, dz]) {
    vertices.push(x, y, z + top, x + dx, y, z + top, x + dx, y + dy, z + top, x, y + dy, z + top);
  }
  return vertices.map(round);
}

function gridMesh(originX: number, originY: number, z: number, random: Random) {
  const vertices: number[] = [];
  const faces: number[] = [];
  const phase = random() * 10;
  for (let row = 0; row < TOPOGRAPHY_GRID; row += 1) {
    for (let column = 0; column < TOPOGRAPHY_GRID; column += 1) {
      const height = z + Math.sin((row + phase) / 9) * 1.5 + Math.cos((column - phase) / 13);
      vertices.push(round(originX + column), round(originY + row), round(height));
      if (row > 0 && column > 0) {
        const corner = row * TOPOGRAPHY_GRID + column;
        faces.push(4, corner - TOPOGRAPHY_GRID - 1, corner - TOPOGRAPHY_GRID, corner, corner - 1);
      }
    }
  }
  return { vertices, faces };
}

// ---- planning: decide what each level holds so the object count comes out exact ----

type ElementKind = 'wall' | 'floor' | 'column' | 'beam' | 'topography';
interface ElementPlan {
  kind: ElementKind;
  /** Display meshes; a layered wall or floor has one per material, like Revit's. */
  meshes: number;
  doors: number[];
}

// Objects created the first time a shared child is used: later uses add nothing (dedup).
const SHARED_COST: Record<string, number> = {
  'faces:box': 1,
  'faces:grid': 2,
  'door:0': 2,
  'door:1': 2,
};

function ownCost(plan: ElementPlan): { own: number; shared: string[] } {
  if (plan.kind === 'topography') return { own: 4, shared: ['faces:grid'] };
  const own = 1 + 2 * plan.meshes + plan.doors.length;
  return { own, shared: ['faces:box', ...plan.doors.map((t) => `door:${t}`)] };
}

class Planner {
  private readonly created = new Set<string>();

  constructor(private readonly random: Random) {}

  cost(plan: ElementPlan): number {
    const { own, shared } = ownCost(plan);
    const added = new Set(shared.filter((key) => !this.created.has(key)));
    let total = own;
    for (const key of added) total += SHARED_COST[key] ?? 0;
    return total;
  }

  accept(plan: ElementPlan): number {
    const total = this.cost(plan);
    for (const key of ownCost(plan).shared) this.created.add(key);
    return total;
  }

  planLevel(budget: number, withTopography: boolean): ElementPlan[] {
    const plans: ElementPlan[] = [];
    let remaining = budget;
    const take = (plan: ElementPlan) => {
      remaining -= this.accept(plan);
      plans.push(plan);
    };
    if (withTopography) take({ kind: 'topography', meshes: 1, doors: [] });
    // Every level starts with a wall hosting a door, so single doors can fill the last few slots.
    const first: ElementPlan = { kind: 'wall', meshes: 1, doors: [0] };
    if (this.cost(first) > remaining) throw new RangeError('Model size too small for its levels');
    take(first);
    while (remaining > 0) {
      const candidate = this.candidate();
      if (this.cost(candidate) <= remaining) {
        take(candidate);
        continue;
      }
      // The first wall already brought door type 0's mesh, so one more such door costs one object.
      pick(
        this.random,
        plans.filter((plan) => plan.kind === 'wall'),
      ).doors.push(0);
      remaining -= 1;
    }
    return plans;
  }

  private candidate(): ElementPlan {
    const roll = this.random();
    const layers = this.random() < 0.7 ? 2 : 1;
    if (roll < 0.35) {
      const doors = Array.from({ length: Math.floor(this.random() * 3) }, () =>
        this.random() < 0.7 ? 0 : 1,
      );
      return { kind: 'wall', meshes: layers, doors };
    }
    if (roll < 0.45) return { kind: 'floor', meshes: layers, doors: [] };
    if (roll < 0.72) return { kind: 'column', meshes: 1, doors: [] };
    return { kind: 'beam', meshes: 1, doors: [] };
  }
}

// ---- building: turn the plan into objects, children first ----

interface Parameter {
  key: string;
  name: string;
  value: JsonValue;
  units: string | null;
  /** A parameter of the element's type (family symbol), shown on every instance of it. */
  ofType?: boolean;
}

// Revit's unit and spec ids for the units the model uses, as its connector records them.
const UNIT_IDS: Readonly<Record<string, { unit: string; spec: string }>> = {
  m: { unit: 'autodesk.unit.unit:meters-1.0.0', spec: 'autodesk.spec.aec:length-2.0.0' },
  'm²': { unit: 'autodesk.unit.unit:squareMeters-1.0.0', spec: 'autodesk.spec.aec:area-2.0.0' },
  'm³': { unit: 'autodesk.unit.unit:cubicMeters-1.0.0', spec: 'autodesk.spec.aec:volume-2.0.0' },
};

// Built-in parameters Revit's connector sends with nearly every element, whatever its category.
// Real elements carry 40–70 parameters (../shared/fixtures/speckle-real: a floor has 70, a
// family instance 47); these bring the generated ones to 17–19, and the 100k model to about the
// size per object of the 335 MB reference model the large-model issue was measured with.
function commonParameters(fields: JsonObject, guid: string, comment: string | null): Parameter[] {
  const family = typeof fields.family === 'string' ? fields.family : null;
  const type = typeof fields.type === 'string' ? fields.type : null;
  const text = (key: string, name: string, value: JsonValue, ofType = false): Parameter => ({
    key,
    name,
    value,
    units: null,
    ofType,
  });
  return [
    text('IFC_GUID', 'IfcGUID', guid),
    text('ALL_MODEL_INSTANCE_COMMENTS', 'Comments', comment),
    text('ALL_MODEL_URL', 'URL', null, true),
    text('ALL_MODEL_DESCRIPTION', 'Description', '', true),
    text('ALL_MODEL_MANUFACTURER', 'Manufacturer', '', true),
    text('ALL_MODEL_COST', 'Cost', null, true),
    text('ALL_MODEL_TYPE_NAME', 'Type Name', type, true),
    text('ALL_MODEL_FAMILY_NAME', 'Family Name', family, true),
    text('UNIFORMAT_CODE', 'Assembly Code', '', true),
    text('OMNICLASS_CODE', 'OmniClass Number', '', true),
    text('PHASE_CREATED', 'Phase Created', 'New Construction'),
    text('PHASE_DEMOLISHED', 'Phase Demolished', 'None'),
    text('ELEM_PARTITION_PARAM', 'Workset', 'Workset1'),
    text('ELEM_CATEGORY_PARAM', 'Category', fields.category ?? null),
    text('ELEM_FAMILY_AND_TYPE_PARAM', 'Family and Type', family && type && `${family}: ${type}`),
  ];
}

// IfcGUID's compressed form: 22 characters of the base-64 alphabet IFC uses.
const IFC_GUID_ALPHABET = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$'];

function ifcGuid(random: Random): string {
  let guid = '';
  for (let i = 0; i < 22; i += 1) guid += pick(random, IFC_GUID_ALPHABET);
  return guid;
}

const MATERIALS: readonly [string, number, number][] = [
  ['Concrete - Cast-in-Place', -6908266, 1],
  ['Gypsum Wall Board', -1118482, 1],
  ['Steel, Painted', -12566464, 1],
  ['Wood - Birch', -4876435, 1],
  ['Glass', -7155458, 0.3],
];

const DOOR_TYPES = [
  { family: 'Single-Flush', type: '0915 x 2134mm', width: 0.915, height: 2.134 },
  { family: 'Double-Glass', type: '1830 x 2134mm', width: 1.83, height: 2.134 },
] as const;

function doorType(index: number) {
  return index === 1 ? DOOR_TYPES[1] : DOOR_TYPES[0];
}

class BuildingBuilder {
  readonly graph: ObjectGraph;
  private elementCounter = 300_000;
  private readonly materials: JsonObject[];
  private readonly doorMeshes = new Map<number, string>();
  private readonly parameterCache = new Map<string, JsonObject>();

  /**
   * `changes` draws, element by element, whether a variant's element differs from the original:
   * a stream of its own, so that the original's draws (and so every other object) stay the same.
   */
  constructor(
    private readonly random: Random,
    private readonly changes: Random | null,
    sink: ObjectSink,
  ) {
    this.graph = new ObjectGraph(sink);
    this.materials = MATERIALS.map(([name, diffuse, opacity]) =>
      this.graph.inline({
        id: undefined,
        name,
        diffuse,
        opacity,
        emissive: -16777216,
        metalness: name.startsWith('Steel') ? 0.8 : 0,
        roughness: 0.6,
        speckle_type: 'Objects.Other.RenderMaterial',
        applicationId: null,
        totalChildrenCount: 0,
      }),
    );
  }

  private material(index: number): JsonObject {
    return this.materials[index] as JsonObject;
  }

  // Identical parameter records (a level name, a type's width) are one object, hashed once.
  private parameter({ key, name, value, units, ofType = false }: Parameter): JsonObject {
    const cacheKey = `${key}\u0000${JSON.stringify(value)}\u0000${units}`;
    const known = this.parameterCache.get(cacheKey);
    if (known) return known;
    const unitIds = units === null ? undefined : UNIT_IDS[units];
    const record = this.graph.inline(
      withJsonbKeyOrder({
        id: undefined,
        name,
        units,
        value,
        isShared: false,
        isReadOnly: ofType || units !== null,
        speckle_type: PARAMETER,
        applicationId: null,
        applicationUnit: unitIds?.unit ?? null,
        isTypeParameter: ofType,
        totalChildrenCount: 0,
        applicationUnitType: unitIds?.spec ?? null,
        applicationInternalName: key,
      }),
    );
    // Most records are an element's own (its IfcGUID, its length): a cache of every record would
    // grow with the model, gigabytes for a million objects. Forgetting some changes no bytes, since
    // a record's text and id follow from its content.
    if (this.parameterCache.size >= PARAMETER_CACHE_LIMIT) this.parameterCache.clear();
    this.parameterCache.set(cacheKey, record);
    return record;
  }

  private parameters(items: readonly Parameter[]): JsonObject {
    const body: Draft = { id: undefined, speckle_type: 'Base', applicationId: null };
    body.totalChildrenCount = 0;
    for (const item of items) body[item.key] = this.parameter(item);
    return this.graph.inline(withJsonbKeyOrder(body));
  }

  private point(x: number, y: number, z: number): JsonObject {
    const speckle_type = 'Objects.Geometry.Point';
    return this.graph.inline({
      x,
      y,
      z,
      id: undefined,
      units: 'm',
      speckle_type,
      applicationId: null,
    });
  }

  private line(start: JsonObject, end: JsonObject, length: number): JsonObject {
    const speckle_type = 'Objects.Geometry.Line';
    const body = { id: undefined, end, start, units: 'm', length, speckle_type };
    return this.graph.inline({ ...body, applicationId: null });
  }

  private element(
    speckleType: string,
    fields: JsonObject,
    parameters: readonly Parameter[],
    meshIds: readonly string[],
    hosted: readonly string[] = [],
  ): string {
    const elementId = (this.elementCounter += 1);
    const changed = this.changes !== null && this.changes() < VARIANT_CHANGED_SHARE;
    const comment = changed ? 'Changed in the variant' : null;
    const common = commonParameters(fields, ifcGuid(this.random), comment);
    const body: Draft = {
      ...fields,
      id: undefined,
      __closure: undefined,
      totalChildrenCount: undefined,
      units: 'm',
      elementId: String(elementId),
      worksetId: '0',
      parameters: this.parameters([...parameters, ...common]),
      '@displayValue': meshIds.map((id) => this.graph.reference(id)),
      speckle_type: speckleType,
      applicationId: `${uuid(this.random)}-${elementId.toString(16).padStart(8, '0')}`,
    };
    if (hosted.length > 0) body['@elements'] = hosted.map((id) => this.graph.reference(id));
    return this.graph.detach(withJsonbKeyOrder(body), [...meshIds, ...hosted]);
  }

  private doorMesh(typeIndex: number): string {
    const known = this.doorMeshes.get(typeIndex);
    if (known) return known;
    const door = doorType(typeIndex);
    const vertices = boxVertices(0, 0, 0, door.width, 0.05, door.height);
    const id = this.graph.mesh(vertices, BOX_FACES, this.material(3));
    this.doorMeshes.set(typeIndex, id);
    return id;
  }

  private door(typeIndex: number, level: string, mark: number): string {
    const door = doorType(typeIndex);
    return this.element(
      'Objects.BuiltElements.Revit.FamilyInstance',
      { type: door.type, family: door.family, category: 'Doors', facingFlipped: false },
      [
        { key: 'FAMILY_WIDTH_PARAM', name: 'Width', value: door.width, units: 'm' },
        { key: 'FAMILY_HEIGHT_PARAM', name: 'Height', value: door.height, units: 'm' },
        { key: 'FAMILY_LEVEL_PARAM', name: 'Level', value: level, units: null },
        { key: 'ALL_MODEL_MARK', name: 'Mark', value: `D${mark}`, units: null },
      ],
      [this.doorMesh(typeIndex)],
    );
  }

  element3d(plan: ElementPlan, level: string, elevation: number, index: number): string {
    const r = this.random;
    const x = (index % CELLS_PER_ROW) * CELL_SIZE + between(r, 0, 1);
    const y = Math.floor(index / CELLS_PER_ROW) * CELL_SIZE + between(r, 0, 1);
    const levelParam = { key: 'LEVEL_PARAM', name: 'Level', value: level, units: null };
    switch (plan.kind) {
      case 'wall': {
        const length = between(r, 3, 7);
        const height = 3.2;
        const hosted = plan.doors.map((type, n) => this.door(type, level, index * 10 + n));
        const layers = [
          this.graph.mesh(
            boxVertices(x, y, elevation, length, plan.meshes === 2 ? 0.185 : 0.2, height),
            BOX_FACES,
            this.material(0),
          ),
        ];
        if (plan.meshes === 2) {
          layers.push(
            this.graph.mesh(
              boxVertices(x, round(y + 0.185), elevation, length, 0.015, height),
              BOX_FACES,
              this.material(1),
            ),
          );
        }
        const baseLine = this.line(
          this.point(x, y, elevation),
          this.point(round(x + length), y, elevation),
          length,
        );
        return this.element(
          'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
          {
            type: 'Generic - 200mm',
            family: 'Basic Wall',
            height,
            flipped: false,
            baseLine,
            category: 'Walls',
            structural: false,
            baseOffset: 0,
          },
          [
            { key: 'CURVE_ELEM_LENGTH', name: 'Length', value: length, units: 'm' },
            { key: 'HOST_AREA_COMPUTED', name: 'Area', value: round(length * height), units: 'm²' },
            levelParam,
            { key: 'WALL_ATTR_WIDTH_PARAM', name: 'Width', value: 0.2, units: 'm' },
          ],
          layers,
          hosted,
        );
      }
      case 'floor': {
        const [dx, dy] = [between(r, 4, 7.5), between(r, 4, 7.5)];
        const layers = [
          this.graph.mesh(
            boxVertices(x, y, round(elevation - 0.25), dx, dy, 0.2),
            BOX_FACES,
            this.material(0),
          ),
        ];
        if (plan.meshes === 2) {
          const finish = boxVertices(x, y, round(elevation - 0.05), dx, dy, 0.05);
          layers.push(this.graph.mesh(finish, BOX_FACES, this.material(3)));
        }
        return this.element(
          'Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor',
          { type: 'Generic 250mm', family: 'Floor', category: 'Floors', structural: false },
          [
            { key: 'HOST_AREA_COMPUTED', name: 'Area', value: round(dx * dy), units: 'm²' },
            {
              key: 'HOST_VOLUME_COMPUTED',
              name: 'Volume',
              value: round(dx * dy * 0.25),
              units: 'm³',
            },
            levelParam,
          ],
          layers,
        );
      }
      case 'column': {
        const height = LEVEL_HEIGHT;
        const mesh = this.graph.mesh(
          boxVertices(x, y, elevation, 0.4, 0.4, height),
          BOX_FACES,
          this.material(0),
        );
        return this.element(
          'Objects.BuiltElements.Column:Objects.BuiltElements.Revit.RevitColumn',
          { type: '400 x 400mm', family: 'Concrete-Square-Column', category: 'Structural Columns' },
          [
            { key: 'FAMILY_BASE_LEVEL_PARAM', name: 'Base Level', value: level, units: null },
            { key: 'INSTANCE_LENGTH_PARAM', name: 'Length', value: height, units: 'm' },
            {
              key: 'STRUCTURAL_MATERIAL_PARAM',
              name: 'Structural Material',
              value: 'Concrete',
              units: null,
            },
          ],
          [mesh],
        );
      }
      case 'beam': {
        const length = between(r, 4, 8);
        const z = round(elevation + LEVEL_HEIGHT - 0.45);
        const mesh = this.graph.mesh(
          boxVertices(x, y, z, 0.3, length, 0.45),
          BOX_FACES,
          this.material(2),
        );
        return this.element(
          'Objects.BuiltElements.Beam:Objects.BuiltElements.Revit.RevitBeam',
          { type: 'W310X52', family: 'W Shapes', category: 'Structural Framing' },
          [
            { key: 'INSTANCE_LENGTH_PARAM', name: 'Length', value: length, units: 'm' },
            {
              key: 'INSTANCE_REFERENCE_LEVEL_PARAM',
              name: 'Reference Level',
              value: level,
              units: null,
            },
            {
              key: 'STRUCTURAL_MATERIAL_PARAM',
              name: 'Structural Material',
              value: 'Steel',
              units: null,
            },
          ],
          [mesh],
        );
      }
      case 'topography': {
        const grid = gridMesh(x, y, round(elevation - 2), r);
        const mesh = this.graph.mesh(grid.vertices, grid.faces, this.material(3));
        return this.element(
          'Objects.BuiltElements.Topography:Objects.BuiltElements.Revit.RevitTopography',
          { category: 'Topography' },
          [
            levelParam,
            { key: 'PROJECTED_SURFACE_AREA', name: 'Projected Area', value: 16641, units: 'm²' },
          ],
          [mesh],
        );
      }
    }
  }
}

function levelCount(size: number): number {
  return Math.max(1, Math.min(Math.round(Math.sqrt(size) / 6), Math.floor((size - 1) / 12)));
}

function topographyLevels(size: number, levels: number): Set<number> {
  const count = size >= 1000 ? 1 + Math.floor(size / 25_000) : 0;
  const chosen = new Set<number>();
  for (let i = 0; i < count; i += 1) chosen.add(Math.floor((i * levels) / count));
  return chosen;
}

export interface BuildingOptions {
  seed: string;
  size: number;
  /**
   * Makes a later version of the same building: a few elements get a comment, which changes
   * their ids and their parents' (about 2% of the objects), as a small edit in Revit would.
   */
  variant?: string;
}

/**
 * Builds the building into `sink`, children first, pausing (yielding) after each level so that a
 * caller streaming a big model can write out what a level produced; returns the root's id.
 */
export function* buildBuilding(
  options: BuildingOptions,
  sink: ObjectSink,
): Generator<void, string> {
  const { seed, size, variant } = options;
  if (!Number.isInteger(size) || size < MIN_BUILDING_SIZE) {
    throw new RangeError(`A generated building needs at least ${MIN_BUILDING_SIZE} objects`);
  }
  const random = createRandom(seed);
  const planner = new Planner(random);
  const levels = levelCount(size);
  const withTopography = topographyLevels(size, levels);
  const budget = size - 1;
  const plans = Array.from({ length: levels }, (_, level) => {
    const share = Math.floor(budget / levels) + (level < budget % levels ? 1 : 0);
    return planner.planLevel(share - 1, withTopography.has(level));
  });

  const changes = variant ? createRandom(`${seed}/${variant}`) : null;
  const builder = new BuildingBuilder(random, changes, sink);
  const levelIds: string[] = [];
  for (const [level, levelPlans] of plans.entries()) {
    const name = `Level ${level + 1}`;
    const elevation = round(level * LEVEL_HEIGHT);
    const elementIds = levelPlans.map((plan, index) =>
      builder.element3d(plan, name, elevation, index),
    );
    const body: Draft = {
      id: undefined,
      name,
      units: 'm',
      '@elements': elementIds.map((id) => builder.graph.reference(id)),
      __closure: undefined,
      elevation,
      speckle_type: COLLECTION,
      applicationId: uuid(random),
      collectionType: 'level',
      totalChildrenCount: undefined,
    };
    levelIds.push(builder.graph.detach(body, elementIds));
    yield;
  }
  const rootBody: Draft = {
    id: undefined,
    name: `Generated building ${seed}`,
    units: 'm',
    '@elements': levelIds.map((id) => builder.graph.reference(id)),
    __closure: undefined,
    speckle_type: COLLECTION,
    applicationId: null,
    collectionType: 'model',
    totalChildrenCount: undefined,
  };
  return builder.graph.detach(rootBody, levelIds);
}

/**
 * A deterministic building of exactly `size` stored objects (the root plus its unique detached
 * descendants): a model collection, level collections, walls hosting doors, floors, columns,
 * beams and, from 1,000 objects up, large topography meshes whose arrays span several chunks.
 */
export function generateBuilding(options: BuildingOptions): GeneratedModel {
  const sink = new MapSink();
  const build = buildBuilding(options, sink);
  let step = build.next();
  while (!step.done) step = build.next();
  const { objects } = sink;
  if (objects.size !== options.size) {
    throw new Error(
      `Generated ${objects.size} objects instead of ${options.size} (seed ${options.seed})`,
    );
  }
  return { rootId: step.value, objects };
}
