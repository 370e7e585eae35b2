/**
 * Names for `speckle_type`, the inheritance chain joined by `:`, most general first
 * (`Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor`).
 */

/** The chain as a list, most general first, for hover text. */
export function typeChain(speckleType: string | null | undefined): string[] {
  return (speckleType ?? '').split(':').filter((name) => name !== '');
}

/** The most specific type's last dotted segment, as Speckle's own UI shows it: `RevitFloor`. */
export function shortTypeName(speckleType: string | null | undefined): string {
  const mostSpecific = typeChain(speckleType).at(-1) ?? '';
  return mostSpecific.split('.').findLast((segment) => segment !== '') ?? '';
}

/** Whether the type is a DataChunk's, a part of a chunked array. */
export function isDataChunkType(speckleType: string | null | undefined): boolean {
  return shortTypeName(speckleType) === 'DataChunk';
}
