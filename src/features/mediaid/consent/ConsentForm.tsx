import { Alert, Button, Group, List, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconShieldLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ROLE_DISPLAY, type Role } from '@/lib/roles';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { PrivacySettings } from '../constants';
import type { AppInfo, GrantRow } from '../connected-apps/api';
import { SCOPE_SENTENCES, withheldByPrivacy } from '../connected-apps/scope-text';

export interface ConsentFormProps {
  app: AppInfo;
  openId: string[];
  grant: GrantRow | null;
  email: string | null;
  roles: Role[];
  initialRole: Role;
  privacyOf: (role: Role) => PrivacySettings | null;
  busy: 'allow' | 'deny' | null;
  error: string | null;
  onDecide: (decision: 'allow' | 'deny', role: Role) => void;
}

/** Which app, which role's MediaID, what it may do, what the privacy switches still withhold, Allow / Deny. */
export function ConsentForm({
  app,
  openId,
  grant,
  email,
  roles,
  initialRole,
  privacyOf,
  busy,
  error,
  onDecide,
}: ConsentFormProps) {
  const [role, setRole] = useState<Role>(initialRole);
  const roleLabelId = useId();
  const privacy = privacyOf(role);
  const withheld = privacy ? withheldByPrivacy(privacy, app.scopes) : [];
  const widening = grant !== null && grant.revoked_at === null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {app.name} wants to use your MediaID
        </Title>
        {email ? (
          <Text size="sm" c="dimmed">
            Signed in as {email}
          </Text>
        ) : null}
      </Stack>
      {widening ? (
        <Alert color="blue" variant="light">
          You connected {app.name} before. It now asks for more, so Bucket checks with you again.
        </Alert>
      ) : null}
      {roles.length > 1 ? (
        <Stack gap={6}>
          <Text id={roleLabelId} fw={600}>
            Share the MediaID of your role
          </Text>
          <SegmentedControl
            aria-labelledby={roleLabelId}
            value={role}
            onChange={(value) => setRole(value as Role)}
            data={roles.map((r) => ({ value: r, label: ROLE_DISPLAY[r].name }))}
            fullWidth
          />
        </Stack>
      ) : (
        <Text fw={600}>Shares your {ROLE_DISPLAY[role].name} MediaID</Text>
      )}
      <Stack gap={6}>
        <Title order={2} size="h4">
          {app.name} will be able to
        </Title>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {[...app.scopes.map((scope) => SCOPE_SENTENCES[scope]), ...openId].map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap={6}>
        <Title order={2} size="h4">
          Your privacy switches still apply
        </Title>
        {withheld.length ? (
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="gray" variant="light">
                <IconShieldLock size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {withheld.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">Your privacy switches allow everything above.</Text>
        )}
        <Text size="sm" c="dimmed">
          Change your switches or revoke {app.name} any time in MediaID settings.
        </Text>
      </Stack>
      <ErrorBanner message={error} />
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => onDecide('deny', role)}
          loading={busy === 'deny'}
          disabled={busy !== null}
        >
          Deny
        </Button>
        <Button onClick={() => onDecide('allow', role)} loading={busy === 'allow'} disabled={busy !== null}>
          Allow
        </Button>
      </Group>
    </Stack>
  );
}
