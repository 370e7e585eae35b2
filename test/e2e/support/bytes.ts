/**
 * Fails with the first differing offset and a short excerpt of both sides: a byte-for-byte export
 * mismatch is otherwise a useless "expected false to be true" on megabytes of JSON.
 */
export function expectSameBytes(actual: Buffer, expected: Buffer | string, what: string): void {
  const want = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  if (actual.equals(want)) return;
  let offset = 0;
  while (offset < actual.length && offset < want.length && actual[offset] === want[offset])
    offset++;
  const excerpt = (bytes: Buffer) =>
    JSON.stringify(bytes.subarray(Math.max(0, offset - 40), offset + 40).toString('utf8'));
  throw new Error(
    `${what}: ${actual.length} bytes differ from the expected ${want.length} bytes ` +
      `at offset ${offset}.\n  got:      ${excerpt(actual)}\n  expected: ${excerpt(want)}`,
  );
}
