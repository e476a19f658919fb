export * from './schemas';
export * from './i18n';
export * from './constants';
export * from './printing/pricing';
export * from './printing/lifecycle';
export * from './printing/express-lifecycle';
export * from './schemas/admin-operations';
export * from './printing/open-hours';
