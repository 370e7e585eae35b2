export { ObjectSearch } from './ObjectSearch';
export { textSpan } from './worker/textSpans';
