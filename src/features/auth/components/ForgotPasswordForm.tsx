import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { sendResetEmail } from '../api/send-reset-email';
import { validateEmail } from '../validation';
import { BackArrow } from './BackArrow';
import { ErrorBanner } from '@/components/ErrorBanner';

/** Forgot-password view: form, sending, sent confirmation, back to sign-in. */
export function ForgotPasswordForm({
  onBackToSignIn,
  initialEmail = '',
}: {
  onBackToSignIn: () => void;
  /** The email the sign-in form held when 'Forgot password?' was clicked. */
  initialEmail?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: { email: validateEmail },
  });

  async function submit({ email }: { email: string }) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await sendResetEmail(email);
    setBusy(false);
    if (result.error) setError(result.error);
    else setSentTo(email.trim());
  }

  if (sentTo) {
    return (
      <Stack gap="md">
        <Title order={2}>Check Your Email</Title>
        <Alert color="green" role="status">
          We sent a password reset link to {sentTo}. Follow it to set a new password.
        </Alert>
        <Button onClick={onBackToSignIn}>Back to Sign In</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <BackArrow onClick={onBackToSignIn} label="Back to Sign In" />
        <Title order={2}>Reset Password</Title>
      </Group>
      <Text c="dimmed">Enter your email and we&apos;ll send you a link to reset your password.</Text>
      <ErrorBanner message={error} />
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Email'}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
