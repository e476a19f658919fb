import { defineMessages } from '../define';

// Namespace `payments`: see the module that owns it.
export const payments = defineMessages({
  en: {
    title: 'payments',
  },
  de: {
    title: 'payments',
  },
  pl: {
    title: 'payments',
  },
});
