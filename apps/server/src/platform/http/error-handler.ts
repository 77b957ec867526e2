import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { appErrorOfPg } from '../db/pg-errors.js';
import { AppError } from '../errors.js';

/** Maps Fastify's own error codes to ours. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION',
  FST_ERR_VALIDATION: 'VALIDATION',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const params = v.params as { keys?: string[] } | undefined;
        const at = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const keys = params?.keys?.length ? params.keys.join(', ') : '';
        return {
          path: [at, keys].filter(Boolean).join('.') || (error.validationContext ?? 'body'),
          message: v.message ?? 'non valido',
        };
      });
      const e = new AppError('VALIDATION', `Dati non validi: ${fields.map((f) => f.path).join(', ')}`, fields);
      return reply.status(e.status).send(e.toBody());
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const e = new AppError(mapped, mapped === 'VALIDATION' ? error.message : undefined);
      return reply.status(e.status).send(e.toBody());
    }
    // Any other refusal Fastify or a plugin makes of the request itself (a limit, a malformed
    // part) stays a client error: 413 for sizes, 415 for types, 400 for the rest.
    const status = error.statusCode ?? 0;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION';
      const e = new AppError(code, code === 'VALIDATION' ? error.message : undefined);
      request.log.info({ code: error.code, status }, 'request refused');
      return reply.status(e.status).send(e.toBody());
    }
    const fromDb = appErrorOfPg(error);
    if (fromDb) {
      request.log.warn(
        { code: (error as { cause?: { code?: string } }).cause?.code ?? error.code },
        'database refused a write',
      );
      return reply.status(fromDb.status).send(fromDb.toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response does not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    const e = new AppError('INTERNAL');
    return reply.status(500).send(e.toBody());
  });
}

/**
 * Refusals the router makes before any route or hook runs (a malformed address, a path parameter over
 * 100 characters): our error body, 400 VALIDATION, like every other refusal of the request.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? "Parametro dell'indirizzo troppo lungo"
      : error.code === 'FST_ERR_BAD_URL'
        ? 'Indirizzo non valido'
        : 'Richiesta non valida';
  request.log.info({ code: error.code }, 'request refused by the router');
  const e = new AppError('VALIDATION', message);
  void reply.status(e.status).send(e.toBody());
}
