/**
 * Edge Functions, served locally at `/functions/v1/<name>` from the same source hosted Supabase
 * deploys (supabase/functions/<name>/handler.ts: Web APIs only).
 * Invariants: like hosted, the gateway requires a valid project JWT (anon, user or service key)
 * before a function runs, unless config.toml's `[functions.<name>] verify_jwt = false` (read as
 * `supabase functions deploy` reads it: absent means true), and then the function checks its
 * caller itself; the function gets the env hosted provides (SUPABASE_URL,
 * SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) plus the Stripe secrets the backend was started
 * with (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); an unknown name answers 404 NOT_FOUND; a
 * function that throws answers 500 JSON (never a stalled request); CORS comes from the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleRegisterApp } from '../../functions/register-app/handler';
import { handleVerifyUpload } from '../../functions/verify-upload/handler';
import { handleMediaIdToken } from '../../functions/mediaid-token/handler';
import { handleMediaIdApi } from '../../functions/mediaid-api/handler';
import { handleCreateCheckout } from '../../functions/create-checkout/handler';
import { handleStripeWebhook } from '../../functions/stripe-webhook/handler';
import { handleBillingPortal } from '../../functions/billing-portal/handler';
import { handleChangeTier } from '../../functions/change-tier/handler';
import type { PaymentsEnv } from '../../functions/_shared/payments';
import { JSON_BODY_LIMIT, readBody, sendJson, header } from '../http/util';
import { NO_ROUTE, type LocalService, type ServiceErrors } from '../http/service';
import { JwtError, tokenFromHeaders, type JwtKeys } from '../auth/jwt';
import type { TomlTable } from '../auth/config';

// connection-level headers belong to this hop, not to the function's Request
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'upgrade']);

/** hosted's env plus the payment functions' secrets (supabase secrets set …) */
export type FunctionsEnv = PaymentsEnv;
type Handler = (req: Request, env: FunctionsEnv) => Promise<Response>;

const FUNCTIONS: Record<string, Handler> = {
  'register-app': handleRegisterApp,
  'verify-upload': handleVerifyUpload,
  'mediaid-token': handleMediaIdToken,
  'mediaid-api': handleMediaIdApi,
  'create-checkout': handleCreateCheckout,
  'stripe-webhook': handleStripeWebhook,
  'billing-portal': handleBillingPortal,
  'change-tier': handleChangeTier,
};

/** `[functions.<name>] verify_jwt` of config.toml; the CLI's default (true) when absent. */
export function verifyJwtFor(toml: TomlTable, name: string): boolean {
  const v = toml[`functions.${name}`]?.['verify_jwt'];
  return typeof v === 'boolean' ? v : true;
}

export class FunctionsApi {
  constructor(
    private readonly keys: JwtKeys,
    private readonly env: () => FunctionsEnv,
    private readonly quiet: boolean,
    /** config.toml, for each function's verify_jwt */
    private readonly config: TomlTable,
  ) {}

  /** `path` is what follows /functions/v1 (e.g. `/register-app`). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const name = decodeURIComponent(path.split('/')[1] ?? '');
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!fn) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (verifyJwtFor(this.config, name)) {
      const refusal = await this.gatewayRefusal(req);
      if (refusal) return sendJson(res, 401, refusal);
    }
    const method = req.method ?? 'GET';
    const body =
      method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await readBody(req, JSON_BODY_LIMIT));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (HOP_HEADERS.has(k)) continue;
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) headers.set(k, v.join(', '));
    }
    let response: Response;
    try {
      response = await fn(new Request(url, { method, headers, body }), this.env());
    } catch (e) {
      if (!this.quiet) console.error(`[local backend] function ${name} threw`, e);
      return sendJson(res, 500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    const out = Buffer.from(await response.arrayBuffer());
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.statusCode = response.status;
    res.end(out);
  }

  /** The hosted gateway's verify_jwt check: a project JWT must be present and valid. */
  private async gatewayRefusal(req: IncomingMessage): Promise<{ code: string; message: string } | undefined> {
    const token = tokenFromHeaders(header(req, 'authorization'), header(req, 'apikey'));
    if (!token) return { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' };
    try {
      await this.keys.verify(token);
      return undefined;
    } catch (e) {
      const expired = e instanceof JwtError && e.reason === 'expired';
      return { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: expired ? 'JWT has expired' : 'Invalid JWT' };
    }
  }
}

/** /functions/v1/<name> at the front door; the gateway's own errors are `errors` (the function's are its own). */
export function functionsService(api: FunctionsApi, errors: ServiceErrors): LocalService {
  return {
    prefix: '/functions/v1',
    errors,
    async handle({ req, res, path, url }) {
      if (!path.startsWith('/')) return sendJson(res, 404, NO_ROUTE);
      await api.handle(req, res, path, url);
    },
  };
}
