import { Anchor, Container, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useMediaIds } from '@/data';
import { isDashboardRole, ROLE_DISPLAY, type Role } from '@/lib/roles';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { AccessLog } from '../connected-apps/AccessLog';
import { ConnectedApps } from '../connected-apps/ConnectedApps';
import { PrivacySection } from './PrivacySection';

/** MediaID settings: the privacy switches of a set-up role, the apps connected to your MediaID, their access log. */
export function MediaIdSettingsPage() {
  const { user, profile } = useAuthSnapshot();
  const mediaIds = useMediaIds();
  const roles = useMemo(
    () => mediaIds.filter((m) => profile.roleSetupStatuses[m.role] === 'ready').map((m) => m.role as Role),
    [mediaIds, profile.roleSetupStatuses],
  );
  const [chosen, setChosen] = useState<Role | null>(null);
  const role =
    chosen ?? (roles.includes(profile.selectedRole) ? profile.selectedRole : (roles[0] ?? profile.selectedRole));
  const [revocations, setRevocations] = useState(0);
  const roleLabelId = useId();
  const back = isDashboardRole(profile.selectedRole) ? profile.selectedRole : 'fan';

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={`/dashboard/${back}`} size="sm">
          ← Back to dashboard
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>MediaID settings</Title>
          <Text c="dimmed">Decide what each of your MediaIDs shares, and which apps may use it.</Text>
        </Stack>
        {roles.length > 1 ? (
          <Stack gap={6}>
            <Text id={roleLabelId} fw={600}>
              Role
            </Text>
            <SegmentedControl
              aria-labelledby={roleLabelId}
              value={role}
              onChange={(value) => setChosen(value as Role)}
              data={roles.map((r) => ({ value: r, label: ROLE_DISPLAY[r].name }))}
            />
          </Stack>
        ) : null}
        {user ? <PrivacySection role={role} userId={user.id} /> : null}
        <ConnectedApps onRevoked={() => setRevocations((n) => n + 1)} />
        <AccessLog refreshKey={revocations} />
      </Stack>
    </Container>
  );
}
