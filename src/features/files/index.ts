export { FilesResult } from './FilesResult';
export { OpenFileControl } from './OpenFileControl';
export { useOpenedFiles } from './openedFiles';
export { useFileDrop } from './useFileDrop';
