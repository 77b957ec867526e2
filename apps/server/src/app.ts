import Fastify, { LogController, type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { mapTileOrigin, type Config } from './config.js';
import { openConfiguredDatabase, type Database } from './platform/db/client.js';
import { getOrCreateSecret } from './platform/auth/secrets.js';
import { AccessTokens } from './platform/auth/access-token.js';
import { LoginStartSealer } from './platform/auth/login-start.js';
import { randomToken } from './platform/auth/crypto.js';
import { registerAuthGuard } from './platform/auth/guard.js';
import { registerApiHygiene } from './platform/http/api-hygiene.js';
import { frameworkErrors, registerErrorHandling } from './platform/http/error-handler.js';
import { registerWeb } from './platform/http/web.js';
import { loggerOptions, registerRequestLog } from './platform/http/request-log.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { Jobs } from './platform/jobs.js';
import { storageFromConfig } from './platform/storage-config.js';
import type { Deps } from './platform/deps.js';
import { registerSubscribers } from './platform/events/dispatcher.js';
import { allSubscribers } from './features/subscribers.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createPaymentGateway } from './platform/payments/index.js';
import { routes, type RouteSpec } from '@fs/contract';
import { areaRoutes } from './features/index.js';
import { implement } from './platform/http/route.js';
import { checkRouteTable, collectRegisteredRoutes, openApiTransform } from './platform/http/route-table.js';
import { SandboxGateway } from './platform/payments/sandbox.js';
import { allJobs } from './features/jobs.js';
import { setUpJobs, startWorkers } from './platform/job-registry.js';
import { systemResolve, type Resolve } from './platform/dns.js';

export interface BuildOptions {
  /** A ready database (tests), left open by `close()`; otherwise opened from the configuration. */
  database?: Database;
  /**
   * The configuration's database, already being opened (main.ts starts it before loading the rest of the server, so
   * PGlite's WebAssembly start-up overlaps the module loading); closed by `close()` like one opened here.
   */
  opening?: Promise<Database>;
  /** Replaces the SMTP mailer (never needed with SMTP_* set; kept for tests of failures). */
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** Replaces the system clock (tests move time instead of waiting). */
  clock?: Clock;
  /** Replaces the system resolver of webhook deliveries (tests: a name resolving to 127.0.0.1). */
  resolve?: Resolve;
  /** Told the route table's id of each request that passed the guard and validation and reaches its handler (the sweep). */
  onHandler?: (routeId: string) => void;
  /**
   * How long `close()` waits for running jobs (default 5 s). Tests wait for them to end: a job that outlived the stop
   * (a PDF on a loaded machine) would complete against the queue schema a test drops right after.
   */
  jobStopTimeoutMs?: number;
}

/** An API route as the tests walk it: the route table's entry (packages/contract/src/routes). */
export type RouteInfo = RouteSpec;

export interface BuiltApp {
  app: FastifyInstance;
  /** Every API route this server registered: the route table's entries (for the sweep and the fuzz). */
  routes: readonly RouteInfo[];
  deps: Deps;
  close(): Promise<void>;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  // Milliseconds of each start-up step, logged once ready (bench/restart.ts reads them).
  const startup: Record<string, number> = {};
  let stepStarted = performance.now();
  const mark = (name: string) => {
    const now = performance.now();
    startup[name] = Math.round(now - stepStarted);
    stepStarted = now;
  };
  const database = opts.database ?? (await (opts.opening ?? openConfiguredDatabase(config)));
  mark('database');
  await database.migrate();
  mark('migrations');

  // Validation messages in Italian, the product's main language (the web translates by field).
  z.config(z.locales.it());
  const app = Fastify({
    // One line per request, at INFO only when slow or failed, written asynchronously (platform/http/request-log.ts).
    logger: opts.logger === false ? false : loggerOptions(config.LOG_LEVEL, opts.logStream),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  const registered = collectRegisteredRoutes(app);
  registerRequestLog(app, config.LOG_SLOW_MS);
  const onHandler = opts.onHandler;
  if (onHandler)
    app.addHook('preHandler', async (request) => {
      const id = request.routeOptions.config.routeId;
      if (id) onHandler(id);
    });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jwtKey = config.JWT_SECRET ?? (await getOrCreateSecret(database.db, 'jwt', async () => randomToken()));
  const sealer = await LoginStartSealer.fromStored(
    await getOrCreateSecret(database.db, 'login-start-key', LoginStartSealer.makeKeyPair),
  );
  const works = config.ROLE !== 'api';
  const serves = config.ROLE !== 'worker';
  mark('fastify');
  const jobs = await Jobs.start(database, config.PGBOSS_SCHEMA, app.log, works, config.JOB_EXPIRE_SEC);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens: new AccessTokens(new TextEncoder().encode(jwtKey), config.ACCESS_TOKEN_TTL_SEC, opts.clock ?? systemClock),
    sealer,
    mailer: opts.mailer ?? createMailer(config, app.log),
    jobs,
    storage: await storageFromConfig(config),
    payments: createPaymentGateway(config.PAYMENT_GATEWAY, database.db),
    log: app.log,
    clock: opts.clock ?? systemClock,
    sleep: (ms) => delay(ms),
    resolve: opts.resolve ?? systemResolve,
  };
  // Every subscriber has its position before any event can be written (decision 0036).
  await registerSubscribers(deps, allSubscribers);
  mark('queue');
  await setUpJobs(deps, allJobs, works);
  mark('jobs');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The live-chat widget's script, when configured: exactly its origin (CHAT_WIDGET_URL).
        scriptSrc: ["'self'", ...(config.CHAT_WIDGET_URL ? [new URL(config.CHAT_WIDGET_URL).origin] : [])],
        // Mantine writes its CSS variables in <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The planner map's tiles, when configured (MAP_TILE_URL); none by default.
        imgSrc: ["'self'", 'data:', 'blob:', ...[mapTileOrigin(config.MAP_TILE_URL)].filter((o) => o !== null)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers over 1 KB (API JSON, CSV downloads, the catalogue stream) compressed on the fly, at a
  // quick brotli level; the web's assets are precompressed at build time and sent as they are (web.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: config.LOGO_MAX_BYTES, files: 1, fieldSize: 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gestionale interventi API',
        version: '1.0.0',
        description:
          'Every request carries `Source: WEB`, `Device-Id` (16 alphanumerics made by the client) and, once signed in, ' +
          '`Authorization: Bearer <access token>`. Errors answer `{ success: false, code, message }` with an alert code.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Decision 0048: a company's API key, `Authorization: Bearer fsk_…`, on the routes that list it.
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key (fsk_ + 38 characters)',
            description: 'An API key generated by an administrator (GET /api/api-key/getall), under its scopes.',
          },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call leaves the machine: no online validator, nothing loaded from https: hosts.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/ validator\.swagger\.io/g, '')
        .replace(/ https:/g, '')
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });

  registerErrorHandling(app);
  registerAuthGuard(app, deps);

  await app.register(
    async (api) => {
      registerApiHygiene(api);
      implement(api, routes.system.health, async () => ({
        success: true as const,
        status: 'ok' as const,
        database: database.kind,
      }));
      if (serves) await api.register(areaRoutes, { deps });
    },
    { prefix: '/api' },
  );
  if (serves) await registerWeb(app, config.webDist);
  mark('routes');
  await app.ready();
  if (works) await startWorkers(deps, allJobs);
  mark('ready');
  app.log.info({ startupMs: startup, sinceProcessStartMs: Math.round(performance.now()) }, 'server built');
  // Start-up fails unless the server registered exactly the route table (each entry once, nothing else).
  const implemented = checkRouteTable(registered, {
    serves,
    paymentSandbox: deps.payments instanceof SandboxGateway,
  });

  return {
    app,
    routes: implemented,
    deps,
    /** Fastify first (no new requests, the current ones answered), then the job workers, then the database. */
    async close() {
      let failure: unknown;
      const steps = [
        () => app.close(),
        () => jobs.stop(opts.jobStopTimeoutMs),
        ...(opts.database ? [] : [() => database.close()]),
      ];
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    },
  };
}
