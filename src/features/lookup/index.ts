export { LoadLimits } from './LoadLimits';
export { LookupForm } from './LookupForm';
export { ObjectPage } from './LookupResult';
export { SpeckleLinkPage } from './SpeckleLinkPage';
export { WelcomePanel } from './WelcomePanel';
