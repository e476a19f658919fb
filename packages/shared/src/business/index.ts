export * from './vat';
export * from './tax-id';
