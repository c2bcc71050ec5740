import { Container } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthPanel } from './components/AuthPanel';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { SignInForm } from './components/SignInForm';

/** Sign-in screen (spec §2): success goes to /auto-route; forgot password in place. */
export function LoginPage() {
  const [forgot, setForgot] = useState(false);
  const navigate = useNavigate();
  return (
    <Container size={480} py="xl">
      <AuthPanel>
        {forgot ? (
          <ForgotPasswordForm onBackToSignIn={() => setForgot(false)} />
        ) : (
          <SignInForm
            onSuccess={() => void navigate({ to: '/auto-route' })}
            onForgotPassword={() => setForgot(true)}
            onSwitchToSignUp={() => void navigate({ to: '/welcome' })}
          />
        )}
      </AuthPanel>
    </Container>
  );
}
