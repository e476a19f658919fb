import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { zEmail, zPassword, zSecret } from './fields';

export const ROLES = ['user', 'business', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZLocale = z.enum(LOCALES, { error: 'invalid' });

/** A new password typed twice (sign-up, change, reset): the same rules everywhere. */
const newPasswordFields = {
  password: zPassword,
  password_confirmation: z.string({ error: 'blank' }),
};

/**
 * Checks that each `<attribute>_confirmation` equals its `<attribute>`; a mismatch is reported on
 * the confirmation field, after the field's own rules.
 */
function confirms(...attributes: string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const attribute of attributes) {
      if (value[`${attribute}_confirmation`] !== value[attribute]) {
        ctx.addIssue({
          code: 'custom',
          path: [`${attribute}_confirmation`],
          message: 'confirmation',
          params: { attribute },
        });
      }
    }
  };
}

/** Confirmation fields are checked after their own field, so a mismatch is reported on the confirmation. */
export const ZRegisterInput = z
  .object({
    email: zEmail,
    email_confirmation: z.string({ error: 'blank' }).trim().toLowerCase(),
    ...newPasswordFields,
    locale: ZLocale.optional(),
    referral_code: z.string().trim().max(64).optional(),
  })
  .superRefine(confirms('email', 'password'));
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZSignInInput = z.object({ email: zEmail, password: zSecret });
export type TSignInInput = z.infer<typeof ZSignInInput>;

/** Phone apps sign in with JSON; `is_mobile_app` sets `last_login_mobile`. */
export const ZSessionInput = ZSignInInput.extend({ is_mobile_app: z.boolean().optional() });
export type TSessionInput = z.infer<typeof ZSessionInput>;

export const ZChangePasswordInput = z
  .object({
    old_password: zSecret,
    ...newPasswordFields,
  })
  .superRefine(confirms('password'));
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZConfirmEmailInput = z.object({
  token: z.string({ error: 'blank' }).min(1, { error: 'blank' }).max(200),
});
export const ZLocaleInput = z.object({ locale: ZLocale });

/** Forgot password: the address a reset link goes to (if it has an account). */
export const ZForgotPasswordInput = z.object({ email: zEmail });
export type TForgotPasswordInput = z.infer<typeof ZForgotPasswordInput>;

/** The token from a reset link, checked when its page opens. */
export const ZResetTokenInput = ZConfirmEmailInput;

/** A new password through a reset link: the same password rules as sign-up and change. */
export const ZResetPasswordInput = z
  .object({
    token: ZConfirmEmailInput.shape.token,
    ...newPasswordFields,
  })
  .superRefine(confirms('password'));
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

/** `GET /ajax/user` (spec section 7): the shape phone apps in the field read. */
export const ZAjaxUser = z.object({
  id: z.number().int(),
  remaining_page_limit: z.number().int(),
  is_premium: z.boolean(),
  last_login_mobile: z.string().nullable(),
});
export type TAjaxUser = z.infer<typeof ZAjaxUser>;

/** The signed-in person as the web app sees them. */
export const ZMe = ZAjaxUser.extend({
  email: z.string(),
  role: ZRole,
  locale: ZLocale,
  email_confirmed: z.boolean(),
  remaining_color_pages: z.number().int(),
  has_password: z.boolean(),
  has_facebook: z.boolean(),
  /** Not signed in since the account was made (the home page says "Welcome", not "Welcome back"). */
  is_new_account: z.boolean(),
});
export type TMe = z.infer<typeof ZMe>;

/** `POST /api/auth/register` and `/api/auth/sign-in`: the person now signed in. */
export const ZUserAnswer = z.object({ user: ZMe });
export type TUserAnswer = z.infer<typeof ZUserAnswer>;

export const ZSessionState = z.object({
  user: ZMe.nullable(),
  csrf_token: z.string(),
  facebook_enabled: z.boolean(),
  locale: ZLocale,
  /** Larger files are refused before upload with the too-large message. */
  max_upload_bytes: z.number().int(),
});
export type TSessionState = z.infer<typeof ZSessionState>;
