import pkg from '../package.json' with { type: 'json' };

/** The agent's version (its package's), told to the server in hello and shown by --version. */
export const AGENT_VERSION: string = pkg.version;
