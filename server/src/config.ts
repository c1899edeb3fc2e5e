// Every environment variable Clubroom reads, parsed once. Documented in README.md.
import { DEFAULT_PASSWORD_HASH_COST, MINIMUM_PASSWORD_HASH_COST, type PasswordHashCost } from './lib/password-hash.js';
import { z } from 'zod';
import { resolve } from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  UPLOAD_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_PREPARE: bool.default(true),
  GRAPHQL_JIT: bool.default(true),
  TRUSTED_DOCUMENTS: z.enum(['enforce', 'off']).default('enforce'),
  JWT_SECRET: z.string().min(32).optional(),
  WEBHOOK_SECRETS_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(30),
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Clubroom <no-reply@clubroom.local>'),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  AUTH_RATE_LIMIT_FAILS_PER_EMAIL_IP: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  ALLOW_PRIVATE_OUTBOUND_URLS: z.enum(['true', 'false']).default('false'),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  WEBHOOK_DELIVERIES_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  SERVE_WEB: bool.default(true),
  API_TOKEN_COST_BUDGET: z.coerce.number().int().min(1).default(50_000),
  API_TOKEN_COST_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  SUPPORT_EMAIL: z.string().email().optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  APPLICATION_LIMIT_PER_POSITION: z.coerce.number().int().min(1).default(6),
  APPLICATION_LIMIT_PER_VOLUNTEER: z.coerce.number().int().min(1).default(30),
  API_TOKEN_CREATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  API_TOKEN_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  NOTIFICATION_COLLAPSE_MINUTES: z.coerce.number().int().min(0).default(10),
  MESSAGE_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(60),
  MESSAGE_LIMIT_PER_SENDER: z.coerce.number().int().min(1).default(200),
  SHIFT_SWAP_LIMIT_PER_PAIR: z.coerce.number().int().min(1).default(3),
  SHIFT_SWAP_LIMIT_PER_VOLUNTEER: z.coerce.number().int().min(1).default(10),
  HOURS_CLAIM_LIMIT_PER_POSITION: z.coerce.number().int().min(1).default(10),
  HOURS_CLAIM_LIMIT_PER_VOLUNTEER: z.coerce.number().int().min(1).default(30),
  COUNCIL_TIME_ZONE: z
    .string()
    .default('Europe/London')
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/London' }),
  // argon2id's cost per password hash (lib/password-hash.ts); argon2 needs 8 KiB per lane.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(DEFAULT_PASSWORD_HASH_COST.memoryKib),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(100).default(DEFAULT_PASSWORD_HASH_COST.timeCost),
  PASSWORD_HASH_PARALLELISM: z.coerce.number().int().min(1).max(16).default(DEFAULT_PASSWORD_HASH_COST.parallelism),
}).superRefine((e, ctx) => {
  if (e.PASSWORD_HASH_MEMORY_KIB < 8 * e.PASSWORD_HASH_PARALLELISM) {
    ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_MEMORY_KIB'], message: 'must be at least 8 KiB per lane (PASSWORD_HASH_PARALLELISM)' });
  }
  // A cheap hash is for the tests alone: anywhere else it would let a stolen database be cracked.
  if (e.NODE_ENV === 'test') return;
  if (e.PASSWORD_HASH_MEMORY_KIB < MINIMUM_PASSWORD_HASH_COST.memoryKib) {
    ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_MEMORY_KIB'], message: `must be at least ${MINIMUM_PASSWORD_HASH_COST.memoryKib} (OWASP's minimum for argon2id) outside tests` });
  }
  if (e.PASSWORD_HASH_TIME_COST < MINIMUM_PASSWORD_HASH_COST.timeCost) {
    ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_TIME_COST'], message: `must be at least ${MINIMUM_PASSWORD_HASH_COST.timeCost} (OWASP's minimum for argon2id) outside tests` });
  }
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** Where uploaded images are stored (UPLOAD_DIR, default DATA_DIR/uploads). */
  uploadDir: string;
  databaseUrl?: string;
  /** Prepared statements on PostgreSQL (DATABASE_PREPARE; false behind a transaction-pooling PgBouncer). */
  databasePrepare: boolean;
  /** GraphQL over HTTP compiled with graphql-jit (GRAPHQL_JIT, default true; false: graphql-js). */
  graphqlJit: boolean;
  /** TRUSTED_DOCUMENTS: `enforce` (default) lets a browser session run only the web client's
   *  documents of the build's manifest, by hash (graphql/trusted-documents.ts); `off` lets a
   *  session send any document, as an API token may (the test suites' own clients do). */
  trustedDocuments: 'enforce' | 'off';
  jwtSecret?: string;
  /** WEBHOOK_SECRETS_KEY: the key that seals webhook signing secrets at rest (lib/secret-box.ts);
   *  unset, one generated once into the database. */
  webhookSecretsKey?: string;
  accessTokenTtlSeconds: number;
  sessionIdleTimeoutMinutes: number;
  sessionMaxAgeDays: number;
  /** How long a refresh token just rotated away still rotates (its answer was lost, not stolen). */
  refreshTokenReuseGraceSeconds: number;
  passwordResetTtlMinutes: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Sign-in brute-force protection and the sign-up/reset limits (see AuthLimiter). */
  rateLimit: {
    /** How long an email+IP pair stays blocked, and the window of the sign-up/reset limits. */
    windowMinutes: number;
    /** Consecutive failed sign-ins for one email from one IP before that pair is blocked. */
    failsPerEmailIp: number;
    /** Failed sign-ins from one IP in a day before that IP is blocked for a day. */
    failsPerIpPerDay: number;
    /** Sign-ups, and reset requests, per IP per window (reset requests also per email+IP). */
    perIp: number;
  };
  trustProxy: boolean;
  logLevel: string;
  mailPollIntervalMs: number;
  /** How often the job worker looks for due jobs (it is also woken by commits that queue one). */
  jobPollIntervalMs: number;
  /** How often the webhook worker looks for due deliveries (commits that queue one also wake it). */
  webhookPollIntervalMs: number;
  /** Webhook requests per minute per endpoint: excess deliveries wait. */
  webhookDeliveriesPerMinute: number;
  /** Web Push (VAPID): keys from the environment, or generated once into app_settings. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Fetch member-given URLs (push endpoints) on private networks and over http: development and tests only. */
  allowPrivateOutboundUrls: boolean;
  /** How long a claimed job is its worker's before another may take it over. */
  jobLeaseSeconds: number;
  serveWeb: boolean;
  /** The sports council's time zone: what 'today' is for its meetings, and their wall-clock times. */
  councilTimeZone: string;
  /** Where the client's 'Report This Error' mails go (SUPPORT_EMAIL); unset, the build's default. */
  supportEmail?: string;
  /** How long a request (headers and body) may take to arrive before it is answered 408
   *  (REQUEST_TIMEOUT_MS, default 10 s). */
  requestTimeoutMs: number;
  /** Limits on writes that reach other people (docs/API.md, 'Limits on writes that reach other
   *  people'), and how repeated notices to one recipient are folded. */
  writeLimits: {
    /** Applications and withdrawals per volunteer per position per hour. */
    applicationsPerPosition: number;
    /** Applications and withdrawals per volunteer per hour, all positions together. */
    applicationsPerVolunteer: number;
    /** API tokens a member may create per hour. */
    tokenCreationsPerHour: number;
    /** Notifications and mails with the same recipient and collapse key within this many minutes
     *  are one (0: never folded). */
    collapseMinutes: number;
    /** Messages one member may send to one member per hour. */
    messagesPerRecipient: number;
    /** Messages one member may send per hour, to anyone. */
    messagesPerSender: number;
    /** Shift swaps one volunteer may propose to one other volunteer per hour. */
    swapsPerPair: number;
    /** Shift swaps one volunteer may propose per hour, to anyone. */
    swapsPerVolunteer: number;
    /** Hours claims one volunteer may make for one position per hour. */
    hoursClaimsPerPosition: number;
    /** Hours claims one volunteer may make per hour, all positions together. */
    hoursClaimsPerVolunteer: number;
  };
  /** Revoked tokens, and tokens expired, this many days ago are deleted by the maintenance pass. */
  apiTokenRetentionDays: number;
  /** Personal API tokens: each one's cost budget, a token bucket: the most points of query cost it
   *  holds, and the minutes an empty one takes to fill again. */
  apiTokens: {
    costBudget: number;
    costWindowMinutes: number;
  };
  /** argon2id's cost per password hash (PASSWORD_HASH_*). */
  passwordHash: PasswordHashCost;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(e.DATA_DIR),
    uploadDir: resolve(e.UPLOAD_DIR ?? `${e.DATA_DIR}/uploads`),
    databaseUrl: e.DATABASE_URL,
    databasePrepare: e.DATABASE_PREPARE,
    graphqlJit: e.GRAPHQL_JIT,
    trustedDocuments: e.TRUSTED_DOCUMENTS,
    jwtSecret: e.JWT_SECRET,
    webhookSecretsKey: e.WEBHOOK_SECRETS_KEY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleTimeoutMinutes: e.SESSION_IDLE_TIMEOUT_MINUTES,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    refreshTokenReuseGraceSeconds: e.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimit: {
      windowMinutes: e.AUTH_RATE_LIMIT_WINDOW_MINUTES,
      failsPerEmailIp: e.AUTH_RATE_LIMIT_FAILS_PER_EMAIL_IP,
      failsPerIpPerDay: e.AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY,
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    mailPollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    webhookPollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
    webhookDeliveriesPerMinute: e.WEBHOOK_DELIVERIES_PER_MINUTE,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL ?? 'support@clubroom.local'}` },
    allowPrivateOutboundUrls: e.ALLOW_PRIVATE_OUTBOUND_URLS === 'true',
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    serveWeb: e.SERVE_WEB,
    councilTimeZone: e.COUNCIL_TIME_ZONE,
    supportEmail: e.SUPPORT_EMAIL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    writeLimits: {
      applicationsPerPosition: e.APPLICATION_LIMIT_PER_POSITION,
      applicationsPerVolunteer: e.APPLICATION_LIMIT_PER_VOLUNTEER,
      tokenCreationsPerHour: e.API_TOKEN_CREATIONS_PER_HOUR,
      collapseMinutes: e.NOTIFICATION_COLLAPSE_MINUTES,
      messagesPerRecipient: e.MESSAGE_LIMIT_PER_RECIPIENT,
      messagesPerSender: e.MESSAGE_LIMIT_PER_SENDER,
      swapsPerPair: e.SHIFT_SWAP_LIMIT_PER_PAIR,
      swapsPerVolunteer: e.SHIFT_SWAP_LIMIT_PER_VOLUNTEER,
      hoursClaimsPerPosition: e.HOURS_CLAIM_LIMIT_PER_POSITION,
      hoursClaimsPerVolunteer: e.HOURS_CLAIM_LIMIT_PER_VOLUNTEER,
    },
    apiTokenRetentionDays: e.API_TOKEN_RETENTION_DAYS,
    apiTokens: {
      costBudget: e.API_TOKEN_COST_BUDGET,
      costWindowMinutes: e.API_TOKEN_COST_WINDOW_MINUTES,
    },
    passwordHash: { memoryKib: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST, parallelism: e.PASSWORD_HASH_PARALLELISM },
  };
  return { ...config, ...overrides };
}
