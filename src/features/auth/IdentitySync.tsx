/**
 * Wires the signed-in user's local database into the identity store: opens it (SyncProvider), feeds
 * the live profile and MediaID rows in, and offers the sync engine's local-first writes.
 */
import { useEffect, type ReactNode } from 'react';
import { SyncProvider } from '../../data';
import { useSyncContext } from '../../data/use-sync-engine';
import { logEngagement, saveProfile, upsertMediaId, type MediaIdDoc, type ProfileDoc } from '../../../sync';
import { supabase } from '../../lib/supabase';
import type { MediaIdRecord, ProfileRecord } from '../mediaid/build-media-id';
import { useAuth } from './AuthContext';
import type { IdentityStore } from './identity-store';

function IdentityBridge({ identity }: { identity: IdentityStore }) {
  const { engine, userId, error } = useSyncContext();

  useEffect(() => {
    if (!userId || error) {
      // No local database (signed out, or IndexedDB refused): the store falls back to the server.
      identity.attachWriter(null);
      identity.setLocal(null);
      return;
    }
    if (!engine || engine.userId !== userId) return; // still opening: the profile stays loading
    const { db } = engine;
    let profile: ProfileRecord | null | undefined;
    let mediaIds: MediaIdRecord[] | undefined;
    const push = () => identity.setLocal({ profile, mediaIds });
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
  }, [engine, userId, error, identity]);

  return null;
}

/** Mounts the sync engine for the signed-in user around the app (a stable tree: no remount on sign-in). */
export function IdentitySync({ children }: { children: ReactNode }) {
  const { user, identity } = useAuth();
  if (!identity) return <>{children}</>;
  return (
    <SyncProvider supabase={supabase} userId={user?.id ?? null}>
      <IdentityBridge identity={identity} />
      {children}
    </SyncProvider>
  );
}
