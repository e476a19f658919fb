export * from './locales';
export * from './define';
export * from './catalog';
export * from './tree-translator';
export * from './translate';
export * from './format';
