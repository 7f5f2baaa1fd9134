// Security headers on every response, and a same-origin check on every state-changing API request.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#common/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Helmet with a CSP that fits the built app (no inline scripts; Mantine sets inline styles). */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { appUrl: string; secure: boolean }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The scanner's ZXing WebAssembly (served from our origin) needs compiling: wasm only, never eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // Cookies are SameSite=Lax; on top of that a browser's write must come from our own origin (or the public one).
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser's cross-site request: browsers send Origin on every POST
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== opts.appUrl) {
      throw new AppError('FORBIDDEN', 'This request came from another site and was refused.');
    }
  });
});
