export { ObjectSearch } from './ObjectSearch';
export { readSearchInput } from './core/searchUrl';
