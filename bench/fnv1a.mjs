// A checksum the page and node compute alike over gigabytes, chunk by chunk: FNV-1a, 32 bits.
// WebCrypto has no incremental digest, and passing the bytes out of the page would cost more than
// the export measured. A check that an export is the server's body, not a defence against forgery.

export const FNV_OFFSET = 0x811c9dc5;

/**
 * Folds `bytes` into `state`. Self-contained: the page gets its source text.
 * @param {number} state
 * @param {Uint8Array} bytes
 */
export function fnv1a(state, bytes) {
  let h = state;
  for (let i = 0; i < bytes.length; i += 1) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return h;
}

/** @param {number} state */
export const hex = (state) => (state >>> 0).toString(16).padStart(8, '0');
