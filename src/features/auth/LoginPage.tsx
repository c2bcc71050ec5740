import { Container } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthPanel } from './components/AuthPanel';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { SignedInNotice } from './components/SignedInNotice';
import { SignInForm } from './components/SignInForm';
import { useArrivedSignedIn } from './use-arrived-signed-in';

/**
 * Sign-in screen: success goes to /auto-route (or back to `redirectTo`); forgot password in
 * place; a user who arrived signed in sees the way back instead.
 */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  // The email typed into the sign-in form when 'Forgot password?' was clicked; null while signing in.
  const [forgot, setForgot] = useState<string | null>(null);
  const navigate = useNavigate();
  const signedIn = useArrivedSignedIn();
  if (signedIn) {
    return (
      <Container size={480} py="xl">
        <SignedInNotice user={signedIn} />
      </Container>
    );
  }
  return (
    <Container size={480} py="xl">
      <AuthPanel>
        {forgot !== null ? (
          <ForgotPasswordForm initialEmail={forgot} onBackToSignIn={() => setForgot(null)} />
        ) : (
          <SignInForm
            // a full path with its search (an app's consent request) goes back as it was
            onSuccess={() => (redirectTo ? void navigate({ href: redirectTo }) : void navigate({ to: '/auto-route' }))}
            onForgotPassword={setForgot}
            onSwitchToSignUp={() => void navigate({ to: '/welcome' })}
          />
        )}
      </AuthPanel>
    </Container>
  );
}
