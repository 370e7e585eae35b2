export { ModelDoctor } from './ModelDoctor';
