// Hosted Supabase Edge Function `deliver-webhooks` (Deno). pg_cron + pg_net POST here every minute
// with the service-role key as Bearer (README: "Webhook delivery"); one call delivers what is due.
// The logic is handler.ts, shared with the local backend (supabase/local/webhooks/delivery.ts).
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { handleDeliveryRequest, type Resolver } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  resolveDns(query: string, recordType: 'A' | 'AAAA'): Promise<string[]>;
};

/** Both address families; a name with neither answer is refused by the destination check. */
const resolveDns: Resolver = async (hostname) => {
  const answers = await Promise.allSettled([Deno.resolveDns(hostname, 'A'), Deno.resolveDns(hostname, 'AAAA')]);
  const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (found.length === 0 && failed && !/NotFound|no record/i.test(String(failed.reason))) throw failed.reason;
  return found;
};

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

Deno.serve((req) =>
  handleDeliveryRequest(req, {
    supabaseUrl,
    serviceRoleKey,
    sign: (secret, msgId, at, body) => new Webhook(secret).sign(msgId, at, body),
    // every address of the endpoint's host must be public (no loopback policy: https to public
    // hosts only); Deno's fetch resolves again when it connects (README: "DNS rebinding")
    resolve: resolveDns,
  }),
);
