/** Hands a Blob to the browser as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the Blob after the click returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves a file made of parts through a Blob, so no part list is ever joined into one string:
 * V8 refuses strings over ~512 MB and a whole model can be larger.
 */
export function downloadParts(
  parts: readonly BlobPart[],
  fileName: string,
  mimeType: string,
): void {
  downloadBlob(new Blob(parts as BlobPart[], { type: mimeType }), fileName);
}
