import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DEFAULT_ROLE, ROLE_DISPLAY, type SelfSignupRole } from '@/lib/roles';
import { signUp } from '../api/sign-up';
import { signUpFieldRules, signUpSubmitError, visibleFormError, type SignUpValues } from '../validation';
import { BackArrow } from './BackArrow';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RoleTiles } from './RoleTiles';
import { SocialButtons } from './SocialButtons';

export interface SignUpFormProps {
  /** A portal fixes the role and hides the tiles. */
  fixedRole?: SelfSignupRole;
  onSuccess: (role: SelfSignupRole) => void;
  onSwitchToSignIn: () => void;
  onBack?: () => void;
}

/** Sign-up screen: role tiles, social buttons, e-mail, passwords, terms, role-coloured submit. */
export function SignUpForm({ fixedRole, onSuccess, onSwitchToSignIn, onBack }: SignUpFormProps) {
  const [role, setRole] = useState<SelfSignupRole>(fixedRole ?? DEFAULT_ROLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '', acceptTerms: false },
    validate: signUpFieldRules,
  });
  const { name, color } = ROLE_DISPLAY[role];

  async function submit(values: SignUpValues) {
    if (busy) return;
    const mismatch = signUpSubmitError(values);
    if (mismatch) return setError(mismatch);
    setBusy(true);
    setError(null);
    const result = await signUp(values.email, values.password, role);
    setBusy(false);
    if (result.error) setError(result.error);
    else onSuccess(role);
  }

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <BackArrow onClick={onBack} />
        <Title order={2}>Create Your Account</Title>
      </Group>
      <Text c="dimmed">Join Bucket and set up your MediaID.</Text>
      <ErrorBanner message={visibleFormError(error, form.values.password, form.values.confirmPassword)} />
      {fixedRole ? null : <RoleTiles value={role} onChange={setRole} />}
      <SocialButtons mode="signup" onError={setError} />
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description="At least 6 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor href="/terms" target="_blank">
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor href="/privacy" target="_blank">
                  Privacy Policy
                </Anchor>
              </>
            }
            required
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" color={color} fullWidth disabled={busy}>
            {busy ? 'Creating Account...' : `Create ${name} Account`}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component="button" type="button" onClick={onSwitchToSignIn}>
          Sign in here
        </Anchor>
      </Text>
    </Stack>
  );
}
