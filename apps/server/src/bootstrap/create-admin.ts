import { randomBytes } from 'node:crypto';
import {
  createTranslator,
  issuesToFieldErrors,
  zEmail,
  zPassword,
  ZLocale,
  type TLocale,
} from '@printomat/shared';
import type { TDb } from '../db/database';
import { recordAudit } from '../modules/audit/audit.service';
import { hashPassword } from '../modules/auth/passwords';
import { randomCode } from '../lib/tokens';
import { findUserByEmail, insertUser, updateUser } from '../modules/users/users.repo';

/**
 * The first admin of an installation (production has no demo accounts): created by a command
 * run by the operator, with the same e-mail and password rules as sign-up.
 */

export class CreateAdminRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateAdminRefused';
  }
}

export type TCreateAdminInput = {
  email: string;
  /** Undefined: a strong random one is generated (and returned, to be shown once). */
  password?: string;
  locale?: string;
  /** An existing person with this e-mail becomes admin (password and data unchanged). */
  promote?: boolean;
};

export type TCreateAdminResult =
  | { kind: 'created'; userId: number; email: string; generatedPassword?: string }
  | { kind: 'promoted'; userId: number; email: string };

/** Whether anyone can administer the installation yet (start-up says how to create the first). */
export async function adminExists(db: TDb): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row !== undefined;
}

/** 144 random bits, URL-safe: 24 characters, within sign-up's length rules. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The sign-up schemas' messages, in English, one line per problem. */
function validate<T>(
  field: string,
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const messages = issuesToFieldErrors(
    parsed.error.issues as Parameters<typeof issuesToFieldErrors>[0],
    createTranslator('en'),
  );
  const text = Object.values(messages).flat().join(', ');
  throw new CreateAdminRefused(`${field}: ${text}`);
}

export async function createAdmin(
  db: TDb,
  input: TCreateAdminInput,
  now = new Date(),
): Promise<TCreateAdminResult> {
  const email = validate('--email', zEmail, input.email);
  const locale: TLocale = validate('--locale', ZLocale, input.locale ?? 'en');
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      if (!input.promote)
        throw new CreateAdminRefused(
          `a user with the e-mail ${email} already exists (role ${existing.role}); ` +
            'nothing was changed. Add --promote to make them an admin.',
        );
      if (input.password !== undefined)
        throw new CreateAdminRefused(
          '--promote keeps the existing password; do not pipe one in (change it after signing in)',
        );
      await updateUser(trx, existing.id, {
        role: 'admin',
        email_confirmed_at: existing.email_confirmed_at ?? now,
      });
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.promoted_by_command',
        subject: ['user', existing.id],
        details: { from_role: existing.role },
      });
      return { kind: 'promoted' as const, userId: existing.id, email };
    }
    if (input.promote)
      throw new CreateAdminRefused(
        `--promote: nobody has the e-mail ${email}; nothing was changed`,
      );
    const generated = input.password === undefined ? generatePassword() : undefined;
    const password = validate('password', zPassword, input.password ?? generated);
    const user = await insertUser(trx, {
      email,
      password_hash: await hashPassword(password),
      role: 'admin',
      locale,
      // The operator vouches for the address: no confirmation mail is needed to sign in.
      email_confirmed_at: now,
      referral_code: randomCode(8),
    });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'user.created_by_command',
      subject: ['user', user.id],
      details: { role: 'admin' },
    });
    return {
      kind: 'created' as const,
      userId: user.id,
      email,
      ...(generated ? { generatedPassword: generated } : {}),
    };
  });
}
