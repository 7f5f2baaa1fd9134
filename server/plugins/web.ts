// Serves the built web app from the same process: hashed assets cached for a year, every app route gets index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPage } from '#common/routes.ts';
import { allowedMethods } from './allowed-methods.ts';

/** Where `npm run build` puts the web app. */
export const WEB_DIST = join(import.meta.dirname ?? '.', '..', '..', 'dist', 'web');

/**
 * Registers the static files (when built) and the fallback for paths no route claims: JSON 404 under /api,
 * otherwise the app's index.html, with status 404 for paths that are not routes of the app (its 404 page shows).
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
  // @fastify/static takes an absolute root; WEB_DIST_DIR may be given relative to the working directory.
  const distDir = resolve(opts.distDir ?? WEB_DIST);
  const indexFile = join(distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  const indexHtml = hasWeb ? readFileSync(indexFile) : null;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (!wantsPage || !indexHtml) {
      const allow = pathname.startsWith('/api/') ? allowedMethods(app.routeAccess.keys(), pathname) : [];
      if (allow.length > 0) {
        return reply
          .status(405)
          .header('Allow', allow.join(', '))
          .send({
            error: {
              code: 'METHOD_NOT_ALLOWED',
              message: `${pathname} does not take ${request.method}; it takes ${allow.join(', ')}.`,
            },
          });
      }
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } });
    }
    return reply
      .status(isAppPage(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
});
