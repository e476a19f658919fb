import type { TestProject } from 'vitest/node';
import { prepareTemplates } from './database';

export default async function setup(project: TestProject): Promise<void> {
  // The project's `env` (TEST_DB) reaches the test workers, not this main process: read it here.
  await prepareTemplates(project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
}
