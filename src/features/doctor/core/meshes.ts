/**
 * Display meshes (`Objects.Geometry.Mesh`): flat `vertices` [x, y, z, …], `faces` as runs
 * [n, i0 … i(n-1), …] (0 and 1 meaning a triangle and a quad in old data), `colors` one per vertex,
 * and `units`. Their arrays are often split into DataChunks stored on their own, which arrive in
 * any order, before or after their mesh: each chunk is summed up as it arrives, and only chunks of
 * whole numbers keep their numbers, as 32-bit integers, for the faces that may need them.
 */
import { isReference } from '../../../speckle/references';
import type { FindingList } from './report';

/** Coordinates past this, in the model's units, are taken for a fault. */
const ABSURD_COORDINATE = 1e9;

interface Numbers {
  length: number;
  /** Entries that are not finite numbers (null, text, 1e999 read as Infinity). */
  notFinite: number;
  /** Finite entries over ABSURD_COORDINATE in size. */
  absurd: number;
  /** The entries, when all are integers that fit 32 bits: what faces are made of. */
  integers: Int32Array | null;
}

/** An array of a mesh: the ids of its chunks, or its numbers summed up when inline. */
type MeshArray = string[] | Numbers;

interface Mesh {
  holder: string;
  id: string;
  vertices: MeshArray;
  faces: MeshArray;
  colors: MeshArray;
  units: boolean;
}

const MESH_TYPE = ':Objects.Geometry.Mesh:';
const CHUNK_TYPE = ':Speckle.Core.Models.DataChunk:';

export const isMeshType = (speckleType: string) => `:${speckleType}:`.includes(MESH_TYPE);
export const isChunkType = (speckleType: string) => `:${speckleType}:`.includes(CHUNK_TYPE);

function summarize(data: readonly unknown[]): Numbers {
  let notFinite = 0;
  let absurd = 0;
  let whole = true;
  for (const entry of data) {
    if (typeof entry !== 'number' || !Number.isFinite(entry)) {
      notFinite += 1;
      whole = false;
    } else {
      if (Math.abs(entry) > ABSURD_COORDINATE) absurd += 1;
      if (whole && (entry | 0) !== entry) whole = false;
    }
  }
  return {
    length: data.length,
    notFinite,
    absurd,
    integers: whole ? Int32Array.from(data as number[]) : null,
  };
}

function meshArray(value: unknown): MeshArray {
  if (!Array.isArray(value)) return summarize([]);
  if (value.length > 0 && isReference(value[0])) {
    return value.flatMap((entry: unknown) => (isReference(entry) ? [entry.referencedId] : []));
  }
  return summarize(value);
}

export class MeshRules {
  private readonly meshes: Mesh[] = [];
  private readonly chunks = new Map<string, Numbers>();

  addMesh(mesh: Record<string, unknown>, id: string, holder: string): void {
    this.meshes.push({
      holder,
      id,
      vertices: meshArray(mesh.vertices),
      faces: meshArray(mesh.faces),
      colors: meshArray(mesh.colors),
      units: typeof mesh.units === 'string' && mesh.units !== '',
    });
  }

  addChunk(id: string, data: readonly unknown[]): void {
    this.chunks.set(id, summarize(data));
  }

  /** The parts of an array, or null when a chunk of it did not arrive. */
  private parts(array: MeshArray): Numbers[] | null {
    if (!Array.isArray(array)) return [array];
    const parts: Numbers[] = [];
    for (const id of array) {
      const chunk = this.chunks.get(id);
      if (!chunk) return null;
      parts.push(chunk);
    }
    return parts;
  }

  report(findings: FindingList): { total: number; checked: number } {
    let checked = 0;
    for (const mesh of this.meshes) {
      const { holder } = mesh;
      const which = mesh.id === holder ? 'the mesh' : `mesh ${mesh.id}`;
      if (!mesh.units) findings.add('mesh-missing-units', holder, `${which} has no units`);
      const vertices = this.parts(mesh.vertices);
      const faces = this.parts(mesh.faces);
      const colors = this.parts(mesh.colors);
      if (!vertices || !faces || !colors) continue;
      checked += 1;
      const length = sum(vertices, 'length');
      if (length % 3 !== 0) {
        findings.add(
          'mesh-vertices-not-triples',
          holder,
          `${which} has ${length} vertex numbers, not a multiple of 3`,
        );
      }
      const vertexCount = Math.floor(length / 3);
      const bad = sum(vertices, 'notFinite');
      const absurd = sum(vertices, 'absurd');
      if (bad + absurd > 0) {
        const told = [bad > 0 ? `${bad} not finite` : '', absurd > 0 ? `${absurd} over 1e9` : ''];
        findings.add(
          'mesh-bad-coordinates',
          holder,
          `${which}: coordinates ${told.filter(Boolean).join(', ')}`,
        );
      }
      const colorCount = sum(colors, 'length');
      if (colorCount > 0 && colorCount !== vertexCount) {
        findings.add(
          'mesh-colors-mismatch',
          holder,
          `${which} has ${colorCount} colours for ${vertexCount} vertices`,
        );
      }
      checkFaces(faces, vertexCount, which, holder, findings);
    }
    return { total: this.meshes.length, checked };
  }
}

function sum(parts: readonly Numbers[], field: 'length' | 'notFinite' | 'absurd'): number {
  let total = 0;
  for (const part of parts) total += part[field];
  return total;
}

/** Walks the face runs across the chunks, as one array. */
function checkFaces(
  parts: readonly Numbers[],
  vertexCount: number,
  which: string,
  holder: string,
  findings: FindingList,
) {
  const length = sum(parts, 'length');
  if (parts.some((part) => part.integers === null)) {
    findings.add(
      'mesh-face-past-vertices',
      holder,
      `${which} has faces that are not whole vertex indices`,
    );
    return;
  }
  let part = 0;
  let offset = 0;
  let start = 0;
  // The entry at `at`, in order across the parts: `at` only grows.
  const entry = (at: number): number => {
    while (at - start >= (parts[part] as Numbers).length) {
      start += (parts[part] as Numbers).length;
      part += 1;
    }
    offset = at - start;
    return ((parts[part] as Numbers).integers as Int32Array)[offset] as number;
  };
  let past = 0;
  let firstPast = -1;
  for (let at = 0; at < length;) {
    const count = entry(at);
    const size = count === 0 ? 3 : count === 1 ? 4 : count;
    if (size < 0 || at + 1 + size > length) {
      findings.add(
        'mesh-face-count-overrun',
        holder,
        `${which}: the face at ${at} announces ${size} vertices, ${length - at - 1} numbers are left`,
      );
      break;
    }
    for (let index = at + 1; index <= at + size; index += 1) {
      const vertex = entry(index);
      if (vertex < 0 || vertex >= vertexCount) {
        past += 1;
        if (firstPast === -1) firstPast = vertex;
      }
    }
    at += 1 + size;
  }
  if (past > 0) {
    findings.add(
      'mesh-face-past-vertices',
      holder,
      `${which}: ${past} face corners index past its ${vertexCount} vertices (first: ${firstPast})`,
    );
  }
}
