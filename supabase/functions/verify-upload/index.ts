// Hosted entry point (Supabase Edge Functions, Deno): the logic lives in handler.ts, which the
// local backend serves too. Deploy: `supabase functions deploy verify-upload` (deno.json maps
// the npm libraries); then run the sweep once: POST {"sweep": true} with the service role key.
import { handleVerifyUpload } from './handler.ts';

Deno.serve((req: Request) =>
  handleVerifyUpload(req, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  }),
);
