// The load benchmark's data, inserted straight into the cluster's fresh database (sign-in and
// agent hellos of unknown printers are rate limited, so going through the API would take minutes):
// printers with minion ids and agent credentials, signed-in people with live sessions, and the
// people whose jobs are released during the load (a submitted job with one ready document).
// The rows are what the server itself writes: secrets and session tokens hashed the same way.
import { randomBytes } from 'node:crypto';
import type { TDatabase } from '../src/db/database';
import { hashToken, randomToken } from '../src/lib/tokens';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';

export interface TLoadAgent {
  printerId: number;
  minionId: string;
  secret: string;
}

export interface TLoadPerson {
  userId: number;
  /** The `sid` cookie's value. */
  token: string;
  csrfToken: string;
}

export interface TLoadRelease extends TLoadPerson {
  jobId: number;
}

export interface TLoadData {
  agents: TLoadAgent[];
  people: TLoadPerson[];
  releases: TLoadRelease[];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertPeople(
  database: TDatabase,
  prefix: string,
  count: number,
  now: Date,
): Promise<TLoadPerson[]> {
  const { db } = database;
  const run = randomBytes(3).toString('hex');
  const people: TLoadPerson[] = [];
  const indexes = Array.from({ length: count }, (_, i) => i);
  const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
  for (const part of chunks(indexes, 1000)) {
    const users = await db
      .insertInto('users')
      .values(
        part.map((i) => ({
          email: `${prefix}.${run}.${i}@load.example`,
          password_hash: null,
          email_confirmed_at: now,
          referral_code: `L${prefix.slice(0, 1).toUpperCase()}${run}${i}`,
        })),
      )
      .returning('id')
      .execute();
    const sessions = users.map(({ id }) => ({
      userId: id,
      token: randomToken(),
      csrfToken: randomToken(),
    }));
    await db
      .insertInto('sessions')
      .values(
        sessions.map((s) => ({
          id: hashToken(s.token),
          user_id: s.userId,
          csrf_token: s.csrfToken,
          user_agent: 'printomat-load-bench',
          ip: '127.0.0.1',
          last_seen_at: now,
          expires_at: expiresAt,
        })),
      )
      .execute();
    people.push(...sessions);
  }
  return people;
}

/**
 * `agents` printers (minion ids `load-NNNN`, each with its own agent secret), `people` people
 * with a session each, and `releases` more people with pages and a submitted job holding one
 * ready one-page document, to be released during the load.
 */
export async function insertLoadData(
  database: TDatabase,
  counts: { agents: number; people: number; releases: number },
): Promise<TLoadData> {
  const { db } = database;
  const now = new Date();
  const city = await db
    .insertInto('cities')
    .values({
      name: 'Loadtown',
      slug: `loadtown-${randomBytes(3).toString('hex')}`,
      country: 'PL',
      timezone: 'Europe/Warsaw',
      lat: 52.23,
      lon: 21.01,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const agents: TLoadAgent[] = [];
  const indexes = Array.from({ length: counts.agents }, (_, i) => i);
  for (const part of chunks(indexes, 500)) {
    const planned = part.map((i) => ({
      minionId: `load-${String(i).padStart(4, '0')}`,
      secret: newAgentSecret(),
      code: String(700_000 + i),
    }));
    const rows = await db
      .insertInto('printers')
      .values(
        planned.map((p, k) => ({
          city_id: city.id,
          name: `Load ${p.minionId}`,
          full_name: `Load printer ${p.minionId}`,
          description: 'load benchmark',
          country: 'PL',
          street: 'Testowa',
          house_number: String(part[k]),
          postcode: '00-001',
          location_x: 52.2 + (part[k] ?? 0) / 100_000,
          location_y: 21.0,
          radius: 50,
          email: null,
          direct_print_code: p.code,
          express_email: null,
          is_color: false,
          is_copier: false,
          is_enabled: true,
          is_premium: false,
          minion_id: p.minionId,
          agent_secret_hash: hashAgentSecret(p.secret),
        })),
      )
      .returning(['id', 'minion_id'])
      .execute();
    for (const [k, row] of rows.entries()) {
      const p = planned[k];
      if (!p || row.minion_id !== p.minionId) throw new Error('printer rows out of order');
      agents.push({ printerId: row.id, minionId: p.minionId, secret: p.secret });
    }
  }

  const people = await insertPeople(database, 'person', counts.people, now);
  const releasePeople = await insertPeople(database, 'release', counts.releases, now);
  const releases: TLoadRelease[] = [];
  for (const person of releasePeople) {
    await grantPages(db, { userId: person.userId, source: 'package', pages: 100, validDays: 30 });
    const job = await db
      .insertInto('printjobs')
      .values({ user_id: person.userId, is_submitted: true, submitted_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('documents')
      .values({
        printjob_id: job.id,
        user_id: person.userId,
        name: 'load.pdf',
        status: 'ready',
        source_type: 'pdf',
        size_bytes: 1024,
        original_key: null,
        pdf_key: `load/${job.id}.pdf`,
        page_count: 1,
        failure_code: null,
        processed_at: now,
      })
      .execute();
    releases.push({ ...person, jobId: job.id });
  }
  return { agents, people, releases };
}
