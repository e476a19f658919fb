import type { TLocale } from './locales';

/** A namespace's messages: English is the source, German and Polish must have the same keys. */
export type TMessageTree = { readonly [key: string]: string | TMessageTree };

export type TSameKeys<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TSameKeys<T[K]>;
};

export type TNamespace<T extends TMessageTree> = { en: T } & Record<
  Exclude<TLocale, 'en'>,
  TSameKeys<T>
>;

export function defineMessages<const T extends TMessageTree>(
  messages: TNamespace<T>,
): TNamespace<T> {
  return messages;
}
