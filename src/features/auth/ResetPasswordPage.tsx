import { Alert, Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CenteredLoader } from '@/components/CenteredLoader';
import { startRecoverySession, updatePassword } from './api/update-password';
import { useAuth } from './AuthContext';
import { INVALID_RESET_LINK } from './auth-errors';
import { AuthPanel } from './components/AuthPanel';
import { ErrorBanner } from '@/components/ErrorBanner';
import { resetPasswordSubmitError, validateRequiredPassword, visibleFormError } from './validation';

const routeApi = getRouteApi('/reset-password');
const SUCCESS_REDIRECT_MS = 2000;
const INVALID_REDIRECT_MS = 3000;

type LinkState = 'checking' | 'ready' | 'invalid' | 'updated';

/** Reset password: form, submitting, 'Password Updated!', then /auto-route after 2 s. */
export function ResetPasswordPage() {
  const { user, loading } = useAuth();
  const { access_token: accessToken, refresh_token: refreshToken } = routeApi.useSearch();
  const navigate = useNavigate();
  const [state, setState] = useState<LinkState>('checking');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: { password: validateRequiredPassword, confirmPassword: validateRequiredPassword },
  });

  useEffect(() => {
    if (loading || state !== 'checking') return;
    let cancelled = false;
    const settle = (next: LinkState) => {
      if (cancelled) return;
      setState(next);
      // Tokens must not linger in the address bar or history.
      if (accessToken) void navigate({ to: '/reset-password', search: {}, replace: true });
    };
    if (user) settle('ready');
    else if (accessToken && refreshToken)
      void startRecoverySession(accessToken, refreshToken).then((ok) => settle(ok ? 'ready' : 'invalid'));
    else settle('invalid');
    return () => {
      cancelled = true;
    };
  }, [loading, user, accessToken, refreshToken, state, navigate]);

  useEffect(() => {
    if (state !== 'invalid' && state !== 'updated') return;
    const to = state === 'invalid' ? '/welcome' : '/auto-route';
    const timer = setTimeout(
      () => void navigate({ to }),
      state === 'invalid' ? INVALID_REDIRECT_MS : SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [state, navigate]);

  async function submit(values: { password: string; confirmPassword: string }) {
    if (busy) return;
    const problem = resetPasswordSubmitError(values.password, values.confirmPassword);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    const result = await updatePassword(values.password);
    setBusy(false);
    if (result.error) setError(result.error);
    else setState('updated');
  }

  if (state === 'checking') return <CenteredLoader text="Loading..." />;

  return (
    <Container size={480} py="xl">
      <AuthPanel>
        {state === 'invalid' ? (
          <Stack gap="md">
            <Title order={1} size="h2">
              Set New Password
            </Title>
            <ErrorBanner message={INVALID_RESET_LINK} />
          </Stack>
        ) : state === 'updated' ? (
          <Stack gap="md" align="center" ta="center">
            <Title order={1} size="h2">
              Password Updated!
            </Title>
            <Alert color="green" role="status" w="100%">
              Your password has been changed. Taking you to your dashboard...
            </Alert>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
            <Stack gap="md">
              <Title order={1} size="h2">
                Set New Password
              </Title>
              <Text c="dimmed">Choose a new password of at least 6 characters.</Text>
              <ErrorBanner message={visibleFormError(error, form.values.password, form.values.confirmPassword)} />
              <PasswordInput
                label="New Password"
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm New Password"
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword')}
              />
              <Button type="submit" fullWidth disabled={busy}>
                {busy ? 'Updating Password...' : 'Update Password'}
              </Button>
              <Button variant="subtle" onClick={() => void navigate({ to: '/login' })}>
                Back to Login
              </Button>
            </Stack>
          </form>
        )}
      </AuthPanel>
    </Container>
  );
}
