import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  TAgentPrinterStatus,
  TDeviceAction,
  TExpressOrderStatus as TSharedExpressOrderStatus,
  TPrintjobReviewReason,
  TRole,
  TLocale,
} from '@printomat/shared';

type TCreatedAt = ColumnType<Date, Date | string | undefined, never>;
type TTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TNullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type TUserRole = TRole | 'guest';

export interface TUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  /** 'guest': the owner of an express order's documents and job; can never sign in. */
  role: ColumnType<TUserRole, TUserRole | undefined, TUserRole>;
  locale: ColumnType<TLocale, TLocale | undefined, TLocale>;
  email_confirmed_at: TNullableTimestamp;
  facebook_id: string | null;
  is_premium: ColumnType<boolean, boolean | undefined, boolean>;
  last_login_at: TNullableTimestamp;
  last_login_mobile: TNullableTimestamp;
  referral_code: string;
  referred_by_user_id: number | null;
  /** Set by an admin: the account cannot sign in (issue 17). */
  blocked_at: TNullableTimestamp;
  /** The numeric ID typed at a printer's panel for copying/scanning (issue 16, 0028). */
  pin_uid: ColumnType<number | null, number | null | undefined, number | null>;
  /** scrypt hash of the 4-8 digit PIN; null: no PIN, copying and scanning refused. */
  pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
  pin_set_at: TNullableTimestamp;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export interface TEmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  email: string;
  expires_at: Date | string;
  used_at: TNullableTimestamp;
  created_at: TCreatedAt;
}

export interface TPasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  email: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: TNullableTimestamp;
  requested_ip: string | null;
  created_at: TCreatedAt;
}

export interface TSessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  is_mobile_app: ColumnType<boolean, boolean | undefined, boolean>;
  user_agent: string | null;
  ip: string | null;
  created_at: TCreatedAt;
  last_seen_at: TTimestamp;
  expires_at: Date | string;
}

export interface TSignInAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string | null;
  succeeded: boolean;
  created_at: TCreatedAt;
}

/** One rate-limit counter (http/rate-limit-store.ts): attempts in the window ending at `window_ends_at`. */
export interface TRateLimitsTable {
  bucket: string;
  key: string;
  count: number;
  window_ends_at: Date;
}

export type TGrantSource =
  'package' | 'card_bonus' | 'referral' | 'admin' | 'refund' | 'welcome' | 'business_trial';

export interface TPageGrantsTable {
  id: Generated<number>;
  /** NULL once the person deleted their account: the ledger is kept, anonymised (0026). */
  user_id: ColumnType<number | null, number, number | null>;
  source: TGrantSource;
  pages: number;
  remaining: number;
  expires_at: TNullableTimestamp;
  reference: string | null;
  /** Why an admin granted or refunded these pages. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The job a refund gave pages back for (one refund per job). */
  printjob_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its purchase was refunded: pages a print job hands back are not added to it again. */
  voided_at: TNullableTimestamp;
  created_at: TCreatedAt;
}

export interface TCitiesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  country: string;
  timezone: string;
  lat: number;
  lon: number;
}

export interface TPrintersTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  full_name: string;
  description: string;
  country: string;
  street: string;
  house_number: string;
  postcode: string;
  location_x: number;
  location_y: number;
  radius: number;
  email: string | null;
  direct_print_code: string;
  express_email: string | null;
  /** Who looks after this printer on site: told of its incidents (alerts) with the admins. */
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** Express price of a page on this printer (minor units); null: the configured default. */
  express_mono_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  express_color_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  is_color: boolean;
  is_copier: boolean;
  is_enabled: boolean;
  is_premium: boolean;
  maintenance_mode: ColumnType<boolean, boolean | undefined, boolean>;
  api_version: ColumnType<number, number | undefined, number>;
  minion_id: string | null;
  logo_path: string | null;
  photo_path: string | null;
  maps_place_url: string | null;
  agent_last_seen_at: TNullableTimestamp;
  agent_secret_hash: string | null;
  agent_status: ColumnType<TAgentPrinterStatus | null, string | null | undefined, string | null>;
  /** What the agent's last hello said it is (e.g. 1.0.0); null until an agent connects. */
  agent_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Taken out of service by an admin (0024): off the map, refuses jobs, statistics kept. */
  decommissioned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

/** One stretch of a printer being offline, in error or low on paper or toner (alerts). */
export interface TPrinterIncidentsTable {
  id: Generated<number>;
  printer_id: number;
  kind: 'offline' | 'error' | 'paper_low' | 'toner_low';
  problem: string | null;
  started_at: Date;
  ended_at: TNullableTimestamp;
  notified_at: TNullableTimestamp;
  recovered_notified_at: TNullableTimestamp;
}

/** What the sender check made of an inbound message (issue 14). */
export type TInboundVerdict = 'trusted' | 'stranger' | 'ignored';
export type TInboundStatus = 'received' | 'processed' | 'ignored' | 'failed';

/** One attachment (or the body as a text document) of an inbound message, and what became of it. */
export interface TInboundDocument {
  name: string;
  /** The document made of it; null when refused before becoming one (type, size, count). */
  document_id: number | null;
  status: 'processing' | 'ready' | 'failed' | 'refused';
  page_count: number | null;
  /** A documents.failure.* code (too_large, unsupported, ...) when failed or refused. */
  failure_code: string | null;
}

/** A message received for a printer's address, over SMTP or the inbound webhook (issue 14). */
export interface TInboundMessagesTable {
  id: Generated<number>;
  printer_id: number;
  dedupe_key: string;
  via: 'smtp' | 'http';
  envelope_from: string | null;
  from_address: string | null;
  message_id: string | null;
  subject: string | null;
  size_bytes: number;
  raw_key: string | null;
  verdict: TInboundVerdict;
  auth_details: ColumnType<Record<string, string>, string | undefined, string>;
  user_id: number | null;
  express_order_id: number | null;
  printjob_id: number | null;
  status: ColumnType<TInboundStatus, TInboundStatus | undefined, TInboundStatus>;
  outcome: string | null;
  documents: ColumnType<TInboundDocument[], string | undefined, string>;
  reply_locale: string | null;
  replied_at: TNullableTimestamp;
  received_at: Date;
  processed_at: TNullableTimestamp;
  /** The processing run holding the message (random token), and until when. */
  claim_token: string | null;
  claimed_until: TNullableTimestamp;
}

export interface TPrinterOpenHoursTable {
  printer_id: number;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  is_open: boolean;
  open_time: string | null;
  close_time: string | null;
}

export type TJobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface TJobsTable {
  id: Generated<number>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<TJobStatus, TJobStatus | undefined, TJobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  run_at: TTimestamp;
  locked_until: TNullableTimestamp;
  last_error: string | null;
  unique_key: string | null;
  /** Whose job this is (e.g. `user:17`): lanes marked fair claim round robin across it. */
  fair_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a worker last claimed it (fairness: who was served least recently). */
  claimed_at: TNullableTimestamp;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export interface TMailLogTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: TCreatedAt;
}

export interface TAuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  ip: string | null;
  created_at: TCreatedAt;
}

export type TPrintjobStatus = 'created' | 'scheduled' | 'printed' | 'failed' | 'archived';

export interface TPrintjobsTable {
  id: Generated<number>;
  user_id: number;
  status: ColumnType<TPrintjobStatus, TPrintjobStatus | undefined, TPrintjobStatus>;
  is_submitted: ColumnType<boolean, boolean | undefined, boolean>;
  is_grayscale: ColumnType<boolean, boolean | undefined, boolean>;
  orientation: ColumnType<
    'auto' | 'portrait' | 'landscape',
    'auto' | 'portrait' | 'landscape' | undefined
  >;
  is_duplex: ColumnType<boolean, boolean | undefined, boolean>;
  pages_per_sheet: ColumnType<1 | 2 | 4, 1 | 2 | 4 | undefined, 1 | 2 | 4>;
  printer_id: number | null;
  submitted_at: TNullableTimestamp;
  released_at: TNullableTimestamp;
  finished_at: TNullableTimestamp;
  printed_faces: number | null;
  printing_started_at: TNullableTimestamp;
  failure_reason: string | null;
  express_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when a printer's report on the job did not add up (an admin should look at it). */
  review_reason: ColumnType<
    TPrintjobReviewReason | null,
    TPrintjobReviewReason | null | undefined,
    TPrintjobReviewReason | null
  >;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export type TDocumentStatus = 'processing' | 'ready' | 'failed';
export type TSourceType = 'pdf' | 'image' | 'office' | 'text';

export interface TDocumentsTable {
  id: Generated<number>;
  printjob_id: number;
  user_id: number;
  name: string;
  status: ColumnType<TDocumentStatus, TDocumentStatus | undefined, TDocumentStatus>;
  source_type: TSourceType | null;
  is_office: ColumnType<boolean, boolean | undefined, boolean>;
  size_bytes: number;
  original_key: string | null;
  pdf_key: string | null;
  page_count: number | null;
  color_pages: ColumnType<number[], number[] | undefined, number[]>;
  failure_code: string | null;
  copies: ColumnType<number, number | undefined, number>;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
  processed_at: TNullableTimestamp;
  /** When the printer's agent last downloaded it (evidence of what reached the printer). */
  delivered_at: TNullableTimestamp;
  /** Retention: its files (upload, PDF, previews) were deleted then; the row stays. */
  files_deleted_at: TNullableTimestamp;
}

export type TReservationStatus = 'reserved' | 'posted' | 'voided';

export interface TPageReservationsTable {
  id: Generated<number>;
  /** NULL once the person (and with them the job) is deleted: the ledger is kept (0026). */
  user_id: ColumnType<number | null, number, number | null>;
  /** NULL for a copy's charge (0028) and once the job is deleted (0026). */
  printjob_id: ColumnType<number | null, number | null, number | null>;
  pages: number;
  charged: number | null;
  status: ColumnType<TReservationStatus, TReservationStatus | undefined, TReservationStatus>;
  created_at: TCreatedAt;
  settled_at: TNullableTimestamp;
  /** A copy's charge (issue 16): the device session instead of a print job, and its report. */
  device_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  usage_report_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A person signed in at a printer's panel with ID + PIN (issue 16, 0028). */
export interface TDeviceSessionsTable {
  id: Generated<number>;
  printer_id: number | null;
  user_id: number | null;
  action: TDeviceAction;
  color_allowed: boolean;
  /** sha256 (hex) of the token the agent uploads the session's scan with. */
  upload_token_hash: string | null;
  created_at: TCreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: TNullableTimestamp;
}

/** A scan delivered to a person (issue 16, 0028). */
export interface TScansTable {
  id: Generated<number>;
  user_id: number;
  printer_id: number | null;
  device_session_id: number | null;
  /** The agent's X-Scan-Upload-Id (unique per device session): a retried upload answers this scan. */
  upload_id: string | null;
  /** Key in document storage; null once the file is deleted (the row stays). */
  file_key: string | null;
  file_name: string;
  content_type: string;
  byte_size: number;
  pages: number;
  created_at: TCreatedAt;
  mailed_at: TNullableTimestamp;
  deleted_at: TNullableTimestamp;
}

export interface TPageReservationItemsTable {
  reservation_id: number;
  grant_id: number;
  pages: number;
  taken_order: number;
}

export interface TDetectedPrintersTable {
  minion_id: string;
  secret_hash: string;
  agent_version: ColumnType<string, string | undefined, string>;
  printer_info: ColumnType<TAgentPrinterStatus | null, string | null | undefined, string | null>;
  remote_address: string | null;
  first_seen_at: TCreatedAt;
  last_seen_at: TTimestamp;
}

export interface TAgentDownloadTokensTable {
  token_hash: string;
  printer_id: number;
  printjob_id: number;
  expires_at: Date;
}

export interface TPrinterMonthlyStatsTable {
  printer_id: number;
  /** First day of the month, as YYYY-MM-DD. */
  month: ColumnType<string, string, string>;
  classic_color_pages: ColumnType<number, number | undefined, number>;
  classic_mono_pages: ColumnType<number, number | undefined, number>;
  express_color_pages: ColumnType<number, number | undefined, number>;
  express_mono_pages: ColumnType<number, number | undefined, number>;
  copy_color_pages: ColumnType<number, number | undefined, number>;
  copy_mono_pages: ColumnType<number, number | undefined, number>;
  scanned_pages: ColumnType<number, number | undefined, number>;
}

export interface TPrinterMonthlyUsersTable {
  printer_id: number;
  month: ColumnType<string, string, string>;
  activity: 'printing' | 'copying' | 'scanning';
  user_id: number;
}

export interface TPrinterUsageReportsTable {
  printer_id: number;
  report_id: string;
  received_at: TCreatedAt;
}

/** The SMS-payment sandbox: one row per simulated SMS (providers/sms-payment.ts). */
export interface TSmsSandboxSessionsTable {
  session_id: string;
  reference: string;
  outcome: 'success' | 'failure';
  event_id: string;
  sent_at: TCreatedAt;
  deliveries: ColumnType<number, number | undefined, number>;
  delivered_at: TNullableTimestamp;
  last_delivery_status: string | null;
}

export interface TLocationSuggestionsTable {
  id: Generated<number>;
  user_id: number | null;
  place: string;
  address: string;
  city: string;
  comment: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  locale: string;
  ip: string | null;
  created_at: TCreatedAt;
}

export type TPackageAudience = 'personal' | 'business';

export interface TPackagesTable {
  id: Generated<number>;
  code: string;
  audience: TPackageAudience;
  pages: number;
  validity_days: number;
  regular_price_minor: number;
  promo_percent: ColumnType<number, number | undefined, number>;
  price_minor: number;
  currency: string;
  is_popular: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export type TPaymentStatus = 'processing' | 'completed' | 'failed';

export interface TPaymentsTable {
  id: Generated<number>;
  reference: string;
  user_id: number | null;
  payer_email: string;
  /** What was bought: a page package, or (express_order_id) one express order. */
  package_id: number | null;
  express_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  provider: string;
  provider_reference: string | null;
  checkout_url: string | null;
  method: 'card' | 'transfer' | 'blik' | 'sms';
  status: ColumnType<TPaymentStatus, TPaymentStatus | undefined, TPaymentStatus>;
  amount_minor: number;
  currency: string;
  pages: number;
  validity_days: number;
  idempotency_key: string;
  grant_id: number | null;
  pages_expire_at: TNullableTimestamp;
  receipt_number: string | null;
  flag: string | null;
  failure_code: string | null;
  locale: TLocale;
  /** Bought by a business account: goes on that month's VAT invoice (issue 15). */
  is_business: ColumnType<boolean, boolean | undefined, boolean>;
  /** The VAT split of amount_minor (net + vat = amount); null on rows older than 0027. */
  net_minor: ColumnType<number | null, number | null | undefined, number | null>;
  vat_minor: ColumnType<number | null, number | null | undefined, number | null>;
  vat_rate: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
  completed_at: TNullableTimestamp;
}

export interface TProviderEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  kind: string;
  reference: string | null;
  outcome: string;
  received_at: TCreatedAt;
}

export interface TCardSetupsTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  provider: string;
  provider_reference: string | null;
  status: ColumnType<'pending' | 'added' | 'failed', 'pending' | undefined, 'added' | 'failed'>;
  saved_card_id: number | null;
  bonus_pages: ColumnType<number, number | undefined, number>;
  bonus_expires_at: TNullableTimestamp;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export interface TSavedCardsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  fingerprint: string;
  brand: string;
  last4: string;
  created_at: TCreatedAt;
}

export interface TCardBonusesTable {
  id: Generated<number>;
  user_id: number | null;
  fingerprint: string;
  pages: number;
  granted_at: TCreatedAt;
}

export interface TSandboxSessionsTable {
  token_hash: string;
  provider_reference: string;
  kind: 'payment' | 'card';
  reference: string;
  method: string | null;
  amount_minor: number | null;
  currency: string | null;
  description: string;
  customer_email: string;
  locale: string;
  return_url: string;
  status: ColumnType<
    'open' | 'challenge' | 'done',
    'open' | undefined,
    'open' | 'challenge' | 'done'
  >;
  challenge_code: string | null;
  pending_outcome: string | null;
  card_fingerprint: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: TCreatedAt;
  expires_at: Date;
}

export interface TReferralCreditsTable {
  id: Generated<number>;
  referrer_user_id: number;
  invited_user_id: number;
  pages: number;
  created_at: TCreatedAt;
}

export interface TUserDataTable {
  user_id: number;
  phone_number: string | null;
  phone_verified_at: TNullableTimestamp;
  app_version: string | null;
  app_version_seen_at: TNullableTimestamp;
  old_app_verification_required: ColumnType<boolean, boolean | undefined, boolean>;
  old_app_bonus_granted_at: TNullableTimestamp;
  updated_at: TTimestamp;
}

export interface TPhoneVerificationsTable {
  user_id: number;
  phone_number: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: TTimestamp;
  expires_at: TTimestamp;
  created_at: TCreatedAt;
}

export interface TSmsSendsTable {
  id: Generated<number>;
  user_id: number;
  phone_number: string;
  sent_at: TTimestamp;
}

export interface TSmsOutboxTable {
  id: Generated<number>;
  to_number: string;
  body: string;
  created_at: TCreatedAt;
}

export interface TExpressDiscountCodesTable {
  id: Generated<number>;
  code: string;
  percent: number;
  /** A calendar date (read it with to_char: drivers turn dates into local-time Dates); the code works through that day. */
  expiration_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  number_of_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  created_by_user_id: number | null;
  created_at: TCreatedAt;
}

export type TExpressOrderStatus = TSharedExpressOrderStatus;

export interface TExpressOrdersTable {
  id: Generated<number>;
  token: string;
  printer_id: number;
  /** Optional: where the receipt (and refund notice) goes. */
  customer_email: string | null;
  status: ColumnType<TExpressOrderStatus, TExpressOrderStatus | undefined, TExpressOrderStatus>;
  /** The guest account owning the order's documents and print job. */
  guest_user_id: number | null;
  printjob_id: number | null;
  locale: ColumnType<TLocale, TLocale | undefined, TLocale>;
  /** Frozen at checkout (what was paid for): documents, printed faces, colour faces. */
  document_count: number;
  page_count: number;
  color_page_count: ColumnType<number, number | undefined, number>;
  is_color: ColumnType<boolean, boolean | undefined, boolean>;
  /** Price before the discount, then what is to be paid (minor units). */
  list_price_minor: ColumnType<number, number | undefined, number>;
  /** The printer's page prices at checkout (what a partial refund is worked out with). */
  mono_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  color_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  price_minor: number;
  currency: string;
  discount_code_id: number | null;
  discount_percent: number | null;
  /** While awaiting payment the order holds one use of its discount code until then. */
  checkout_expires_at: TNullableTimestamp;
  paid_at: TNullableTimestamp;
  /** Paid but not printed by then: refunded. */
  print_by: TNullableTimestamp;
  printed_faces: number | null;
  failure_reason: string | null;
  printed_at: TNullableTimestamp;
  ended_at: TNullableTimestamp;
  documents_deleted_at: TNullableTimestamp;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export type TRefundStatus = 'pending' | 'succeeded' | 'failed';
export type TRefundReason =
  'not_printed_in_time' | 'printer_failed' | 'admin_failed' | 'purchase_refunded';

/** An express order's refund never has the purchase reason (rows found by express_order_id). */
export type TExpressRefundReason = Exclude<TRefundReason, 'purchase_refunded'>;

/**
 * Money going back: for an express order (at most one per order), or (express_order_id null,
 * reason purchase_refunded) for a whole package purchase, at most one per payment (issue 15).
 */
export interface TRefundsTable {
  id: Generated<number>;
  reference: string;
  payment_id: number;
  express_order_id: number | null;
  /** The admin who gave a purchase's money back. */
  requested_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** A purchase refund: its unused pages taken back when asked for (given back if it fails). */
  pages_voided: ColumnType<number, number | undefined, number>;
  amount_minor: number;
  currency: string;
  reason: TRefundReason;
  provider: string;
  provider_reference: string | null;
  status: ColumnType<TRefundStatus, TRefundStatus | undefined, TRefundStatus>;
  failure_code: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
  completed_at: TNullableTimestamp;
}

/** The sandbox provider's record of refunds it made (idempotent on our refund reference). */
export interface TSandboxRefundsTable {
  reference: string;
  provider_reference: string;
  session_provider_reference: string;
  amount_minor: number;
  currency: string;
  created_at: TCreatedAt;
}

/** The company of a business account (issue 15). */
export interface TBusinessProfilesTable {
  user_id: number;
  business_name: string;
  /** Street, house and flat number: one line. */
  address: string;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2 of the address. */
  country: string;
  /** 'PL' with a 10-digit NIP, or the EU VAT prefix (EL for Greece) with the number after it. */
  tax_country: string;
  tax_id: string;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

/** Free test pages given once per tax number. */
export interface TBusinessTrialsTable {
  tax_country: string;
  tax_id: string;
  user_id: number | null;
  grant_id: number | null;
  pages: number;
  granted_at: TCreatedAt;
}

export type TInvoiceKind = 'invoice' | 'correction';
export type TKsefStatus = 'pending' | 'sending' | 'accepted' | 'rejected' | 'failed';

/** A party of an invoice as issued (the snapshot kept in invoices.seller / invoices.buyer). */
export interface TInvoiceParty {
  name: string;
  /** Street, house and flat number: one line. */
  address: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** 'PL' (NIP) or the EU VAT prefix. */
  taxCountry: string;
  taxId: string;
  email?: string | null;
  /** Seller only: the bank account shown for transfers. */
  bankAccount?: string | null;
}

export interface TInvoicesTable {
  id: Generated<number>;
  number: string;
  kind: TInvoiceKind;
  user_id: number | null;
  /** The month billed, YYYY-MM (a correction: the corrected invoice's month). */
  period: string;
  corrects_invoice_id: number | null;
  correction_reason: string | null;
  refund_id: number | null;
  /** Calendar dates (read with to_char: drivers turn dates into local-time Dates). */
  issue_date: ColumnType<Date | string, string, string>;
  sale_date: ColumnType<Date | string, string, string>;
  seller: ColumnType<TInvoiceParty, string, string>;
  buyer: ColumnType<TInvoiceParty, string, string>;
  buyer_name: string;
  buyer_tax_id: string;
  locale: TLocale;
  currency: string;
  /** Totals in minor units; a correction's are the difference (negative for a refund). */
  net_minor: number;
  vat_minor: number;
  gross_minor: number;
  /** The FA(3) XML exactly as issued and sent to KSeF. */
  xml: string;
  xml_sha256: string;
  ksef_status: ColumnType<TKsefStatus, TKsefStatus | undefined, TKsefStatus>;
  ksef_session_reference: string | null;
  ksef_reference: string | null;
  ksef_number: string | null;
  /** The official confirmation of receipt (UPO), XML. */
  ksef_upo: string | null;
  ksef_attempts: ColumnType<number, number | undefined, number>;
  ksef_error: string | null;
  ksef_sent_at: TNullableTimestamp;
  ksef_accepted_at: TNullableTimestamp;
  created_at: TCreatedAt;
  updated_at: TTimestamp;
}

export type TInvoiceLineState = 'sale' | 'before' | 'after';

export interface TInvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  /** 'sale' on an invoice; a correction has each corrected line 'before' and 'after'. */
  state: ColumnType<TInvoiceLineState, TInvoiceLineState | undefined, TInvoiceLineState>;
  payment_id: number | null;
  description: string;
  quantity: number;
  unit_net_minor: number;
  net_minor: number;
  vat_rate: number;
  vat_minor: number;
  gross_minor: number;
  payment_method: string;
  paid_at: ColumnType<Date, Date | string, Date | string>;
  payment_reference: string;
}

export interface TInvoiceCountersTable {
  series: string;
  period: string;
  last_number: number;
}

/** A file in database storage (STORAGE=database, issue 19, 0029); completed once all chunks are in. */
export interface TStoredFilesTable {
  id: Generated<number>;
  key: string;
  byte_size: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: TCreatedAt;
  completed_at: TNullableTimestamp;
}

/** Up to 256 KiB of a stored file's content, in order by seq. */
export interface TStoredFileChunksTable {
  file_id: number;
  seq: number;
  data: ColumnType<Uint8Array, Uint8Array, never>;
}

export interface TDB {
  business_profiles: TBusinessProfilesTable;
  business_trials: TBusinessTrialsTable;
  invoices: TInvoicesTable;
  invoice_lines: TInvoiceLinesTable;
  invoice_counters: TInvoiceCountersTable;
  express_discount_codes: TExpressDiscountCodesTable;
  express_orders: TExpressOrdersTable;
  refunds: TRefundsTable;
  referral_credits: TReferralCreditsTable;
  user_data: TUserDataTable;
  phone_verifications: TPhoneVerificationsTable;
  sms_sends: TSmsSendsTable;
  sms_outbox: TSmsOutboxTable;
  packages: TPackagesTable;
  payments: TPaymentsTable;
  provider_events: TProviderEventsTable;
  card_setups: TCardSetupsTable;
  saved_cards: TSavedCardsTable;
  card_bonuses: TCardBonusesTable;
  sandbox_sessions: TSandboxSessionsTable;
  sandbox_refunds: TSandboxRefundsTable;
  sms_sandbox_sessions: TSmsSandboxSessionsTable;
  location_suggestions: TLocationSuggestionsTable;
  detected_printers: TDetectedPrintersTable;
  agent_download_tokens: TAgentDownloadTokensTable;
  printer_monthly_stats: TPrinterMonthlyStatsTable;
  printer_monthly_users: TPrinterMonthlyUsersTable;
  printer_usage_reports: TPrinterUsageReportsTable;
  page_reservations: TPageReservationsTable;
  device_sessions: TDeviceSessionsTable;
  scans: TScansTable;
  page_reservation_items: TPageReservationItemsTable;
  printjobs: TPrintjobsTable;
  documents: TDocumentsTable;
  users: TUsersTable;
  email_confirmations: TEmailConfirmationsTable;
  password_resets: TPasswordResetsTable;
  sessions: TSessionsTable;
  sign_in_attempts: TSignInAttemptsTable;
  rate_limits: TRateLimitsTable;
  page_grants: TPageGrantsTable;
  cities: TCitiesTable;
  printers: TPrintersTable;
  printer_open_hours: TPrinterOpenHoursTable;
  printer_incidents: TPrinterIncidentsTable;
  inbound_messages: TInboundMessagesTable;
  jobs: TJobsTable;
  mail_log: TMailLogTable;
  audit_log: TAuditLogTable;
  stored_files: TStoredFilesTable;
  stored_file_chunks: TStoredFileChunksTable;
}

export type TUserRow = Selectable<TUsersTable>;
export type TNewUser = Insertable<TUsersTable>;
export type TUserUpdate = Updateable<TUsersTable>;
export type TPrinterRow = Selectable<TPrintersTable>;
export type TNewPrinter = Insertable<TPrintersTable>;
export type TPrintjobRow = Selectable<TPrintjobsTable>;
export type TDocumentRow = Selectable<TDocumentsTable>;
export type TInboundMessageRow = Selectable<TInboundMessagesTable>;
export type TNewInboundMessage = Insertable<TInboundMessagesTable>;
export type TBusinessProfileRow = Selectable<TBusinessProfilesTable>;
export type TInvoiceRow = Selectable<TInvoicesTable>;
export type TNewInvoice = Insertable<TInvoicesTable>;
export type TInvoiceLineRow = Selectable<TInvoiceLinesTable>;
export type TNewInvoiceLine = Insertable<TInvoiceLinesTable>;
