export { LookupForm } from './LookupForm';
export { ObjectPage } from './ObjectPage';
export { SpeckleLinkPage } from './SpeckleLinkPage';
export { WelcomePanel } from './WelcomePanel';
export { isNewLookup, warmLookup } from './warmLookup';
