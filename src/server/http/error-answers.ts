import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors.js';

/**
 * Every error answers in the one shape `{ message, errors? }`: validation with each field's
 * message, the app's own errors as thrown, and a 5xx logged with its request and never shown.
 */
export function answerErrorsInOneShape(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path param that cannot name anything: nothing lives at that address.
      if (error.validationContext === 'params') {
        return reply.code(404).send({ message: error.validation[0]?.message ?? 'Not found' });
      }
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ message: 'The request body is too large (64 KB at most)' });
    if (status === 415)
      return reply
        .code(415)
        .send({ message: 'Send the request body as JSON (Content-Type: application/json)' });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        message:
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON'
            : error.message,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
