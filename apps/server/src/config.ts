import { DEFAULT_PLAN_SAC, gstinState, isStateCode, parseGstin } from '@siteledger/domain';
import path from 'node:path';
import type { S3FileStoreOptions } from './platform/s3-file-store.js';

/** Typed configuration from the environment (names fixed by API.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  turnstileSiteKey: string | null;
  turnstileSecretKey: string | null;
  turnstileVerifyUrl: string;
  razorpayKeyId: string | null;
  razorpayKeySecret: string | null;
  razorpayWebhookSecret: string | null;
  razorpayApiUrl: string;
  razorpayCheckoutUrl: string;
  /** WhatsApp Cloud API for notices (issue 47): all three set, or WhatsApp is off. */
  whatsapp: { apiUrl: string; token: string; phoneId: string } | null;
  /** The seller printed on plan invoices (issue 26; README "Plan invoices"). */
  invoiceSeller: {
    name: string;
    address: string | null;
    gstin: string | null;
    /** Two-digit GST state code: from the GSTIN, else INVOICE_SELLER_STATE. */
    state: string | null;
  };
  invoicePrefix: string;
  invoiceSac: string;
  /**
   * DEFAULT_PLAN as set, or null when unset: then new sites get Free where payments are configured
   * and the Unlimited plan where they are not (plans cannot be sold there; see effectiveDefaultPlan).
   */
  defaultPlan: string | null;
  authRateLimit: number;
  maxUploadMb: number;
  timezone: string;
  webDistDir: string | null;
  logLevel: string;
  trustProxy: boolean;
  /** Keep dashboards and vendor ledgers between a site's changes (platform/site-memo.ts). */
  siteReadCache: boolean;
  /** A session's token stops working this long after it was issued unless refreshed (idle timeout). */
  sessionIdleDays: number;
  /** No session lasts longer than this from sign-in, however it is refreshed (absolute lifetime). */
  sessionMaxDays: number;
  /** S3-compatible object storage for uploaded files; null → files on disk under DATA_DIR/files. */
  filesS3: S3FileStoreOptions | null;
}

/**
 * The plan new sites get: DEFAULT_PLAN when set; otherwise Free where a payment provider is
 * configured (the hosted behaviour) and Unlimited where none is, so a fresh `npm start` can be
 * evaluated without caps nobody could lift.
 */
export function effectiveDefaultPlan(config: Config): string {
  if (config.defaultPlan) return config.defaultPlan;
  return config.razorpayKeyId && config.razorpayKeySecret ? 'Free' : UNLIMITED_PLAN;
}

/** The plan seeded for servers without payments (README "Plans"). */
export const UNLIMITED_PLAN = 'Unlimited';

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = str(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`Configuration ${name} must be a non-negative number, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const databaseUrl = str(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    publicUrl: (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: str(env, 'SMTP_URL'),
    turnstileSiteKey: str(env, 'TURNSTILE_SITE_KEY'),
    turnstileSecretKey: str(env, 'TURNSTILE_SECRET_KEY'),
    turnstileVerifyUrl:
      str(env, 'TURNSTILE_VERIFY_URL') ??
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    razorpayKeyId: str(env, 'RAZORPAY_KEY_ID'),
    razorpayKeySecret: str(env, 'RAZORPAY_KEY_SECRET'),
    razorpayWebhookSecret: str(env, 'RAZORPAY_WEBHOOK_SECRET'),
    razorpayApiUrl: (str(env, 'RAZORPAY_API_URL') ?? 'https://api.razorpay.com').replace(
      /\/+$/,
      '',
    ),
    razorpayCheckoutUrl:
      str(env, 'RAZORPAY_CHECKOUT_URL') ?? 'https://checkout.razorpay.com/v1/checkout.js',
    whatsapp: whatsapp(env),
    invoiceSeller: invoiceSeller(env),
    invoicePrefix: str(env, 'INVOICE_PREFIX') ?? 'SL',
    invoiceSac: str(env, 'INVOICE_SAC') ?? DEFAULT_PLAN_SAC,
    defaultPlan: str(env, 'DEFAULT_PLAN'),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 20),
    maxUploadMb: int(env, 'MAX_UPLOAD_MB', 10),
    timezone: str(env, 'TIMEZONE') ?? 'Asia/Kolkata',
    webDistDir: str(env, 'WEB_DIST_DIR'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    // Only behind a proxy that sets X-Forwarded-For may it be trusted; otherwise a client could
    // pick its own address and slip past the per-address rate limit.
    trustProxy: ['1', 'true', 'yes'].includes((str(env, 'TRUST_PROXY') ?? '').toLowerCase()),
    siteReadCache: !['0', 'false', 'no', 'off'].includes(
      (str(env, 'SITE_READ_CACHE') ?? '').toLowerCase(),
    ),
    sessionIdleDays: int(env, 'SESSION_IDLE_DAYS', 14),
    sessionMaxDays: int(env, 'SESSION_MAX_DAYS', 90),
    filesS3: filesS3(env),
  };
}

function whatsapp(env: NodeJS.ProcessEnv): Config['whatsapp'] {
  const apiUrl = str(env, 'WHATSAPP_API_URL');
  const token = str(env, 'WHATSAPP_TOKEN');
  const phoneId = str(env, 'WHATSAPP_PHONE_ID');
  if (!apiUrl || !token || !phoneId) return null;
  return { apiUrl: apiUrl.replace(/\/+$/, ''), token, phoneId };
}

function invoiceSeller(env: NodeJS.ProcessEnv): Config['invoiceSeller'] {
  const gstin = str(env, 'INVOICE_SELLER_GSTIN')?.toUpperCase() ?? null;
  if (gstin !== null && !parseGstin(gstin).ok) {
    throw new Error(`Configuration INVOICE_SELLER_GSTIN is not a valid GSTIN, got "${gstin}"`);
  }
  const state = gstin ? gstinState(gstin) : str(env, 'INVOICE_SELLER_STATE');
  if (state !== null && !isStateCode(state)) {
    throw new Error(`Configuration INVOICE_SELLER_STATE must be a GST state code, got "${state}"`);
  }
  return {
    name: str(env, 'INVOICE_SELLER_NAME') ?? 'SiteLedger',
    // "\n" in the variable separates address lines.
    address: str(env, 'INVOICE_SELLER_ADDRESS')?.replace(/\\n/g, '\n') ?? null,
    gstin,
    state,
  };
}

/** FILES_S3_BUCKET set → uploaded files in that bucket; the other FILES_S3_* say where and how. */
function filesS3(env: NodeJS.ProcessEnv): S3FileStoreOptions | null {
  const bucket = str(env, 'FILES_S3_BUCKET');
  if (!bucket) return null;
  const accessKeyId = str(env, 'FILES_S3_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'FILES_S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY are set together');
  }
  return {
    bucket,
    endpoint: str(env, 'FILES_S3_ENDPOINT'),
    region: str(env, 'FILES_S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: ['1', 'true', 'yes'].includes(
      (str(env, 'FILES_S3_FORCE_PATH_STYLE') ?? '').toLowerCase(),
    ),
  };
}
