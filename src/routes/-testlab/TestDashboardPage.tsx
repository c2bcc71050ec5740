import {
  Alert,
  Badge,
  Box,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { CenteredLoader } from '@/components/CenteredLoader';
import { ROLE_DISPLAY, SELF_SIGNUP_ROLES, isSelfSignupRole, type SelfSignupRole } from '@/lib/roles';
import { DEFAULT_TEST_COMPONENT, TEST_COMPONENTS, findTestComponent } from './test-components';

/** `/test` — preview any screen with a mock role; `?component=` and `?role=` keep the choice in the URL. */
export function TestDashboardPage() {
  const search = useSearch({ strict: false }) as { component?: unknown; role?: unknown };
  const navigate = useNavigate();
  const selection = typeof search.component === 'string' ? search.component : DEFAULT_TEST_COMPONENT;
  const mockRole: SelfSignupRole = isSelfSignupRole(search.role) ? search.role : 'fan';
  const entry = findTestComponent(selection);

  function update(next: { component?: string; role?: SelfSignupRole }) {
    void navigate({
      to: '/test',
      search: { component: next.component ?? selection, role: next.role ?? mockRole } as never,
      replace: true,
    });
  }

  return (
    <Stack gap={0}>
      <Container size="xl" w="100%" py="md" px={{ base: 'sm', sm: 'md' }}>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={1} size="h3">
                Test Dashboard
              </Title>
              <Badge color={ROLE_DISPLAY[mockRole].color} variant="light">
                Mock role: {ROLE_DISPLAY[mockRole].name}
              </Badge>
            </Group>
            <Group gap="md" wrap="wrap" align="flex-end">
              <Select
                label="Component"
                data={TEST_COMPONENTS.map(({ value, label }) => ({ value, label }))}
                value={entry ? selection : null}
                placeholder={entry ? undefined : selection}
                onChange={(value) => value && update({ component: value })}
                allowDeselect={false}
                w={{ base: '100%', xs: 240 }}
                data-testid="component-select"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="mock-role-label">
                  Mock role
                </Text>
                <SegmentedControl
                  aria-labelledby="mock-role-label"
                  value={mockRole}
                  onChange={(value) => isSelfSignupRole(value) && update({ role: value })}
                  data={SELF_SIGNUP_ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY[role].name }))}
                />
              </Stack>
            </Group>
          </Stack>
        </Paper>
      </Container>
      <Box data-testid="test-preview">
        {entry ? (
          <Suspense fallback={<CenteredLoader text="Loading..." />}>
            <entry.Component key={`${entry.value}-${mockRole}`} mockRole={mockRole} />
          </Suspense>
        ) : (
          <Container size="sm" py="xl">
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Component not found">
              No test component is called “{selection}”. Pick one from the list above.
            </Alert>
          </Container>
        )}
      </Box>
    </Stack>
  );
}
