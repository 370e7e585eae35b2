export { ComparePage } from './ComparePage';
export { CompareWithForm } from './CompareWithForm';
