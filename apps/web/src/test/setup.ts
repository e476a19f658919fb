import { configure } from '@testing-library/react';

// Lazy chunks and queries resolve in a few ms on an idle machine, but a loaded CI runner (or a
// developer running builds alongside) can take over a second: `findBy…` waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });
