import { LOCALES, catalogFor } from '@printomat/shared/i18n';
import { configure } from '@testing-library/react';
import { addFullCatalog } from '../i18n/messages-store';

// Lazy chunks and queries resolve in a few ms on an idle machine, but a loaded CI runner (or a
// developer running builds alongside) can take over a second: `findBy…` waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// Component tests render with the whole catalog at once; the browser loads it per language and
// group (i18n/messages-store.ts).
for (const locale of LOCALES) addFullCatalog(locale, catalogFor(locale));
