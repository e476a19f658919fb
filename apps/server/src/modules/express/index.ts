// The express module's public surface (issue 13: printing without an account). Other modules
// import from here (or from its *.service.ts files), never from its repo or presenter.
export { registerExpressRoutes } from './express.routes';
export { GUEST_EMAIL_DOMAIN } from './express.service';
export { registerExpressWork } from './express-work';
