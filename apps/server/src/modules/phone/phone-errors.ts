import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate, type TErrorResponse } from '@printomat/shared';
import { AppError } from '../../http/errors';

export type TPhoneFieldReason =
  'invalid' | 'not_supported' | 'blacklisted' | 'taken' | 'checked_recently';

/**
 * A phone number refused by a rule (spec section 5). It answers like every validation error
 * (422, "Please correct the highlighted fields.", messages per field), but its field message
 * lives in the `phone` namespace, which the central handler (errors.* only) does not read.
 */
export class PhoneFieldError extends AppError {
  constructor(readonly reason: TPhoneFieldReason) {
    super(422, 'validation', 'errors.validation');
  }
}

/**
 * Route-level error handler of the phone routes: renders PhoneFieldError, hands everything
 * else to the application's handler unchanged.
 */
export function phoneErrorHandler(app: FastifyInstance) {
  const fallback = app.errorHandler;
  return function handle(
    this: FastifyInstance,
    error: FastifyError | AppError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error instanceof PhoneFieldError) {
      const body: TErrorResponse = {
        message: translate(request.locale, 'errors.validation'),
        code: `phone_${error.reason}`,
        errors: { phone_number: [translate(request.locale, `phone.field_errors.${error.reason}`)] },
      };
      void reply.status(422).send(body);
      return;
    }
    fallback.call(this, error, request, reply);
  };
}
