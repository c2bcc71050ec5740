/**
 * The real AuthStateSource: the Supabase session plus the profile routing state computed from the
 * user's local rows (pushed in by the sync bridge) merged with one server lookup when online.
 * Invariants: loading turns false once the session is read; a stored session that could not be
 * refreshed offline still counts as signed in; only the latest lookup for the current user wins;
 * local rows are accepted only for the user they belong to, and the profile stays loading until
 * they have been read (resolveProfileRouting), so the guard never decides on the server's (or an
 * offline) answer alone while the user's local database — with its offline writes — is opening.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import {
  EMPTY_PROFILE,
  sameUser,
  type AuthSession,
  type AuthSnapshot,
  type AuthStateSource,
  type AuthUser,
  type ProfileRoutingState,
} from '@/lib/auth-state';
import type { Role } from '@/lib/roles';
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage-key';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { MediaIdRow as MediaIdRecord, ProfileRow as ProfileRecord } from '@sync';
import {
  classifyProfileError,
  mergeMediaIds,
  resolveProfileRouting,
  type ProfileCheck,
} from '@/lib/profile-routing-state';
import type { IdentityWriter } from './identity-writer';
import { createServerWriter } from './server-writer';
import { readStoredSession } from '@/lib/stored-session';

export interface LocalIdentityRows {
  /** undefined while the local database is being read. */
  profile: ProfileRecord | null | undefined;
  mediaIds: MediaIdRecord[] | undefined;
}

export interface IdentityStore extends AuthStateSource {
  /** The Supabase client the store signs in with (the sync engine replicates through it). */
  readonly client: AppSupabaseClient;
  start(): () => void;
  lastEvent(): AuthChangeEvent | null;
  /**
   * The user's local rows (`null`: this user has no local database, e.g. IndexedDB refused).
   * Ignored unless `userId` is the signed-in user (a late call for an earlier state must not
   * clear the rows the current user is waiting for).
   */
  setLocal(userId: string, rows: LocalIdentityRows | null): void;
  attachWriter(writer: IdentityWriter | null): void;
  writer(): IdentityWriter | null;
  mediaIds(): MediaIdRecord[];
  profileRow(): ProfileRecord | null;
  setPreferredRole(role: Role | null): void;
  refresh(): Promise<void>;
  forgetSession(): void;
}

const SERVER_TIMEOUT_MS = 4000;

function toSession(session: Session | AuthSession | null): AuthSession | null {
  if (!session) return null;
  const user: AuthUser = {
    id: session.user.id,
    email: session.user.email ?? null,
    user_metadata: session.user.user_metadata ?? {},
    ...(session.user.created_at ? { created_at: session.user.created_at } : {}),
  };
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at,
    user,
  };
}

/** How long a finished server read still counts as fresh for refresh(). */
const REFRESH_FRESH_MS = 2_000;

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Failed to fetch (timeout)')), ms);
    Promise.resolve(promise).then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Field-by-field equality of two routing states (flat values, role lists and per-role statuses). */
function sameProfile(a: ProfileRoutingState, b: ProfileRoutingState): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function createIdentityStore(
  client: AppSupabaseClient,
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
): IdentityStore {
  let session: AuthSession | null = null;
  let sessionRead = false;
  let event: AuthChangeEvent | null = null;
  let local: LocalIdentityRows | null = null;
  let writer: IdentityWriter | null = null;
  let server: { check: ProfileCheck | undefined; mediaIds: MediaIdRecord[] | null; pending: boolean } = {
    check: undefined,
    mediaIds: null,
    pending: false,
  };
  let preferredRole: Role | null = null;
  let generation = 0;
  let snapshot: AuthSnapshot = { user: null, session: null, loading: true, profile: EMPTY_PROFILE };
  const listeners = new Set<() => void>();
  const serverWriter = createServerWriter(client, async () => {
    if (session) await fetchServer(session.user.id);
  });

  function recompute() {
    const user = session?.user ?? null;
    let profile = EMPTY_PROFILE;
    if (user) profile = resolveProfileRouting({ user, local, server, preferredRole });
    // The routing state is often resolved again to the same values (a server read starting, local
    // rows equal to the server's): keep the previous object, and tell no one if nothing changed.
    // Every screen reading auth state re-renders synchronously on a change (route guard, header).
    if (sameProfile(profile, snapshot.profile)) profile = snapshot.profile;
    const loading = !sessionRead;
    if (
      user === snapshot.user &&
      session === snapshot.session &&
      loading === snapshot.loading &&
      profile === snapshot.profile
    )
      return;
    snapshot = { user, session, loading, profile };
    listeners.forEach((listener) => listener());
  }

  /**
   * The last server read (refresh() joins it while it runs, or takes it if it ended within
   * REFRESH_FRESH_MS: right after a sign-in, a second read would only add a round trip).
   */
  let lastRead: { userId: string; done: Promise<void>; endedAt: number | null } | null = null;

  function fetchServer(userId: string): Promise<void> {
    const done = readServer(userId);
    const read = { userId, done, endedAt: null as number | null };
    lastRead = read;
    void done.finally(() => (read.endedAt = Date.now()));
    return done;
  }

  function recentRead(userId: string): Promise<void> | null {
    if (!lastRead || lastRead.userId !== userId) return null;
    if (lastRead.endedAt === null || Date.now() - lastRead.endedAt < REFRESH_FRESH_MS) return lastRead.done;
    return null;
  }

  async function readServer(userId: string) {
    const mine = ++generation;
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      server = { check: undefined, mediaIds: null, pending: false };
      return recompute();
    }
    server = { ...server, pending: true };
    recompute();
    let next: typeof server;
    try {
      const [profileResult, mediaResult] = await withTimeout(
        Promise.all([
          client.from('profiles').select('role, onboarding_completed').eq('id', userId).single(),
          client.from('media_ids').select('*').eq('user_uuid', userId),
        ]),
        SERVER_TIMEOUT_MS,
      );
      const check: ProfileCheck = profileResult.error
        ? classifyProfileError(profileResult.error)
        : { kind: 'found', profile: profileResult.data as { role: string; onboarding_completed: boolean } };
      if (mediaResult.error) console.error('MediaID lookup failed', mediaResult.error);
      const rows = ((mediaResult.data ?? []) as (MediaIdRecord & { _deleted?: boolean })[]).filter(
        (row) => !row._deleted,
      );
      next = { check, mediaIds: rows, pending: false };
    } catch (error) {
      console.error('Profile check failed', error);
      next = { check: { kind: 'error', message: String(error) }, mediaIds: null, pending: false };
    }
    if (mine !== generation) return;
    server = next;
    recompute();
  }

  function setSession(next: AuthSession | null) {
    const previousId = session?.user.id ?? null;
    // The same user (a token refresh, the stored session then supabase-js's own): the same object,
    // so screens showing the user (useAuthUser) do not render again for nothing.
    if (next && session && sameUser(session.user, next.user)) next = { ...next, user: session.user };
    session = next;
    const nextId = next?.user.id ?? null;
    if (nextId !== previousId) {
      preferredRole = null;
      // The sync bridge opens this user's local database next; until then the profile is loading.
      local = nextId ? { profile: undefined, mediaIds: undefined } : null;
      server = { check: undefined, mediaIds: null, pending: nextId !== null };
      generation++;
      // Out of the auth callback: supabase-js must not be re-entered while it notifies.
      const readFor = generation;
      // A refresh() that ran first (same user, same session change) has already started the read.
      if (nextId) setTimeout(() => void (generation === readFor && fetchServer(nextId)), 0);
    }
  }

  function onAuthEvent(authEvent: AuthChangeEvent, next: Session | null) {
    event = authEvent;
    let resolved = toSession(next);
    if (!resolved && authEvent === 'INITIAL_SESSION') {
      // An expired session that could not be refreshed (offline) is still in storage: keep working.
      resolved = readStoredSession(storage, AUTH_STORAGE_KEY);
    }
    setSession(resolved);
    if (authEvent === 'INITIAL_SESSION') sessionRead = true;
    recompute();
  }

  return {
    client,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      // The stored session counts at once: supabase-js may spend up to 30 s retrying an offline refresh
      // before it reports; a definitive refusal later removes it and signs the user out.
      const stored = readStoredSession(storage, AUTH_STORAGE_KEY);
      if (stored && !sessionRead) {
        setSession(stored);
        sessionRead = true;
        recompute();
      }
      const { data } = client.auth.onAuthStateChange(onAuthEvent);
      const onOnline = () => {
        // Back online: let supabase-js refresh an expired token, then re-check the server.
        void client.auth.getSession().then(() => session && fetchServer(session.user.id));
      };
      window.addEventListener('online', onOnline);
      return () => {
        data.subscription.unsubscribe();
        window.removeEventListener('online', onOnline);
      };
    },
    lastEvent: () => event,
    setLocal(userId, rows) {
      if (!session || session.user.id !== userId) return;
      local = rows;
      recompute();
    },
    attachWriter(next) {
      writer = next;
    },
    writer: () => writer ?? (session ? serverWriter : null),
    mediaIds: () => mergeMediaIds(local?.mediaIds, server.mediaIds),
    profileRow: () => local?.profile ?? null,
    setPreferredRole(role) {
      preferredRole = role;
      recompute();
    },
    async refresh() {
      if (!session) return;
      const userId = session.user.id;
      // /auto-route right after sign-in: the read the sign-in started is under way or just ended;
      // starting another would discard it and make the guard wait for a second round trip.
      await (recentRead(userId) ?? fetchServer(userId));
    },
    forgetSession() {
      storage.removeItem(AUTH_STORAGE_KEY);
      setSession(null);
      recompute();
    },
  };
}
