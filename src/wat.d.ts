/** A WebAssembly module's bytes, compiled from its text at build time (build/watModules.ts). */
declare module '*.wat' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
