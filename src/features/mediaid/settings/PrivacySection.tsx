import { Text } from '@mantine/core';
import { useState } from 'react';
import { upsertMediaId } from '@sync';
import { SectionCard } from '@/components/dashboard';
import { useLocalDb, useMediaId } from '@/data';
import { ROLE_DISPLAY, type Role } from '@/lib/roles';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PrivacyControls } from '../components/PrivacyControls';
import type { PrivacySettings } from '../constants';

/** The role's five privacy switches, saved on the device at once (the sync engine takes them to the server). */
export function PrivacySection({ role, userId }: { role: Role; userId: string }) {
  const db = useLocalDb();
  const mediaId = useMediaId(role);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The switch moves at once; the draft gives way as soon as the local row changes (this write or another device's).
  const [draft, setDraft] = useState<{ base: PrivacySettings; value: PrivacySettings } | null>(null);
  const stored = mediaId?.privacy_settings ?? null;
  const shown = draft && stored === draft.base ? draft.value : stored;

  async function save(next: PrivacySettings) {
    if (!db || !stored) return setError('Your MediaID is still loading on this device. Try again in a moment.');
    setError(null);
    setDraft({ base: stored, value: next });
    try {
      await upsertMediaId(db, { user_uuid: userId, role, privacy_settings: next });
      setSaved(true);
    } catch (e) {
      setDraft(null);
      setError(`Could not save your privacy settings: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return (
    <SectionCard
      title="Privacy"
      description={`What your ${ROLE_DISPLAY[role].name} MediaID shares. Connected apps see a change on their next request.`}
      testId="privacy-settings"
    >
      {shown ? (
        <PrivacyControls value={shown} onChange={(next) => void save(next)} />
      ) : (
        <Text c="dimmed">Loading your MediaID...</Text>
      )}
      <ErrorBanner message={error} />
      {saved ? (
        <Text size="sm" c="dimmed" role="status">
          Saved on this device; it syncs whenever you’re online.
        </Text>
      ) : null}
    </SectionCard>
  );
}
