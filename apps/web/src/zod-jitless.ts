import { config } from 'zod';

// Zod 4 compiles object schemas with `new Function` when it may, and finds out by trying
// `Function('')` on the first parse. The server's Content-Security-Policy allows no eval, so the
// try is reported as a violation (and the compiled path could never run anyway): tell zod up
// front. Imported first by main.tsx, before any schema parses.
config({ jitless: true });
