import { Button, Divider, Group } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { signInWithOAuth } from '../api/sign-in-with-oauth';
import type { OAuthProvider } from '../auth-errors';

/** Google and Facebook buttons; failures go to the page's red banner. */
export function SocialButtons({
  mode,
  onError,
}: {
  mode: 'signin' | 'signup';
  onError: (message: string | null) => void;
}) {
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  async function start(provider: OAuthProvider) {
    setBusy(provider);
    onError(null);
    const { error } = await signInWithOAuth(provider, mode);
    setBusy(null);
    if (error) onError(error);
  }
  return (
    <>
      <Group grow>
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          loading={busy === 'google'}
          disabled={busy !== null}
          onClick={() => void start('google')}
        >
          Google
        </Button>
        <Button
          variant="default"
          leftSection={<IconBrandFacebook size={18} aria-hidden />}
          loading={busy === 'facebook'}
          disabled={busy !== null}
          onClick={() => void start('facebook')}
        >
          Facebook
        </Button>
      </Group>
      <Divider label="or continue with email" labelPosition="center" />
    </>
  );
}
