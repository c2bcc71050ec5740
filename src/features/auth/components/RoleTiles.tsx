import { Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { ROLE_DISPLAY, SELF_SIGNUP_ROLES, type SelfSignupRole } from '@/lib/roles';
import { ROLE_ICONS } from '@/components/role-icons';

/** Account type tiles: Fan, Artist, Brand, Developer — admin is never offered. */
export function RoleTiles({ value, onChange }: { value: SelfSignupRole; onChange: (role: SelfSignupRole) => void }) {
  return (
    <Radio.Group label="Account type" value={value} onChange={(next) => onChange(next as SelfSignupRole)}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
        {SELF_SIGNUP_ROLES.map((role) => {
          const { name, color } = ROLE_DISPLAY[role];
          const Icon = ROLE_ICONS[role];
          return (
            <Radio.Card key={role} value={role} radius="md" p="sm" aria-label={name} data-role={role}>
              <Stack align="center" gap={4}>
                <ThemeIcon color={color} variant={value === role ? 'filled' : 'light'} radius="xl" aria-hidden>
                  <Icon size={18} />
                </ThemeIcon>
                <Text size="sm" fw={value === role ? 700 : 500}>
                  {name}
                </Text>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
