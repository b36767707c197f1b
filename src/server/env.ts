import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./var'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    DEMO_SALES: z.coerce.number().int().min(0).max(5_000_000).default(50_000),
    PSA_API_TOKEN: z.string().min(1).optional(),
    PSA_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.psacard.com/publicapi'),
    CARD_IMAGES_DIR: z.string().min(1).optional(),
    FEEDS_DIR: z.string().min(1).optional(),
    EBAY_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.ebay.com'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    SECURE_COOKIES: booleanish.optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).max(200).optional(),
    NOTIFICATION_WORKER: z.enum(['on', 'off']).default('on'),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d+|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/,
        'must be true, false, a hop count or proxy addresses',
      )
      .optional(),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_EMAIL'],
  })
  .refine((env) => !env.DATABASE_READ_URL || /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? ''), {
    message: 'a read replica needs the primary too: set DATABASE_URL to its postgres:// URL',
    path: ['DATABASE_READ_URL'],
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL, or undefined for the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** Postgres schema to use instead of public (isolated test runs). */
  databaseSchema?: string;
  /** postgres:// URL of a read replica of DATABASE_URL, or undefined to read from the primary too. */
  databaseReadUrl: string | undefined;
  /** The replica's schema when it is not the primary's (tests stand two schemas in for the two servers). */
  databaseReadSchema?: string;
  publicOrigin: string | undefined;
  logLevel: string;
  demoData: 'auto' | 'off';
  demoSales: number;
  psaApiToken: string | undefined;
  psaApiBaseUrl: string;
  cardImagesDir: string | undefined;
  /** Where drop-folder feeds find their folders (a feed names a folder inside it). */
  feedsDir: string;
  /** eBay's API host: the OAuth token endpoint and Marketplace Insights live under it. */
  ebayApiBaseUrl: string;
  /** The wait before a failed feed run's first retry; each later one waits four times longer. */
  feedRetryBaseMs: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  redisUrl: string | undefined;
  secureCookies: boolean;
  /** smtp:// or smtps:// URL of the mail server for alert digests; undefined: alerts stay in the app. */
  smtpUrl: string | undefined;
  /** The From of alert digests. */
  mailFrom: string;
  /** Whether this instance's server turns outbox work into notifications (docs/operations.md). */
  notificationWorker: boolean;
  /** The OpenID Connect providers people may sign in with, as the account sheet offers them. */
  identityProviders: Array<{ id: string; name: string }>;
  /**
   * Which X-Forwarded-* headers to believe: false (none, the default), a number of proxy hops, or the proxies'
   * addresses. Per-IP rate limits depend on it, so only trust what a real load balancer sets.
   */
  trustProxy: boolean | number | string;
  /** Directory of the built web app; absent in API-only test runs. */
  webDir: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export const PUBLIC_ORIGIN_REQUIRED =
  'PUBLIC_ORIGIN: required when NODE_ENV=production: the address people use, e.g. https://holoscope.example (the origin check of unsafe requests compares against it rather than trusting the Host header)';

/**
 * Reads and validates the environment once; every problem is listed, one per line. A server (`serving`)
 * also needs PUBLIC_ORIGIN in production; command-line tools do not.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, { serving = false } = {}): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  const nodeEnv = parsed.success ? parsed.data.NODE_ENV : (present.NODE_ENV ?? 'production');
  if (serving && nodeEnv === 'production' && !present.PUBLIC_ORIGIN) problems.push(PUBLIC_ORIGIN_REQUIRED);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  const databaseUrl = value.DATABASE_URL?.startsWith('sqlite:') ? undefined : value.DATABASE_URL;
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir,
    databaseUrl,
    databaseReadUrl: value.DATABASE_READ_URL,
    publicOrigin: value.PUBLIC_ORIGIN,
    logLevel: value.LOG_LEVEL,
    demoData: value.DEMO_DATA,
    demoSales: value.DEMO_SALES,
    psaApiToken: value.PSA_API_TOKEN,
    psaApiBaseUrl: value.PSA_API_BASE_URL.replace(/\/+$/, ''),
    cardImagesDir: value.CARD_IMAGES_DIR ? path.resolve(value.CARD_IMAGES_DIR) : undefined,
    feedsDir: path.resolve(value.FEEDS_DIR ?? path.join(dataDir, 'feeds')),
    ebayApiBaseUrl: value.EBAY_API_BASE_URL.replace(/\/+$/, ''),
    feedRetryBaseMs: 30_000,
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    redisUrl: value.REDIS_URL,
    secureCookies: value.SECURE_COOKIES ?? value.NODE_ENV === 'production',
    smtpUrl: value.SMTP_URL,
    mailFrom:
      value.MAIL_FROM ??
      `Holoscope <alerts@${value.PUBLIC_ORIGIN ? new URL(value.PUBLIC_ORIGIN).hostname : 'localhost'}>`,
    notificationWorker: value.NOTIFICATION_WORKER === 'on',
    identityProviders: [],
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    webDir: path.resolve('dist/web'),
  };
}

/** For entry points: the configuration, or every problem printed and the process ended. */
export function loadConfigOrExit(options: { serving?: boolean } = {}): Config {
  try {
    return loadConfig(process.env, options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
