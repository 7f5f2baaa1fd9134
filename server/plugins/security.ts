// Security headers on every response, and a same-origin check on every state-changing API request.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '#common/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The browser features a page of ours may use: the camera for our own origin (the scanner), nothing else the app does
 * not use. What the app does use besides (writing to the clipboard for the Copy buttons) is left out, so it keeps the
 * browser's default. Only names Chromium knows (checked against Chromium 156): it logs a warning for any other.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'idle-detection=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
  'clipboard-read=()',
  'gamepad=()',
  'local-fonts=()',
  'window-management=()',
].join(', ');

/**
 * Helmet with a CSP that fits the built app (no inline scripts; Mantine sets inline styles), framing denied by both
 * headers, and the Permissions-Policy.
 *
 * Helmet itself, built ONCE: @fastify/helmet called `helmet(options)` on every request, parsing the options and the
 * CSP's directives afresh each time (1.7 % of the server's busy time under the postings bench, decision 087). Built
 * once, with directives that are all plain strings, helmet's middleware only sets its headers (decision 092).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { appUrl: string; secure: boolean }) => {
  const setSecurityHeaders = helmet({
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
    // The same rule as frame-ancestors 'none', for browsers that read only the old header (helmet's default,
    // SAMEORIGIN, would say the opposite to them).
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Synchronous: helmet sets its headers on the raw response (Fastify sends them with its own) and calls back.
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  const SAML_ACS_PREFIX = '/api/auth/sso/saml2/sp/acs/';
  // Cookies are SameSite=Lax; on top of that a browser's write must come from our own origin (or the public one).
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // A SAML identity provider posts its signed response from its own site (decision 090): the response's signature,
    // audience and InResponseTo are its proof, and the ACS starts a session only from them.
    if (request.url.startsWith(SAML_ACS_PREFIX)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser's cross-site request: browsers send Origin on every POST
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== opts.appUrl) {
      throw new AppError('FORBIDDEN', 'This request came from another site and was refused.');
    }
  });
});
