export { ModelDoctor } from './ModelDoctor';
export type { CheckedModel } from './core/reportText';
