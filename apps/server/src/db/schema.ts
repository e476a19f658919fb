import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TAgentPrinterStatus, TRole, TLocale } from '@printomat/shared';

type TCreatedAt = ColumnType<Date, Date | string | undefined, never>;
type TTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TNullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface TUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: ColumnType<TRole, TRole | undefined, TRole>;
  locale: ColumnType<TLocale, TLocale | undefined, TLocale>;
  email_confirmed_at: TNullableTimestamp;
  facebook_id: string | null;
  is_premium: ColumnType<boolean, boolean | undefined, boolean>;
  last_login_at: TNullableTimestamp;
  last_login_mobile: TNullableTimestamp;
  referral_code: string;
  referred_by_user_id: number | null;
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

export type TGrantSource = 'package' | 'card_bonus' | 'referral' | 'admin' | 'refund' | 'welcome';

export interface TPageGrantsTable {
  id: Generated<number>;
  user_id: number;
  source: TGrantSource;
  pages: number;
  remaining: number;
  expires_at: TNullableTimestamp;
  reference: string | null;
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
  created_at: TCreatedAt;
  updated_at: TTimestamp;
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
}

export type TReservationStatus = 'reserved' | 'posted' | 'voided';

export interface TPageReservationsTable {
  id: Generated<number>;
  user_id: number;
  printjob_id: number;
  pages: number;
  charged: number | null;
  status: ColumnType<TReservationStatus, TReservationStatus | undefined, TReservationStatus>;
  created_at: TCreatedAt;
  settled_at: TNullableTimestamp;
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

export interface TDB {
  location_suggestions: TLocationSuggestionsTable;
  detected_printers: TDetectedPrintersTable;
  agent_download_tokens: TAgentDownloadTokensTable;
  printer_monthly_stats: TPrinterMonthlyStatsTable;
  printer_monthly_users: TPrinterMonthlyUsersTable;
  printer_usage_reports: TPrinterUsageReportsTable;
  page_reservations: TPageReservationsTable;
  page_reservation_items: TPageReservationItemsTable;
  printjobs: TPrintjobsTable;
  documents: TDocumentsTable;
  users: TUsersTable;
  email_confirmations: TEmailConfirmationsTable;
  sessions: TSessionsTable;
  sign_in_attempts: TSignInAttemptsTable;
  page_grants: TPageGrantsTable;
  cities: TCitiesTable;
  printers: TPrintersTable;
  printer_open_hours: TPrinterOpenHoursTable;
  jobs: TJobsTable;
  mail_log: TMailLogTable;
  audit_log: TAuditLogTable;
}

export type TUserRow = Selectable<TUsersTable>;
export type TNewUser = Insertable<TUsersTable>;
export type TUserUpdate = Updateable<TUsersTable>;
export type TPrinterRow = Selectable<TPrintersTable>;
export type TNewPrinter = Insertable<TPrintersTable>;
export type TPrintjobRow = Selectable<TPrintjobsTable>;
export type TDocumentRow = Selectable<TDocumentsTable>;
