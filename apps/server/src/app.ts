import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './platform/db/client.js';
import { getOrCreateSecret } from './platform/auth/secrets.js';
import { AccessTokens } from './platform/auth/access-token.js';
import { LoginStartSealer } from './platform/auth/login-start.js';
import { randomToken } from './platform/auth/crypto.js';
import { registerAuthGuard } from './platform/auth/guard.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerWeb } from './platform/http/web.js';
import { createMailer, type Mailer, type MailMessage } from './platform/mail.js';
import { Jobs } from './platform/jobs.js';
import { storageFromConfig } from './platform/storage-s3.js';
import type { Deps } from './platform/deps.js';
import { createPaymentGateway } from './platform/payments/index.js';
import { authRoutes } from './features/auth/routes.js';
import { sessionRoutes } from './features/session/routes.js';
import { passwordResetRoutes } from './features/password-reset/routes.js';
import { MAIL_QUEUE } from './features/password-reset/service.js';
import { companyRoutes } from './features/company/routes.js';
import { referenceRoutes } from './features/reference/routes.js';
import { geolocationRoutes } from './features/geolocation/routes.js';
import { subscriptionRoutes } from './features/subscription/routes.js';
import { userRoutes } from './features/users/routes.js';
import { groupRoutes } from './features/groups/routes.js';
import { mediaRoutes } from './features/media/routes.js';
import { publicConfigRoutes } from './features/public-config/routes.js';
import { optionsRoutes } from './features/options/routes.js';
import { tourRoutes } from './features/tour/routes.js';
import { ssoRoutes } from './features/sso/routes.js';
import { registrationRoutes } from './features/registration/routes.js';
import { companyDeletionRoutes } from './features/company-deletion/routes.js';
import { importRoutes } from './features/imports/routes.js';
import { articleRoutes } from './features/articles/routes.js';
import { jobRoutes } from './features/jobs/routes.js';
import { tablePreferenceRoutes } from './features/table-preferences/routes.js';
import { customerRoutes } from './features/customers/routes.js';
import { plantRoutes } from './features/plants/routes.js';

export interface BuildOptions {
  /** A ready database (tests); otherwise opened from the configuration. */
  database?: Database;
  /** Replaces the SMTP mailer (never needed with SMTP_* set; kept for tests of failures). */
  mailer?: Mailer;
  logger?: boolean;
}

export interface RouteInfo {
  method: string;
  url: string;
  auth: 'public' | 'session';
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every API route, for the cross-company sweep and the docs. */
  routes: RouteInfo[];
  deps: Deps;
  close(): Promise<void>;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.dataDir, 'pgdata'),
    }));
  await database.migrate();

  // Validation messages in Italian, the product's main language (the web translates by field).
  z.config(z.locales.it());
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: r.url, auth: r.config?.auth === 'public' ? 'public' : 'session' });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jwtKey = config.JWT_SECRET ?? (await getOrCreateSecret(database.db, 'jwt', async () => randomToken()));
  const sealer = await LoginStartSealer.fromStored(
    await getOrCreateSecret(database.db, 'login-start-key', LoginStartSealer.makeKeyPair),
  );
  const jobs = await Jobs.start(database, config.PGBOSS_SCHEMA, app.log);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens: new AccessTokens(new TextEncoder().encode(jwtKey), config.ACCESS_TOKEN_TTL_SEC),
    sealer,
    mailer: opts.mailer ?? createMailer(config, app.log),
    jobs,
    storage: storageFromConfig(config),
    payments: createPaymentGateway(config.PAYMENT_GATEWAY, database.db),
    log: app.log,
  };
  await jobs.register<MailMessage>(MAIL_QUEUE, (m) => deps.mailer.send(m), app.log);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The live-chat widget's script, when configured: exactly its origin (CHAT_WIDGET_URL).
        scriptSrc: ["'self'", ...(config.CHAT_WIDGET_URL ? [new URL(config.CHAT_WIDGET_URL).origin] : [])],
        // Mantine writes its CSS variables in <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
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
  registerAuthGuard(app, database.db, deps.tokens);

  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().get('/health', {
        config: { auth: 'public' },
        schema: {
          tags: ['system'], summary: 'Liveness and database kind',
          response: { 200: z.object({ success: z.literal(true), status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
        },
      }, async () => ({ success: true as const, status: 'ok' as const, database: database.kind }));
      await api.register(authRoutes, { deps });
      await api.register(sessionRoutes, { deps });
      await api.register(passwordResetRoutes, { deps });
      await api.register(companyRoutes, { deps });
      await api.register(referenceRoutes, { deps });
      await api.register(subscriptionRoutes, { deps });
      await api.register(userRoutes, { deps });
      await api.register(groupRoutes, { deps });
      await api.register(geolocationRoutes, { deps });
      await api.register(mediaRoutes, { deps });
      await api.register(publicConfigRoutes, { deps });
      await api.register(optionsRoutes, { deps });
      await api.register(tourRoutes, { deps });
      await api.register(ssoRoutes, { deps });
      await api.register(registrationRoutes, { deps });
      await api.register(companyDeletionRoutes, { deps });
      await api.register(importRoutes, { deps });
      await api.register(articleRoutes, { deps });
      await api.register(jobRoutes, { deps });
      await api.register(tablePreferenceRoutes, { deps });
      await api.register(customerRoutes, { deps });
      await api.register(plantRoutes, { deps });
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.webDist);
  await app.ready();

  return {
    app,
    routes,
    deps,
    async close() {
      await app.close();
      await jobs.stop();
      if (!opts.database) await database.close();
    },
  };
}
