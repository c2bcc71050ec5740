/**
 * Wires the signed-in user's local database into the identity store: opens it (SyncProvider), feeds
 * the live profile and MediaID rows in, and offers the sync engine's local-first writes.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { SyncProvider } from '@/data';
import { firstScreenCollections } from '@/data/first-screen';
import { useOpenedSyncContext } from '@/data/use-sync-engine';
import { logEngagement, saveProfile, upsertMediaId } from '@sync/writes';
import type { MediaIdDoc, MediaIdRow as MediaIdRecord, ProfileDoc, ProfileRow as ProfileRecord } from '@sync';
import { useAuthPassive } from './AuthContext';
import type { IdentityStore } from './identity-store';

function IdentityBridge({ identity }: { identity: IdentityStore }) {
  const { engine, userId, error, newDevice } = useOpenedSyncContext();

  useEffect(() => {
    if (!userId) {
      // Signed out (or the session not read yet): nothing to feed; the store resets its rows
      // itself when the user changes. Never report "no local rows" here: this effect may run
      // after the store has already taken a stored session, and the guard would then decide
      // on the server's (or the offline) answer alone.
      identity.attachWriter(null);
      return;
    }
    if (error) {
      // IndexedDB refused: this user has no local database; the store falls back to the server.
      identity.attachWriter(null);
      identity.setLocal(userId, null);
      return;
    }
    if (!engine || engine.userId !== userId) {
      // Still opening: the profile stays loading, unless this device has no local rows to wait for.
      if (newDevice) identity.setLocal(userId, { profile: null, mediaIds: [] });
      return;
    }
    const { db } = engine;
    let profile: ProfileRecord | null | undefined;
    let mediaIds: MediaIdRecord[] | undefined;
    // Both reads first: a half-read pair would put a guard that already allowed back to loading.
    const push = () => {
      if (profile !== undefined && mediaIds !== undefined) identity.setLocal(userId, { profile, mediaIds });
    };
    const profileSub = db.profiles.findOne(userId).$.subscribe((doc) => {
      profile = doc ? (doc.toMutableJSON() as ProfileDoc) : null;
      push();
    });
    const mediaSub = db.media_ids.find({ selector: { user_uuid: userId } }).$.subscribe((docs) => {
      mediaIds = docs.map((doc) => doc.toMutableJSON() as MediaIdDoc);
      push();
    });
    identity.attachWriter({
      async saveMediaId({ id: _id, created_at: _created, updated_at: _updated, ...row }) {
        await upsertMediaId(db, row);
      },
      async saveProfile({ created_at: _created, updated_at: _updated, ...row }) {
        await saveProfile(db, row);
      },
      async logEngagement(row) {
        await logEngagement(db, row);
      },
      removeLocalData: () => engine.removeLocalData(),
    });
    return () => {
      profileSub.unsubscribe();
      mediaSub.unsubscribe();
      identity.attachWriter(null);
    };
  }, [engine, userId, error, newDevice, identity]);

  return null;
}

/**
 * Mounts the sync engine for the signed-in user around the app (a stable tree: no remount on sign-in
 * nor when the identity chunk arrives). `enabled` is false only for the e2e in-memory auth harness.
 */
export function IdentitySync({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { user, identity } = useAuthPassive();
  const signUpRole = user?.user_metadata?.role;
  // Asked when a new device is found: by then the path usually names the dashboard to show.
  const prefetch = useCallback(() => firstScreenCollections(window.location.pathname, signUpRole), [signUpRole]);
  if (!enabled) return <>{children}</>;
  return (
    <SyncProvider supabase={identity?.client ?? null} userId={identity ? (user?.id ?? null) : null} prefetch={prefetch}>
      {identity ? <IdentityBridge identity={identity} /> : null}
      {children}
    </SyncProvider>
  );
}
