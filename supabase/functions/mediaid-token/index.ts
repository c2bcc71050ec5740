// Hosted entry point (Supabase Edge Functions, Deno): the logic lives in handler.ts, which the
// local backend serves too. Deploy: `supabase functions deploy mediaid-token` (verify_jwt = false in
// config.toml: MediaID tokens are not JWTs; the function checks its caller itself).
import { handleMediaIdToken } from './handler.ts';

Deno.serve((req: Request) =>
  handleMediaIdToken(req, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  }),
);
