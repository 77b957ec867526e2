import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: config paths are relative to it, so `npm start` works from any workspace. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optional = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalUrl = z
  .string()
  .trim()
  .url()
  .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** 127.0.0.0/8, ::1 or localhost: the only hosts an http:// issuer may have (tests, local providers). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * What this process does: `all` (web, API and background workers: the default, one process),
     * `api` (web and API; jobs are only enqueued) or `worker` (background jobs only, with
     * /api/health). On PostgreSQL several api processes and a worker process share one database.
     */
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    PORT: int(0, 65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PGBOSS_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('pgboss'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A request slower than this is logged at INFO (with the failed ones); the others at DEBUG (decision 0041). */
    LOG_SLOW_MS: int(0, 600_000).default(500),
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.default(true),
    WEB_DIST: z.string().default('apps/web/dist'),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ACCESS_TOKEN_TTL_SEC: int(5, 86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: int(1, 365).default(30),
    TEMP_REFRESH_TOKEN_TTL_SEC: int(10, 3600).default(300),
    RESET_TOKEN_TTL_MIN: int(5, 1440).default(60),
    LOGIN_SLOW_AFTER: int(1, 100).default(3),
    LOGIN_MAX_FAILURES: int(2, 100).default(5),
    LOGIN_LOCK_MIN: int(1, 1440).default(15),
    BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
    LOGO_MAX_BYTES: int(1024, 20 * 1024 * 1024).default(2 * 1024 * 1024),
    MEDIA_MAX_BYTES: int(1024, 1024 * 1024 * 1024).default(2 * 1024 * 1024),
    IMPORT_MAX_BYTES: int(1024, 10 * 1024 ** 3).default(200 * 1024 * 1024),
    /** A running import whose heartbeat (written every sixth of this) is older than this has died. */
    /** Multiplies every public endpoint's limit (platform/rate-limit.ts); the test harness raises it. */
    RATE_LIMIT_FACTOR: int(1, 100_000).default(1),
    IMPORT_STALE_SEC: int(3, 3600).default(60),
    MEDIA_DOC_MAX_BYTES: int(1024, 5 * 1024 ** 3).default(25 * 1024 * 1024),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optional,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: bool.default(false),
    TOKEN_ACCESS_DURATION_SEC: int(10, 3600).default(120),
    SMTP_HOST: optional,
    SMTP_PORT: int(1, 65535).default(587),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: optional,
    SMTP_PASSWORD: optional,
    SMTP_IGNORE_TLS: bool.default(false),
    PAYMENT_GATEWAY: z.enum(['sandbox']).default('sandbox'),
    BANK_TRANSFER_DUE_DAYS: int(1, 120).default(30),
    /**
     * Expiry of the short, retry-safe jobs (mail, reminders; job-registry.ts): a job whose worker died
     * is failed after this and run again, within a minute with the defaults. Long jobs keep their own.
     */
    JOB_EXPIRE_SEC: int(2, 600).default(30),
    /** First retry delay of a failed report mail (seconds, doubled each time; tests use 0). */
    MAIL_RETRY_DELAY_SEC: int(0, 3600).default(5),
    /**
     * Recipients a company may mail per hour: reports sent to the customer and signing links together
     * (each address of a sending counts); past it 429 MAIL_LIMIT_REACHED with Retry-After.
     */
    MAIL_RECIPIENTS_PER_HOUR: int(1, 100_000).default(100),
    /** How many days a mailed signing link stays valid. */
    SIGNATURE_LINK_DAYS: int(1, 90).default(7),
    MAIL_FROM: z.string().min(3).default('Gestionale Interventi <no-reply@localhost>'),
    CHAT_WIDGET_URL: optionalUrl,
    /** Nominatim-compatible geocoder for customer addresses (…/search); none means no geocoding. */
    GEOCODER_URL: optionalUrl,
    GEOCODER_TIMEOUT_MS: int(500, 60_000).default(5000),
    /**
     * Raster tiles of the planner's map (Leaflet template with {z}, {x}, {y}, optionally {s}); none means
     * the offline basemap of Italy's regions and provinces shipped with the web, and no call out.
     */
    MAP_TILE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/i, 'must be an http:// or https:// URL')
      .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAP_TILE_ATTRIBUTION: z.string().trim().max(500).default(''),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optional,
    OIDC_CLIENT_SECRET: optional,
    /**
     * Lets webhooks reach private, loopback and link-local addresses (decision 0049): tests and a local receiver
     * only; off by default, so a company's webhook never reaches the server's own network.
     */
    WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
    /**
     * Fatture in Cloud (decision 0051): the product's OAuth app (client id and secret from the FiC developers'
     * console); without a client id the integration answers FIC_NOT_CONFIGURED. The API's and the OAuth pages' base
     * addresses default to Fatture in Cloud's own (tests point them to the local fake).
     */
    FIC_CLIENT_ID: optional,
    FIC_CLIENT_SECRET: optional,
    FIC_BASE_URL: z.string().url().default('https://api-v2.fattureincloud.it'),
    FIC_OAUTH_URL: z.string().url().default('https://api-v2.fattureincloud.it'),
  })
  .refine((c) => !c.MAP_TILE_URL || c.MAP_TILE_ATTRIBUTION, {
    path: ['MAP_TILE_ATTRIBUTION'],
    message: "required when MAP_TILE_URL is set (the tiles' licence)",
  })
  .refine((c) => !c.OIDC_ISSUER_URL || c.OIDC_CLIENT_ID, {
    path: ['OIDC_CLIENT_ID'],
    message: 'required when OIDC_ISSUER_URL is set',
  })
  .refine((c) => !c.OIDC_ISSUER_URL || c.OIDC_ISSUER_URL.startsWith('https://') || isLoopbackUrl(c.OIDC_ISSUER_URL), {
    path: ['OIDC_ISSUER_URL'],
    message: 'must be https:// (plain http only on loopback)',
  })
  .refine((c) => !c.S3_ENDPOINT || c.S3_BUCKET, { path: ['S3_BUCKET'], message: 'required when S3_ENDPOINT is set' })
  .refine((c) => !c.S3_ACCESS_KEY_ID === !c.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  })
  .refine((c) => c.LOGIN_SLOW_AFTER < c.LOGIN_MAX_FAILURES, {
    path: ['LOGIN_SLOW_AFTER'],
    message: 'must be lower than LOGIN_MAX_FAILURES',
  });

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  dataDir: string;
  webDist: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The origin of MAP_TILE_URL for the content security policy ({s} subdomains as a wildcard), or null. */
export function mapTileOrigin(url: string | undefined): string | null {
  const m = url ? /^(https?:\/\/[^/]+)/i.exec(url) : null;
  return m ? m[1]!.replace('{s}', '*') : null;
}

/** Parses the environment once. Every problem is listed, not only the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const c = parsed.data;
  if (c.ROLE !== 'all' && !c.DATABASE_URL) {
    // The embedded database belongs to one process: splitting roles needs PostgreSQL.
    throw new ConfigError([
      `ROLE: '${c.ROLE}' needs DATABASE_URL (PostgreSQL); the embedded database runs ROLE=all only`,
    ]);
  }
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(ROOT_DIR, c.DATA_DIR),
    webDist: path.resolve(ROOT_DIR, c.WEB_DIST),
  };
}

/** Loads `.env` from the repository root when present (real environment wins). */
export async function loadDotEnv(): Promise<void> {
  const file = path.join(ROOT_DIR, '.env');
  if (existsSync(file)) {
    const dotenv = await import('dotenv');
    dotenv.config({ path: file, quiet: true });
  }
}
