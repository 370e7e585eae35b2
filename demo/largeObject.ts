// One object of about 20 MB: a terrain mesh whose arrays are stored inline rather than in
// DataChunks, as older connectors and hand-made objects do. It exists so the explorer can be
// measured on a single huge object. Deterministic: same code, same bytes, same id.
import { hash } from 'node:crypto';
import { withJsonbKeyOrder, type JsonObject } from './jsonb.ts';

/** Vertices per side of the square grid: sized so that the object's text is about 20 MB. */
const GRID = 490;
const SPACING = 0.3048;

// Surveyed terrain has full-precision coordinates (17 significant digits), which is what makes
// such objects large: the same grid with rounded numbers would be a third of the size.
function height(row: number, column: number): number {
  return 42 + Math.sin(row / 17.3) * 3.7 + Math.cos(column / 11.9) * 2.9 + Math.sin(row * column);
}

function terrain(): { vertices: number[]; faces: number[] } {
  const vertices: number[] = [];
  const faces: number[] = [];
  for (let row = 0; row < GRID; row += 1) {
    for (let column = 0; column < GRID; column += 1) {
      const wobble = Math.sin(row * 7.1 + column * 3.3) / 97;
      vertices.push(column * SPACING + wobble, row * SPACING - wobble, height(row, column));
      if (row > 0 && column > 0) {
        const corner = row * GRID + column;
        faces.push(4, corner - GRID - 1, corner - GRID, corner, corner - 1);
      }
    }
  }
  return { vertices, faces };
}

/** The large mesh with its `id` filled in, hashed like the SDKs do (the text without `id`). */
export function generateLargeMesh(): JsonObject {
  const { vertices, faces } = terrain();
  const body: JsonObject = withJsonbKeyOrder({
    name: 'Surveyed terrain (arrays inline)',
    faces,
    units: 'm',
    colors: [],
    vertices,
    speckle_type: 'Objects.Geometry.Mesh',
    applicationId: null,
    textureCoordinates: [],
    totalChildrenCount: 0,
  });
  const id = hash('sha256', JSON.stringify(body)).slice(0, 32);
  return withJsonbKeyOrder({ ...body, id });
}
