import { Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CenteredLoader } from '@/components/CenteredLoader';
import { useMediaIds } from '@/data';
import type { Role } from '@/lib/roles';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { ErrorBanner } from '@/components/ErrorBanner';
import { CONSENT_TEXT } from './consent-errors';
import { ConsentForm } from './ConsentForm';
import { useConsent } from './use-consent';

/** The OAuth consent page (config.toml `authorization_url_path`): signed-in users only, then the flow. */
export function ConsentPage({ authorizationId }: { authorizationId: string | undefined }) {
  const auth = useAuthSnapshot();
  const signedIn = Boolean(auth.user);
  const { state, busy, actionError, decide, retry } = useConsent(authorizationId, signedIn);
  const mediaIds = useMediaIds();
  const roles = useMemo(
    () => mediaIds.filter((m) => auth.profile.roleSetupStatuses[m.role] === 'ready').map((m) => m.role as Role),
    [mediaIds, auth.profile.roleSetupStatuses],
  );

  if (auth.loading) return <CenteredLoader text="Loading..." />;
  if (!signedIn) {
    const back = `/oauth/consent?authorization_id=${encodeURIComponent(authorizationId ?? '')}`;
    return <Navigate to="/login" search={{ redirect: back }} replace />;
  }
  if (state.kind === 'loading' || auth.profile.loading) return <CenteredLoader text="Loading the app’s request..." />;
  if (state.kind === 'leaving') {
    const app = state.appName ?? 'the app';
    return <CenteredLoader text={state.outcome === 'denied' ? `Returning to ${app}…` : `Continuing to ${app}…`} />;
  }

  let body;
  if (state.kind === 'error') {
    body = (
      <Stack gap="md">
        <Title order={1} size="h2">
          Connect an app
        </Title>
        <ErrorBanner message={state.message} />
        {state.message === CONSENT_TEXT.offline ? <Button onClick={retry}>Try again</Button> : null}
      </Stack>
    );
  } else if (roles.length === 0) {
    body = (
      <Stack gap="md">
        <Title order={1} size="h2">
          {state.app.name} wants to use your MediaID
        </Title>
        <Text>{CONSENT_TEXT.noMediaId}</Text>
        <Anchor component={Link} to="/onboarding">
          Set up your MediaID
        </Anchor>
      </Stack>
    );
  } else {
    const selected = auth.profile.selectedRole;
    const initialRole =
      state.grant && roles.includes(state.grant.role)
        ? state.grant.role
        : roles.includes(selected)
          ? selected
          : roles[0]!;
    body = (
      <ConsentForm
        app={state.app}
        openId={state.openId}
        grant={state.grant}
        email={auth.user?.email ?? null}
        roles={roles}
        initialRole={initialRole}
        privacyOf={(role) => mediaIds.find((m) => m.role === role)?.privacy_settings ?? null}
        busy={busy}
        error={actionError}
        onDecide={(decision, role) => void decide(decision, role)}
      />
    );
  }
  return (
    <Container size={560} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        {body}
      </Paper>
    </Container>
  );
}
