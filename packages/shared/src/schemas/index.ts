export * from './fields';
export * from './auth';
export * from './errors';
export * from './printing';
export * from './agent';
export * from './printers';
