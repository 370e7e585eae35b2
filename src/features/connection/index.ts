export { ConnectionPanel } from './ConnectionPanel';
export { UnsavedServerPrompt } from './UnsavedServerPrompt';
