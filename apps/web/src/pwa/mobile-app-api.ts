import { ZAjaxUser, type TAjaxUser } from '@printomat/shared';
import { api } from '../api/client';

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { ajaxUser: ZAjaxUser } : null;

/** The installed app was started by a signed-in person: sets `last_login_mobile`. */
export const recordMobileAppStart = () =>
  api.post<TAjaxUser>('/ajax/user/mobile_app', {}, { schema: RESPONSES?.ajaxUser });
