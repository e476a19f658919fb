import { describe, expect, it } from 'vitest';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { testDatabaseKind } from './helpers/database';
import { useTwoInstances } from './helpers/two-instances';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { registerAndSignIn, TestAgent } from './helpers/test-app';

// Two server processes on one PostgreSQL behave as one service: events go by LISTEN/NOTIFY.
describe.runIf(testDatabaseKind() === 'postgres')('two server instances on one database', () => {
  const instances = useTwoInstances();

  it('a release on instance B reaches the agent connected to instance A at once', async () => {
    const { a, b } = instances;
    const url = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const printer = await a.ctx.db
      .selectFrom('printers')
      .select(['id', 'direct_print_code'])
      .where('direct_print_code', '=', '418273')
      .executeTakeFirstOrThrow();
    const { minionId, secret } = await issueAgentSecret(a.ctx, null, printer.id, 'kiosk-a');
    const link = await rawAgent(url, minionId, secret);
    await link.next('welcome');

    const person = new TestAgent(b.app);
    const { id } = await registerAndSignIn(person);
    await grantPages(b.ctx.db, { userId: id, source: 'package', pages: 10, validDays: 30 });
    await person.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(2));
    // Under load the document may still be counted (by either instance's worker): wait for it.
    let job = (await person.get('/ajax/printjobs/current')).json();
    for (
      let i = 0;
      i < 200 && job.documents.some((d: { page_count: number | null }) => d.page_count === null);
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await person.get('/ajax/printjobs/current')).json();
    }
    const submitted = await person.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const res = await person.post(`/ajax/printjobs/${job.id}/print_with_code`, {
      code: printer.direct_print_code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await link.next('job')).job.jobId).toBe(job.id);
    link.close();
  });
});
