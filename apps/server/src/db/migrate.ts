import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { TDb } from './database';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-printjobs-documents';
import * as m0003 from './migrations/0003-page-reservations';
import * as m0004 from './migrations/0004-release';
import * as m0005 from './migrations/0005-agents';
import * as m0006 from './migrations/0006-location-suggestions';
import * as m0007 from './migrations/0007-express';
import * as m0008 from './migrations/0008-payments';
import * as m0009 from './migrations/0009-free-pages';
import * as m0010 from './migrations/0010-sms-payments';
import * as m0011 from './migrations/0011-statistics-outlive-users';
import * as m0012 from './migrations/0012-job-lanes';
import * as m0013 from './migrations/0013-rate-limits';
import * as m0014 from './migrations/0014-printer-report-checks';
import * as m0015 from './migrations/0015-express-orders';
import * as m0016 from './migrations/0016-agent-version';
import * as m0017 from './migrations/0017-printer-incidents';
import * as m0018 from './migrations/0018-inbound-mail';
import * as m0019 from './migrations/0019-password-resets';
import * as m0020 from './migrations/0020-printjob-expiry';
import * as m0021 from './migrations/0021-retention';
import * as m0023 from './migrations/0023-admin-support';
import * as m0024 from './migrations/0024-printer-decommission';
import * as m0025 from './migrations/0025-review-after-cancel';
import * as m0026 from './migrations/0026-keep-ledger';
import * as m0027 from './migrations/0027-business-invoices';
import * as m0028 from './migrations/0028-copy-scan-pin';
import * as m0029 from './migrations/0029-stored-files';

// Listed statically so the same migrations run under tsx, in tests and in a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-printjobs-documents': m0002,
  '0003-page-reservations': m0003,
  '0004-release': m0004,
  '0005-agents': m0005,
  '0006-location-suggestions': m0006,
  '0007-express': m0007,
  '0008-payments': m0008,
  '0009-free-pages': m0009,
  '0010-sms-payments': m0010,
  '0011-statistics-outlive-users': m0011,
  '0012-job-lanes': m0012,
  '0013-rate-limits': m0013,
  '0014-printer-report-checks': m0014,
  '0015-express-orders': m0015,
  '0016-agent-version': m0016,
  '0017-printer-incidents': m0017,
  '0018-inbound-mail': m0018,
  '0019-password-resets': m0019,
  '0020-printjob-expiry': m0020,
  '0021-retention': m0021,
  '0023-admin-support': m0023,
  '0024-printer-decommission': m0024,
  '0025-review-after-cancel': m0025,
  '0026-keep-ledger': m0026,
  '0027-business-invoices': m0027,
  '0028-copy-scan-pin': m0028,
  '0029-stored-files': m0029,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export async function migrateToLatest(db: TDb): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).map((r) => r.migrationName);
}
