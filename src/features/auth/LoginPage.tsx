import { Container } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthPanel } from './components/AuthPanel';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { SignedInNotice } from './components/SignedInNotice';
import { SignInForm } from './components/SignInForm';
import { useArrivedSignedIn } from './use-arrived-signed-in';

/** Sign-in screen (spec §2): success goes to /auto-route; forgot password in place; signed in: the way back. */
export function LoginPage() {
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
            onSuccess={() => void navigate({ to: '/auto-route' })}
            onForgotPassword={setForgot}
            onSwitchToSignUp={() => void navigate({ to: '/welcome' })}
          />
        )}
      </AuthPanel>
    </Container>
  );
}
