import { defineMessages } from '../define';

// Namespace `admin_printers`: see the module that owns it.
export const admin_printers = defineMessages({
  en: {
    title: 'admin_printers',
  },
  de: {
    title: 'admin_printers',
  },
  pl: {
    title: 'admin_printers',
  },
});
