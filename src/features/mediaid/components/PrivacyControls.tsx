import { Stack, Switch } from '@mantine/core';
import { PRIVACY_KEYS, PRIVACY_LABELS, type PrivacyKey, type PrivacySettings } from '../constants';

const DESCRIPTIONS: Record<PrivacyKey, string> = {
  data_sharing: 'Share your preferences with artists and brands you engage with',
  location_access: 'Use your location for local events and recommendations',
  audio_capture: 'Allow audio recognition to identify what you are listening to',
  anonymous_logging: 'Help improve Bucket with anonymous usage analytics',
  marketing_communications: 'Receive product updates, marketing and brand offers (codes in your Daily Rewards)',
};

/** The five privacy switches with their labels. */
export function PrivacyControls({
  value,
  onChange,
}: {
  value: PrivacySettings;
  onChange: (next: PrivacySettings) => void;
}) {
  return (
    <Stack gap="md">
      {PRIVACY_KEYS.map((key) => (
        <Switch
          key={key}
          label={PRIVACY_LABELS[key]}
          description={DESCRIPTIONS[key]}
          checked={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
        />
      ))}
    </Stack>
  );
}
