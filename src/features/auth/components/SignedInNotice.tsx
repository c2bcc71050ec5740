import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { AuthUser } from '@/lib/auth-state';

// The dialog (and the sign-out API behind it) loads when asked for.
const SignOutDialog = lazy(() => import('./SignOutDialog').then((m) => ({ default: m.SignOutDialog })));

/**
 * Shown instead of sign-up and sign-in forms to someone already signed in: who they are, the way
 * to their dashboard (/auto-route picks it, or onboarding when a role is not set up) and sign out.
 */
export function SignedInNotice({ user }: { user: AuthUser }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="signed-in-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="signed-in-title">
          You&apos;re signed in
        </Title>
        {user.email ? (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Signed in as <strong>{user.email}</strong>
          </Text>
        ) : null}
        <Group gap="sm">
          <Button component={Link} to="/auto-route" color="yellow" leftSection={<IconLayoutDashboard size={18} />}>
            Go to your dashboard
          </Button>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={() => setSigningOut(true)}>
            Sign out
          </Button>
        </Group>
      </Stack>
      {signingOut ? (
        <Suspense fallback={null}>
          <SignOutDialog opened onClose={() => setSigningOut(false)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
