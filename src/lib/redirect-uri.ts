// The redirect-URI rule the server registers apps by (one rule: supabase/functions/_shared).
export { redirectUriProblem } from '../../supabase/functions/_shared/redirect-uri';
