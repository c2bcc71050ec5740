import { Anchor, Button, Container, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_DISPLAY } from '@/lib/roles';
import { useHydrated } from '@/lib/use-hydrated';
import { AuthPanel } from './components/AuthPanel';
import { PortalMarketing, type PortalRole } from './components/PortalMarketing';
import { SignedInNotice } from './components/SignedInNotice';
import { ForgotPasswordForm, MediaIdSetupModal, SignInForm, SignUpForm } from './lazy-auth-screens';
import { useGoToRoleDashboard } from './use-after-sign-in';
import { useArrivedSignedIn } from './use-arrived-signed-in';

type Mode = 'choose' | 'signup' | 'signin' | 'forgot';

/** Artist, brand and developer portals. */
export function RolePortalPage({ role }: { role: PortalRole }) {
  const isDeveloper = role === 'developer';
  const [mode, setMode] = useState<Mode>(isDeveloper ? 'signin' : 'choose');
  const [settingUp, setSettingUp] = useState(false);
  // The email the sign-in form held when 'Forgot password?' was clicked: the reset form starts with it.
  const [resetEmail, setResetEmail] = useState('');
  const navigate = useNavigate();
  const goToDashboard = useGoToRoleDashboard();
  const { name, color } = ROLE_DISPLAY[role];
  const back = isDeveloper ? undefined : () => setMode('choose');
  // Signed in already (not by this page's own sign-up, whose setup modal follows): the way back.
  const signedIn = useArrivedSignedIn();
  const hydrated = useHydrated();

  let panel;
  if (mode === 'signup') {
    panel = (
      <SignUpForm
        fixedRole={role}
        onSuccess={() => setSettingUp(true)}
        onSwitchToSignIn={() => setMode('signin')}
        onBack={back}
      />
    );
  } else if (mode === 'signin') {
    panel = (
      <SignInForm
        subtitle={`Sign in to your ${name} dashboard`}
        onSuccess={() => void goToDashboard(role)}
        onForgotPassword={(email) => {
          setResetEmail(email);
          setMode('forgot');
        }}
        onSwitchToSignUp={() => setMode('signup')}
        onBack={back}
      />
    );
  } else if (mode === 'forgot') {
    panel = <ForgotPasswordForm initialEmail={resetEmail} onBackToSignIn={() => setMode('signin')} />;
  } else {
    panel = (
      <Stack gap="md">
        <Title order={2}>Get started</Title>
        <Text c="dimmed">Create your {name.toLowerCase()} account or sign in to your dashboard.</Text>
        <Button color={color} size="md" onClick={() => setMode('signup')} disabled={settingUp}>
          Create {name} Account
        </Button>
        <Button variant="default" size="md" onClick={() => setMode('signin')} disabled={settingUp}>
          Sign In
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <PortalMarketing role={role} />
        <Stack gap="md">
          {signedIn && !settingUp ? (
            <SignedInNotice user={signedIn} />
          ) : (
            <>
              {isDeveloper ? (
                <SegmentedControl
                  inert={!hydrated}
                  fullWidth
                  aria-label="Sign in or create account"
                  value={mode === 'signup' ? 'signup' : 'signin'}
                  onChange={(value) => setMode(value as Mode)}
                  data={[
                    { value: 'signin', label: 'Sign In' },
                    { value: 'signup', label: 'Create Account' },
                  ]}
                />
              ) : null}
              <AuthPanel>{settingUp ? <Text>Account created. Let&apos;s set up your MediaID.</Text> : panel}</AuthPanel>
              {isDeveloper ? <DeveloperTermsNotice /> : null}
            </>
          )}
        </Stack>
      </SimpleGrid>
      {settingUp ? (
        <MediaIdSetupModal
          opened
          role={role}
          onClose={() => void navigate({ to: '/auto-route' })}
          onComplete={() => void navigate({ to: '/dashboard/$role', params: { role } })}
        />
      ) : null}
    </Container>
  );
}

function DeveloperTermsNotice() {
  return (
    <Text size="xs" c="dimmed" ta="center">
      By continuing you agree to the{' '}
      <Anchor component={Link} to="/terms" size="xs">
        Terms of Service
      </Anchor>{' '}
      and{' '}
      <Anchor component={Link} to="/privacy" size="xs">
        Privacy Policy
      </Anchor>
      , including how applications may access MediaID data with user consent.
    </Text>
  );
}
