import { Group, List, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { ROLE_DISPLAY, SELF_SIGNUP_ROLES, type SelfSignupRole } from '@/lib/roles';
import { ROLE_ICONS } from '@/components/role-icons';

const EXPERIENCES: Record<SelfSignupRole, { title: string; features: string[] }> = {
  fan: {
    title: 'Fan Dashboard',
    features: [
      'Discover underground artists',
      'Daily drops and the Daily Locker',
      'Daily rewards and streaks',
      'Exclusive content',
    ],
  },
  artist: {
    title: 'Artist Dashboard',
    features: [
      'Upload into your bucket',
      'Daily drops and subscriber tiers',
      'Fan and revenue analytics',
      'Brand collaborations',
    ],
  },
  brand: {
    title: 'Brand Dashboard',
    features: ['Campaign management', 'Artist partnerships', 'Audience insights', 'Campaign analytics'],
  },
  developer: {
    title: 'Developer Portal',
    features: ['OAuth applications', 'Identity and preference APIs', 'Scopes and credentials', 'API usage analytics'],
  },
};

/** Step 4: choose the experience/role; four options, each with its feature list. */
export function ExperienceStep({
  value,
  onChange,
}: {
  value: SelfSignupRole;
  onChange: (role: SelfSignupRole) => void;
}) {
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next as SelfSignupRole)} label="Choose your experience">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        {SELF_SIGNUP_ROLES.map((role) => {
          const { color } = ROLE_DISPLAY[role];
          const Icon = ROLE_ICONS[role];
          const { title, features } = EXPERIENCES[role];
          return (
            <Radio.Card key={role} value={role} radius="md" p="md" aria-label={title} data-role={role}>
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <Radio.Indicator />
                  <ThemeIcon color={color} radius="xl" variant={value === role ? 'filled' : 'light'} aria-hidden>
                    <Icon size={18} />
                  </ThemeIcon>
                  <Text fw={700}>{title}</Text>
                </Group>
                <List size="sm" c="dimmed" spacing={2}>
                  {features.map((feature) => (
                    <List.Item key={feature}>{feature}</List.Item>
                  ))}
                </List>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
