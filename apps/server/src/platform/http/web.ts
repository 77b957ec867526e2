import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE } from '@fs/contract';
import { AppError } from '../errors.js';

/**
 * The page prerendered at build time (decision 0043): in Italian, for a visitor whose language
 * cookie asks for no other; anyone else gets index.html and the app draws the page.
 */
function prerendered(webDist: string, pathname: string, cookie: string | undefined): string | null {
  if (pathname !== '/login' || !existsSync(path.join(webDist, 'login.html'))) return null;
  const locale = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie ?? '')?.[1];
  return locale === undefined || locale === 'it' ? 'login.html' : null;
}

/**
 * Serves the built web app with history fallback: any non-API GET that is not
 * a file answers index.html and the web router renders the page (its own 404
 * included). Unknown /api paths answer 404 JSON.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // index.html and the assets have .br and .gz twins written at build time (scripts/build.mjs).
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/[\\/](sw\.js|registerSW\.js|manifest\.webmanifest)$/.test(file)) {
          // The service worker and the manifest are checked for updates on every visit.
          res.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/*', { schema: { hide: true } }, (req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api') {
        throw new AppError('NOT_FOUND', `Percorso API sconosciuto: ${req.method} ${req.url.split('?')[0]}`);
      }
      const rel = decodeURIComponent(req.url.split('?')[0]!).replace(/^\/+/, '');
      const file = path.join(webDist, rel);
      if (rel && file.startsWith(webDist + path.sep) && existsSync(file) && !rel.endsWith('/')) {
        return reply.sendFile(rel);
      }
      const page = prerendered(webDist, req.url.split('?')[0]!, req.headers.cookie) ?? 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const e = new AppError('NOT_FOUND', `Percorso sconosciuto: ${req.method} ${req.url.split('?')[0]}`);
    reply.status(404).send(e.toBody());
  });
}
