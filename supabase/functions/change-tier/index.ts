// Hosted entry point (Supabase Edge Functions, Deno): the logic lives in handler.ts, which the
// local backend serves too. Deploy: `supabase functions deploy change-tier` (deno.json maps `stripe`);
// secrets: `supabase secrets set STRIPE_SECRET_KEY=… STRIPE_WEBHOOK_SECRET=…`.
import { handleChangeTier } from './handler.ts';

Deno.serve((req: Request) =>
  handleChangeTier(req, {
    SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? '',
    SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    STRIPE_SECRET_KEY: Deno.env.get('STRIPE_SECRET_KEY') ?? '',
    STRIPE_WEBHOOK_SECRET: Deno.env.get('STRIPE_WEBHOOK_SECRET') ?? '',
    STRIPE_API_URL: Deno.env.get('STRIPE_API_URL') ?? '',
  }),
);
