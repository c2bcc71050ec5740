import { Container, Stack, Text, Title } from '@mantine/core';
import { CenteredLoader } from '@/components/CenteredLoader';
import { readStoredSession } from '@/lib/stored-session';
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage-key';
import { useAuthUser } from '@/lib/use-auth-snapshot';
import { fanDisplayName, fanGreetingWord } from './display-name';

/** 'Welcome back, {name}' (a brand-new fan: 'Welcome, {name}') and the line under it. */
export function FanGreeting({
  name,
  greeting = 'Welcome back',
}: {
  name: string;
  greeting?: 'Welcome' | 'Welcome back';
}) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {greeting}, {name}
      </Title>
      <Text c="dimmed">Today&apos;s drops, your rewards and the artists you back.</Text>
    </div>
  );
}

/** The fan dashboard's container, as the page lays it out (the greeting stays put as it loads). */
export const FAN_DASHBOARD_CONTAINER = {
  size: 'xl',
  py: { base: 'md', sm: 'xl' },
  px: { base: 'sm', sm: 'md' },
} as const;

/**
 * While the fan dashboard's session check or code is still loading: the greeting where the page
 * puts it, then the loader.
 * The user is the signed-in one, or the stored session's while the auth state is still loading.
 */
export function FanDashboardLoading({ text }: { text: string }) {
  const user = useAuthUser() ?? readStoredSession(window.localStorage, AUTH_STORAGE_KEY)?.user ?? null;
  return (
    <Container {...FAN_DASHBOARD_CONTAINER}>
      <Stack gap="lg">
        {user ? <FanGreeting name={fanDisplayName(user)} greeting={fanGreetingWord(user)} /> : null}
        <CenteredLoader text={text} />
      </Stack>
    </Container>
  );
}
