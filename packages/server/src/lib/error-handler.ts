import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '@inscripciones/shared/errors.ts';
import { HTTP_MSG, VALIDATION_MSG } from '@inscripciones/shared/messages.ts';

/**
 * The single error handler (DESIGN "Conventions" 4): AppErrors keep their Spanish message; Fastify's own
 * 4xx errors (bad JSON, body too large, ...) get one; anything else is a 500 whose details stay in the log.
 */
function fromFastifyError(error: FastifyError): AppError {
  const status = error.statusCode ?? 500;
  const code = error.code ?? '';
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', VALIDATION_MSG.payloadTooLarge);
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', VALIDATION_MSG.unsupportedMediaType);
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new AppError('VALIDATION', VALIDATION_MSG.emptyBody);
  if (status === 400 && (error instanceof SyntaxError || code.startsWith('FST_ERR_CTP'))) {
    return new AppError('VALIDATION', VALIDATION_MSG.invalidJson);
  }
  if (status === 404) return new AppError('NOT_FOUND', HTTP_MSG.notFound);
  if (status === 429) return new AppError('RATE_LIMITED', error.message);
  if (status >= 400 && status < 500) {
    const byStatus: Record<number, ErrorCode> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 409: 'CONFLICT' };
    return new AppError(byStatus[status] ?? 'VALIDATION', VALIDATION_MSG.summary);
  }
  return new AppError('INTERNAL', HTTP_MSG.internal);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'unhandled error');
    // By code, not text: messages may name a child or carry a CI (a 409 on a duplicate, for one).
    else
      request.log.info({ code: appError.code, status: appError.statusCode }, `${appError.statusCode} ${appError.code}`);
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
    return reply.status(appError.statusCode).send(appError.toBody());
  });
}
