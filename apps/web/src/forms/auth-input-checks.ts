import { ZRegisterInput, ZSignInInput, type TTranslate } from '@printomat/shared';
import type { TRegisterPayload, TSignInPayload } from '../api/auth-api';
import { checkInput } from './check-input';

// The sign-in and sign-up pages are in the entry chunk, which must not carry zod (docs/web.md):
// they import this module when a form is submitted, so that these schemas and zod load then, in
// their own chunk.

export const checkSignIn = (values: TSignInPayload, t: TTranslate) =>
  checkInput(ZSignInInput, values, t);

export const checkRegister = (values: TRegisterPayload, t: TTranslate) =>
  checkInput(ZRegisterInput, values, t);
