import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SelfSignupRole } from '@/lib/roles';
import { useHydrated } from '@/lib/use-hydrated';
import { AuthPanel } from './components/AuthPanel';
import { FeatureCards } from './components/FeatureCards';
import { SignedInNotice } from './components/SignedInNotice';
import { ForgotPasswordForm, MediaIdSetupModal, SignInForm, SignUpForm } from './lazy-auth-screens';
import { useGoToRoleDashboard } from './use-after-sign-in';
import { useArrivedSignedIn } from './use-arrived-signed-in';

type PageState = 'none' | 'signup' | 'signin' | 'forgot';

/** Landing/auth page: hero, feature cards, fan sign-up and sign-in; states none, signup, signin. */
export function WelcomePage() {
  const [state, setState] = useState<PageState>('none');
  const [setupRole, setSetupRole] = useState<SelfSignupRole | null>(null);
  // The email the sign-in form held when 'Forgot password?' was clicked: the reset form starts with it.
  const [resetEmail, setResetEmail] = useState('');
  const navigate = useNavigate();
  const goToDashboard = useGoToRoleDashboard();
  // Signed in already: the way to the dashboard instead of the sign-up and sign-in buttons.
  const signedIn = useArrivedSignedIn();
  const hydrated = useHydrated();

  const form =
    state === 'signup' ? (
      <SignUpForm
        onSuccess={(role) => {
          // Sign-up success hides the form and opens the MediaID setup modal.
          setState('none');
          setSetupRole(role);
        }}
        onSwitchToSignIn={() => setState('signin')}
        onBack={() => setState('none')}
      />
    ) : state === 'signin' ? (
      <SignInForm
        onSuccess={(role) => void goToDashboard(role)}
        onForgotPassword={(email) => {
          setResetEmail(email);
          setState('forgot');
        }}
        onSwitchToSignUp={() => setState('signup')}
        onBack={() => setState('none')}
      />
    ) : state === 'forgot' ? (
      <ForgotPasswordForm initialEmail={resetEmail} onBackToSignIn={() => setState('signin')} />
    ) : null;

  return (
    <Container size="lg" py="xl">
      {form ? (
        <Container size={480} px={0}>
          <AuthPanel>{form}</AuthPanel>
        </Container>
      ) : (
        <Stack gap="xl">
          <Stack gap="sm" align="center" ta="center" py="lg">
            <Title order={1} size="h1">
              Your home for exclusive underground content
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              Discover underground artists, unlock daily drops and rewards, and collaborate with brands — with a
              privacy-first MediaID you control.
            </Text>
            {signedIn && !setupRole ? (
              <Container size={560} px={0} mt="md" w="100%" ta="left">
                <SignedInNotice user={signedIn} />
              </Container>
            ) : (
              <Group justify="center" mt="md" inert={!hydrated}>
                <Button size="md" color="yellow" onClick={() => setState('signup')} disabled={setupRole !== null}>
                  Create Fan Account
                </Button>
                <Button size="md" variant="default" onClick={() => setState('signin')} disabled={setupRole !== null}>
                  Sign In to Dashboard
                </Button>
              </Group>
            )}
            <Group justify="center" gap="lg" mt="xs">
              <Anchor component={Link} to="/artist/login">
                Artist Portal
              </Anchor>
              <Anchor component={Link} to="/brand/login">
                Brand Portal
              </Anchor>
            </Group>
          </Stack>
          <FeatureCards />
        </Stack>
      )}
      {setupRole ? (
        <MediaIdSetupModal
          opened
          role={setupRole}
          onClose={() => void navigate({ to: '/auto-route' })}
          onComplete={(role) => void navigate({ to: '/dashboard/$role', params: { role } })}
        />
      ) : null}
    </Container>
  );
}
