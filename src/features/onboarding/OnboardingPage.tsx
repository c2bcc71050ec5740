import { Alert, Button, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { artistBioError, artistNameError, normalizeArtistName } from '@/lib/artist-identity';
import { isSelfSignupRole, ROLE_DISPLAY, type SelfSignupRole } from '@/lib/roles';
import { useAuth } from '@/features/auth';
import { ErrorBanner } from '@/components/ErrorBanner';
import {
  canContinueWithInterests,
  DEFAULT_PRIVACY,
  GenrePicker,
  InterestPicker,
  interestOptionsFor,
  ONBOARDING_LOCATION_CODE,
  onboardingInterestsError,
  PrivacyControls,
  SaveMediaIdError,
  saveMediaIdSetup,
  type PrivacySettings,
} from '@/features/mediaid';
import { ArtistIdentityFields } from './components/ArtistIdentityFields';
import { ExperienceStep } from './components/ExperienceStep';
import { onboardingErrorMessage, onboardingFailureAlert } from './onboarding-errors';
import classes from './OnboardingStepper.module.css';

const STEP_LABELS = ['Welcome', 'Interests', 'Privacy', 'Experience'] as const;

/** Onboarding: welcome → interests + genres → privacy → experience, then /auto-route. */
export function OnboardingPage({ targetRole }: { targetRole?: SelfSignupRole }) {
  const { user, identity, profile } = useAuth();
  const navigate = useNavigate();
  const metadataRole = user?.user_metadata?.role;
  const [step, setStep] = useState(0);
  const [interests, setInterests] = useState<string[]>([]);
  const [genres, setGenres] = useState<string[]>([]);
  const [privacy, setPrivacy] = useState<PrivacySettings>({ ...DEFAULT_PRIVACY });
  const [role, setRole] = useState<SelfSignupRole>(
    targetRole ?? (isSelfSignupRole(metadataRole) ? metadataRole : 'fan'),
  );
  const [validation, setValidation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An artist chooses the public name fans see here too, as in the setup dialog.
  const [artistName, setArtistName] = useState('');
  const [bio, setBio] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  // A user who finished set-up is not walked through it again: only a role still
  // to set up (?role=…) opens it.
  const roleReady = profile.roleSetupStatuses[targetRole ?? profile.selectedRole] === 'ready';
  if (!profile.loading && profile.hasCompletedOnboarding && profile.hasMediaID && roleReady) {
    return <Navigate to="/auto-route" replace />;
  }

  async function submit() {
    if (busy) return;
    const problem = onboardingInterestsError(interests);
    if (problem) return setValidation(problem);
    if (role === 'artist') {
      const identityProblem = artistNameError(artistName, user?.email) ?? artistBioError(bio);
      setNameError(identityProblem);
      if (identityProblem) return;
    }
    setValidation(null);
    setFailure(null);
    setBusy(true);
    try {
      await saveMediaIdSetup(identity, {
        role,
        interests,
        genres,
        privacy,
        locationCode: ONBOARDING_LOCATION_CODE,
        identity: role === 'artist' ? { displayName: normalizeArtistName(artistName), bio: bio.trim() } : null,
      });
      await navigate({ to: '/auto-route' });
    } catch (error) {
      console.error('Onboarding failed', error);
      const stage = error instanceof SaveMediaIdError ? error.stage : 'profile';
      setFailure(onboardingFailureAlert(onboardingErrorMessage(stage)));
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button variant="default" onClick={() => setStep((current) => current - 1)} disabled={busy}>
      Back
    </Button>
  );

  return (
    <Container size="md" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Text hiddenFrom="xs" size="sm" fw={600} c="dimmed" ta="center" mb="xs">
          Step {step + 1} of {STEP_LABELS.length} · {STEP_LABELS[step]}
        </Text>
        <Stepper
          active={step}
          size="sm"
          classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
          allowNextStepsSelect={false}
          onStepClick={(index) => index < step && setStep(index)}
        >
          <Stepper.Step label={STEP_LABELS[0]}>
            <Stack gap="md" align="center" ta="center" py="md">
              <Title order={1}>Welcome to Bucket!</Title>
              <Text c="dimmed" maw={520}>
                {targetRole
                  ? `Let's set up your ${ROLE_DISPLAY[targetRole].name} MediaID: your interests, your privacy and your experience.`
                  : 'Set up your MediaID in a few steps: your interests, your privacy and the experience you want.'}
              </Text>
              <Button size="md" onClick={() => setStep(1)}>
                Let&apos;s Get Started
              </Button>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[1]}>
            <Stack gap="md">
              <Title order={2}>{role === 'brand' ? 'What brings your brand to Bucket?' : 'What are you into?'}</Title>
              <Text c="dimmed">
                {role === 'brand'
                  ? 'Pick 3 to 5 goals. Genres (the music your brand fits) are optional.'
                  : 'Pick 3 to 5 interests. Genres are optional.'}
              </Text>
              <InterestPicker value={interests} onChange={setInterests} options={interestOptionsFor(role)} />
              <Title order={3} size="h4">
                Genres
              </Title>
              <GenrePicker value={genres} onChange={setGenres} />
              <Group justify="space-between">
                {back}
                <Button onClick={() => setStep(2)} disabled={!canContinueWithInterests(interests)}>
                  Continue
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[2]}>
            <Stack gap="md">
              <Title order={2}>Your privacy settings</Title>
              <PrivacyControls value={privacy} onChange={setPrivacy} />
              <Group justify="space-between">
                {back}
                <Button onClick={() => setStep(3)}>Continue</Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[3]}>
            <Stack gap="md">
              <Title order={2}>Choose your experience</Title>
              <ErrorBanner message={validation} />
              {failure ? (
                <Alert color="red" role="alert" title="Setup failed">
                  {failure}
                </Alert>
              ) : null}
              <ExperienceStep value={role} onChange={setRole} />
              {role === 'artist' ? (
                <ArtistIdentityFields
                  name={artistName}
                  bio={bio}
                  error={nameError}
                  onName={(value) => {
                    setArtistName(value);
                    setNameError(null);
                  }}
                  onBio={setBio}
                />
              ) : null}
              <Group justify="space-between">
                {back}
                <Button onClick={() => void submit()} disabled={busy}>
                  {busy ? 'Setting up...' : 'Enter Bucket'}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Container>
  );
}
