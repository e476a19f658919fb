import { defineMessages } from '../define';

// Namespace `free_pages`: see the module that owns it.
export const free_pages = defineMessages({
  en: {
    title: 'free_pages',
  },
  de: {
    title: 'free_pages',
  },
  pl: {
    title: 'free_pages',
  },
});
