/**
 * The consent flow for one authorization request: load it (Supabase Auth answers with a redirect
 * at once when the user's consent already covers every requested scope), name the app from its
 * Bucket registration, else ask: only the user's click approves.
 * Allow stores the grant BEFORE approving, so the app's first call already finds it.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase';
import type { Role } from '@/lib/roles';
import { getAppInfo, getGrant, saveGrant, type AppInfo, type GrantRow } from '../connected-apps/api';
import { openIdSentences } from '../connected-apps/scope-text';
import { redirectUriProblem } from '@/lib/redirect-uri';
import { CONSENT_TEXT, describeConsentError } from './consent-errors';

export type ConsentState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ask'; app: AppInfo; openId: string[]; grant: GrantRow | null }
  | { kind: 'leaving'; appName: string | null; url: string; outcome: 'continuing' | 'allowed' | 'denied' };

/**
 * Where the browser goes next: the app's redirect URL, only when it passes the rule apps register
 * their redirect URIs by (never a javascript: or data: URL, whatever the server answered).
 */
function leaveFor(
  appName: string | null,
  url: string | undefined,
  outcome: 'continuing' | 'allowed' | 'denied',
): ConsentState {
  if (!url || redirectUriProblem(url)) return { kind: 'error', message: CONSENT_TEXT.unsafeRedirect };
  return { kind: 'leaving', appName, url, outcome };
}

export function useConsent(authorizationId: string | undefined, signedIn: boolean) {
  const [state, setState] = useState<ConsentState>({ kind: 'loading' });
  const [busy, setBusy] = useState<'allow' | 'deny' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const set = (next: ConsentState) => {
      if (!cancelled) setState(next);
    };
    void (async () => {
      if (!authorizationId) return set({ kind: 'error', message: CONSENT_TEXT.missingId });
      if (!navigator.onLine) return set({ kind: 'error', message: CONSENT_TEXT.offline });
      set({ kind: 'loading' });
      try {
        const client = await loadSupabase();
        const details = await client.auth.oauth.getAuthorizationDetails(authorizationId);
        if (details.error) return set({ kind: 'error', message: describeConsentError(details.error) });
        if (!('authorization_id' in details.data)) {
          return set(leaveFor(null, details.data.redirect_url, 'continuing'));
        }
        const app = await getAppInfo(client, details.data.client.id);
        if (!app) return set({ kind: 'error', message: CONSENT_TEXT.unknownApp });
        if (app.scopes.length === 0) return set({ kind: 'error', message: CONSENT_TEXT.noScopes });
        // Auth answered with the consent page: its stored consent does not cover this request
        // (new scopes, OpenID ones included, or revoked through any door), so the user decides.
        const grant = await getGrant(client, app.clientId);
        set({ kind: 'ask', app, openId: openIdSentences(details.data.scope), grant });
      } catch (error) {
        set({ kind: 'error', message: describeConsentError(error instanceof Error ? error : {}) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [authorizationId, signedIn, attempt]);

  // The app's redirect URL (with its code or error) is where the user goes next (see leaveFor).
  useEffect(() => {
    if (state.kind === 'leaving') window.location.assign(state.url);
  }, [state]);

  const decide = useCallback(
    async (decision: 'allow' | 'deny', role?: Role) => {
      if (state.kind !== 'ask' || !authorizationId) return;
      setActionError(null);
      if (!navigator.onLine) return setActionError(CONSENT_TEXT.offline);
      setBusy(decision);
      try {
        const client = await loadSupabase();
        if (decision === 'allow' && role) await saveGrant(client, state.app, role);
        const answer =
          decision === 'allow'
            ? await client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
            : await client.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
        if (answer.error) throw answer.error;
        setState(leaveFor(state.app.name, answer.data.redirect_url, decision === 'allow' ? 'allowed' : 'denied'));
      } catch (error) {
        setActionError(describeConsentError(error instanceof Error ? error : {}));
      } finally {
        setBusy(null);
      }
    },
    [state, authorizationId],
  );

  return { state, busy, actionError, decide, retry: () => setAttempt((n) => n + 1) };
}
