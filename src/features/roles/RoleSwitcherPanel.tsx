import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ROLE_DISPLAY, SELF_SIGNUP_ROLES } from '@/lib/roles';
import { useAuth } from '@/features/auth';
import { roleBadge } from './role-badge';
import { ROLE_ICONS } from '@/components/role-icons';
import { useRoleSwitch } from './use-role-switch';

/** The full 'Your Roles' panel. */
export function RoleSwitcherPanel({ onDone }: { onDone?: () => void }) {
  const { profile } = useAuth();
  const choose = useRoleSwitch();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Your Roles
      </Title>
      {SELF_SIGNUP_ROLES.map((role) => {
        const { name, description, color } = ROLE_DISPLAY[role];
        const Icon = ROLE_ICONS[role];
        const badge = roleBadge(role, profile.selectedRole, profile.roleSetupStatuses, 'panel');
        const isCurrent = role === profile.selectedRole;
        const needsSetup = !isCurrent && profile.roleSetupStatuses[role] !== 'ready';
        return (
          <Card key={role} withBorder radius="md" padding="sm" data-role={role}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon color={color} radius="xl" aria-hidden>
                  <Icon size={18} />
                </ThemeIcon>
                <div>
                  <Group gap={6}>
                    <Text fw={700}>{name}</Text>
                    <Badge color={badge.color} variant="light" size="sm">
                      {badge.label}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </div>
              </Group>
              <Button
                size="xs"
                variant={isCurrent ? 'default' : needsSetup ? 'outline' : 'filled'}
                color={color}
                disabled={isCurrent}
                aria-label={
                  isCurrent ? `Current Role: ${name}` : `${needsSetup ? 'Set Up Role' : 'Switch to Role'}: ${name}`
                }
                onClick={() => {
                  onDone?.();
                  void choose(role);
                }}
              >
                {isCurrent ? 'Current Role' : needsSetup ? 'Set Up Role' : 'Switch to Role'}
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
