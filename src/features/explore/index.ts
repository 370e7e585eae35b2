export { ObjectTrail } from './ObjectTrail';
export { SetExplorer } from './SetExplorer';
export { TicketTools } from './TicketTools';
export { ObjectView } from './tree/ObjectView';
export { objectSource } from './tree/objectSource';
export { useObjectNavigation } from './useObjectNavigation';
