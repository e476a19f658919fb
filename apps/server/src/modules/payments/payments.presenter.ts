import type { TCardSetup, TPayment } from '@printomat/shared';
import type { TCardSetupRow, TPaymentWithPackage } from './payments.repo';

export function presentPayment(row: TPaymentWithPackage): TPayment {
  return {
    reference: row.reference,
    status: row.status,
    method: row.method,
    package_code: row.package_code,
    pages: row.pages,
    validity_days: row.validity_days,
    amount_minor: row.amount_minor,
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    pages_expire_at: row.pages_expire_at?.toISOString() ?? null,
    receipt_number: row.receipt_number,
    is_abandoned: row.status === 'failed' && row.failure_code === 'abandoned',
  };
}

export function presentCardSetup(
  row: TCardSetupRow & { brand: string | null; last4: string | null },
): TCardSetup {
  return {
    reference: row.reference,
    status: row.status,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
    bonus_pages: row.bonus_pages,
    bonus_expires_at: row.bonus_expires_at?.toISOString() ?? null,
  };
}
