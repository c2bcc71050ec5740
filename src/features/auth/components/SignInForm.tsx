import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { signInWithPassword } from '../api/sign-in-with-password';
import { signInFieldRules, type SignInValues } from '../validation';
import { isDashboardRole } from '@/lib/roles';
import { useHydrated } from '@/lib/use-hydrated';
import { signInHeading, useReturningVisitor } from '../returning-visitor';
import { BackArrow } from './BackArrow';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SocialButtons } from './SocialButtons';

export interface SignInFormProps {
  /** Called with the user metadata role after a successful sign-in. */
  onSuccess: (metadataRole: unknown) => void;
  /** Called with the email typed so far, so the reset form starts with it. */
  onForgotPassword: (email: string) => void;
  onBack?: () => void;
  onSwitchToSignUp?: () => void;
  subtitle?: string;
}

/** Sign-in screen: welcome-back heading (for a returning device; returning-visitor.ts), social buttons, e-mail/password, Remember me. */
export function SignInForm({ onSuccess, onForgotPassword, onBack, onSwitchToSignUp, subtitle }: SignInFormProps) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const returning = useReturningVisitor();
  const hydrated = useHydrated();
  const form = useForm<SignInValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: signInFieldRules,
  });

  async function submit(values: SignInValues) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await signInWithPassword(values.email, values.password);
    if (!result.error && isDashboardRole(result.role)) {
      // The dashboard this account most likely goes to starts downloading now, not after /auto-route
      // (the route's loader starts its chunk).
      router.preloadRoute({ to: '/dashboard/$role', params: { role: result.role } }).catch(() => undefined);
    }
    setBusy(false);
    if (result.error) setError(result.error);
    else onSuccess(result.role);
  }

  return (
    // inert until hydrated: nothing is typed into a field before the form state owns it.
    <Stack gap="md" inert={!hydrated}>
      <Group gap="xs" wrap="nowrap">
        <BackArrow onClick={onBack} />
        <Title order={2}>{signInHeading(returning)}</Title>
      </Group>
      <Text c="dimmed">{subtitle ?? 'Sign in to your Bucket dashboard'}</Text>
      <ErrorBanner message={error} />
      <SocialButtons mode="signin" onError={setError} />
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            {/* Remember me has no effect: supabase-js always persists the session. */}
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onForgotPassword(form.getValues().email.trim())}
            >
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </Button>
        </Stack>
      </form>
      {onSwitchToSignUp ? (
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component="button" type="button" onClick={onSwitchToSignUp}>
            Sign up here
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
