// The business module's public surface (issue 15): business accounts, their company and the free
// test pages. Other modules import from here (or its *.service.ts files), never from its repo.
export { registerBusinessRoutes } from './business.routes';
export { businessPartyOf, findBusinessProfile } from './business.service';
export { registerBusinessWork } from './business-trial.service';
