export { FilesResult } from './FilesResult';
export { OpenFileControl } from './OpenFileControl';
export { FILES_PATH, useOpenedFiles } from './openedFiles';
export { useFileDrop } from './useFileDrop';
