import { Container } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthPanel } from './components/AuthPanel';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { SignInForm } from './components/SignInForm';

/** Sign-in screen (spec §2): success goes to /auto-route (or back to `redirectTo`); forgot password in place. */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  // The email typed into the sign-in form when 'Forgot password?' was clicked; null while signing in.
  const [forgot, setForgot] = useState<string | null>(null);
  const navigate = useNavigate();
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
