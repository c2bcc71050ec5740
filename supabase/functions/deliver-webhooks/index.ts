// Hosted Supabase Edge Function `deliver-webhooks` (Deno). pg_cron + pg_net POST here every minute
// with the service-role key as Bearer (README: "Webhook delivery"); one call delivers what is due.
// The logic is handler.ts, shared with the local backend (supabase/local/webhooks/delivery.ts).
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { handleDeliveryRequest } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

Deno.serve((req) =>
  handleDeliveryRequest(req, {
    supabaseUrl,
    serviceRoleKey,
    sign: (secret, msgId, at, body) => new Webhook(secret).sign(msgId, at, body),
    // a hosted function must never call into its own network: https to public hosts only
    allowLoopback: false,
  }),
);
