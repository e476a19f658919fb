import { z } from 'zod';

/**
 * PIN and ID for copying and scanning at a printer (issue 16; spec: "A PIN set page (PIN and ID
 * for copy/scan)"). The ID (`pin_uid`) is a random number given with the first PIN; the PIN is
 * 4-8 digits, stored hashed. Setting or changing it asks for the account password when the
 * account has one (`old_password`, as the spec's user attributes name it).
 */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;

export const ZPinInput = z.object({
  pin_code: z.string().max(64),
  pin_code_confirmation: z.string().max(64),
  old_password: z.string().max(200).optional(),
});
export type TPinInput = z.infer<typeof ZPinInput>;

/** GET/PUT /ajax/user/pin, POST /ajax/user/pin/reset. */
export const ZPinState = z.object({
  /** The numeric ID to type at the printer; null until a PIN is first set. */
  pin_uid: z.number().int().nullable(),
  pin_set: z.boolean(),
  pin_set_at: z.string().nullable(),
  /** Whether setting the PIN asks for the account password (accounts without one do not). */
  password_required: z.boolean(),
});
export type TPinState = z.infer<typeof ZPinState>;
