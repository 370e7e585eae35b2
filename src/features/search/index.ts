export { ObjectSearch } from './ObjectSearch';
