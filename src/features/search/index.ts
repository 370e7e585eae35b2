export { ObjectSearch } from './ObjectSearch';
export { readSearchInput } from './core/searchUrl';
export { textSpan } from './worker/textSpans';
