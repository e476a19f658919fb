// Module boundaries of the server (apps/server/src/modules/<m>/, subfolders belong to <m>).
// Run with `npm run boundaries` (also the "boundaries" step of scripts/test.mjs).
// "No SQL outside repos" cannot be seen from imports alone (named imports such as `sql`
// from kysely): eslint.config.js enforces that part.
const MODULE = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repo-or-presenter',
      severity: 'error',
      comment:
        "A module reaches another module only through that module's services (or index.ts): " +
        'its *.repo.ts (SQL) and *.presenter.ts (answer shapes) are private.',
      from: { path: MODULE },
      to: {
        path: '^apps/server/src/modules/.+[.](repo|presenter)[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Modules depend on each other in one direction only: no cycle between module folders ' +
        '(a folder inside a module counts as that module). Folder scope: a cycle through any ' +
        'other folder (src/http, src/db, …) counts too, since `via` is not applied to folders.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/([^/]+)' },
      to: {
        circular: true,
        pathNot: '^apps/server/src/modules/$1(/|$)',
      },
    },
    {
      name: 'no-routes-to-repo',
      severity: 'error',
      comment: 'Route files are thin: they call services, never a repository (not even their own).',
      from: { path: '^apps/server/src/modules/.+[.]routes[.]ts$' },
      to: { path: '^apps/server/src/modules/.+[.]repo[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
