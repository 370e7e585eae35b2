/**
 * An object's JSON text of exactly `bytes` bytes (all ASCII), for tests around the text limit:
 * its id and type, and a string field padded to the size.
 */
export function paddedObjectText(id: string, bytes: number, speckleType = 'Base'): string {
  const head = `{"id":"${id}","speckle_type":"${speckleType}","blob":"`;
  const tail = '"}';
  return `${head}${'x'.repeat(bytes - head.length - tail.length)}${tail}`;
}
