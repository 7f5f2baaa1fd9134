// The one place that turns errors into responses: AppError codes to statuses, validation to field errors, 5xx hidden.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type TErrorBody, type TFieldErrors } from '#common/errors.ts';

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** Maps every thrown error to the `{ error: { code, message, fieldErrors? } }` body. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorBody = { error: { code: error.code, message: error.message } };
      if (error.fieldErrors) body.error.fieldErrors = error.fieldErrors;
      if (error.details !== undefined) body.error.details = error.details;
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterMs !== undefined)
        reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: TFieldErrors = {};
      for (const issue of error.validation) {
        const path = fieldPath(issue.instancePath) || (error.validationContext ?? 'request');
        fieldErrors[path] ??= issue.message ?? 'Invalid value';
      }
      const summary = Object.entries(fieldErrors)
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ');
      const body: TErrorBody = {
        error: { code: 'VALIDATION', message: `Invalid request: ${summary}`, fieldErrors },
      };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again.' } });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(status)
        .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again.' } });
    }
    // Fastify's own 4xx (a malformed JSON body, an unsupported media type, a body too large): say what it was.
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
    return reply.status(status).send({ error: { code, message: error.message } });
  });
});
