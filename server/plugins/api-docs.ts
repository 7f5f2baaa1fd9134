// The OpenAPI document, generated from the routes' zod schemas, with its reader at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Registers the generator; must come before the routes it documents. */
export const apiDocsPlugin = fp(async (app: FastifyInstance, opts: { version: string; appUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Forgeboard API',
        description:
          'The JSON API behind the Forgeboard web app. Every route takes and returns JSON; errors are `{ error: { code, message, fieldErrors? } }`.',
        version: opts.version,
      },
      servers: [{ url: opts.appUrl }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fb_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI sets inline styles at run time; its pages get their own CSP that allows them, and nothing else inline.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
  });
});
