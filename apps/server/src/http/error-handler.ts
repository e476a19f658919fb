import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  issuesToFieldErrors,
  translate,
  type TErrorResponse,
  type TMessageKey,
  type TMessageValues,
} from '@printomat/shared';
import { AppError } from './errors';

/** Every error leaves as `{ message, code, errors? }` in the person's language, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = request.locale;
    const t = (key: TMessageKey, values?: TMessageValues) => translate(locale, key, values);

    if (error instanceof AppError) {
      const body: TErrorResponse = { message: t(error.messageKey, error.values), code: error.code };
      if (error.fieldErrors) {
        body.errors = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, specs]) => [
            field,
            specs.map((s) =>
              // A bare key is a field message (`errors.blank`); a dotted one names its own
              // namespace (`express.errors.discount_code.unknown`).
              translate(locale, s.key.includes('.') ? (s.key as TMessageKey) : `errors.${s.key}`, {
                ...s.values,
                ...(typeof s.values?.attribute === 'string'
                  ? { attribute: translate(locale, `fields.${s.values.attribute}`) }
                  : {}),
              }),
            ),
          ]),
        );
      }
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        ...(v.params as { minimum?: number; maximum?: number; params?: Record<string, unknown> }),
        code: v.keyword,
        message: v.message ?? 'invalid',
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const body: TErrorResponse = {
        message: t('errors.validation'),
        code: 'validation',
        errors: issuesToFieldErrors(issues, (key, values) => translate(locale, key, values)),
      };
      return reply.status(422).send(body);
    }

    const status = error.statusCode ?? 500;
    const byStatus: Record<number, [string, TMessageKey]> = {
      400: ['bad_request', 'errors.invalid_request'],
      401: ['unauthorized', 'errors.unauthorized'],
      403: ['forbidden', 'errors.forbidden'],
      404: ['not_found', 'errors.not_found'],
      408: ['timeout', 'errors.timeout'],
      413: ['payload_too_large', 'errors.payload_too_large'],
      415: ['unsupported_media_type', 'errors.invalid_request'],
      429: ['rate_limited', 'errors.rate_limited'],
    };
    const known = byStatus[status];
    if (known && status < 500) {
      request.log.info({ err: error }, 'request refused');
      return reply.status(status).send({ message: t(known[1]), code: known[0] });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: t('errors.internal'), code: 'internal' });
  });
}
