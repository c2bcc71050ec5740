// Hosted entry point (Supabase Edge Functions, Deno): the logic lives in handler.ts, which the
// local backend serves too. Deploy: `supabase functions deploy register-app`.
import { handleRegisterApp } from './handler.ts';

Deno.serve((req: Request) =>
  handleRegisterApp(req, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  }),
);
