import { z } from 'zod';
import { zRequiredText } from './fields';

// Free pages (/zdobadz-strony) and the phone number (spec: user_datum.phone_number).

export const REFERRAL_STATUSES = [
  'waiting_for_confirmation',
  'waiting_for_purchase',
  'credited',
  'not_eligible',
] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const ZReferral = z.object({
  /** The invited person's address, masked (a***@example.com). */
  email: z.string(),
  signed_up_at: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** Pages credited for this person (null until credited). */
  pages: z.number().int().nullable(),
  credited_at: z.string().nullable(),
});
export type TReferral = z.infer<typeof ZReferral>;

export const ZCardBonus = z.object({
  received: z.boolean(),
  pages: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.string().nullable(),
});

export const ZFreePages = z.object({
  referral_link: z.string(),
  referral_code: z.string(),
  /** Pages the inviter gets per invited person, and for how many days. */
  referral_bonus_pages: z.number().int(),
  referral_bonus_days: z.number().int(),
  referrals: z.array(ZReferral),
  referral_pages_total: z.number().int(),
  card_bonus: ZCardBonus,
});
export type TFreePages = z.infer<typeof ZFreePages>;

export const PHONE_NUMBER_MAX_LENGTH = 32;
export const SMS_CODE_LENGTH = 6;

export const ZPhoneNumberInput = z.object({
  phone_number: zRequiredText(PHONE_NUMBER_MAX_LENGTH),
});
export type TPhoneNumberInput = z.infer<typeof ZPhoneNumberInput>;

export const ZSmsCodeInput = z.object({
  sms_verification_code: zRequiredText(16),
});
export type TSmsCodeInput = z.infer<typeof ZSmsCodeInput>;

export const ZPhoneState = z.object({
  /** The verified number (E.164), or null. */
  phone_number: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** A code was sent and waits to be typed in. */
  pending: z
    .object({
      phone_number: z.string(),
      /** When "send again" becomes possible (ISO time). */
      resend_available_at: z.string(),
      expires_at: z.string(),
    })
    .nullable(),
  /** The account signed in with an outdated phone app: verify a Polish mobile number to print. */
  old_app_verification_required: z.boolean(),
  old_app_extra_pages: z.number().int(),
  /** Pages credited just now by this request (the old-app extra), else 0. */
  credited_pages: z.number().int(),
});
export type TPhoneState = z.infer<typeof ZPhoneState>;
