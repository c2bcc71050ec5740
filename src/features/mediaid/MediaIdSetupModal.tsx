import { Button, Group, Stack, Stepper, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  ARTIST_BIO_MAX,
  ARTIST_NAME_MAX,
  artistBioError,
  artistNameError,
  normalizeArtistName,
} from '@/lib/artist-identity';
import { ROLE_DISPLAY, type Role } from '@/lib/roles';
import { useAuth } from '@/features/auth';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ROLE_ICONS } from '@/components/role-icons';
import { saveMediaIdSetup } from './api/save-media-id';
import { GenrePicker } from './components/GenrePicker';
import { InterestPicker } from './components/InterestPicker';
import { PrivacyControls } from './components/PrivacyControls';
import {
  DEFAULT_PRIVACY,
  interestOptionsFor,
  MAX_INTERESTS,
  MODAL_LOCATION_CODE,
  modalPayloadFromPrivacy,
  privacyFromModalPayload,
  type ModalPrivacyPayload,
} from './constants';
import { modalInterestsError } from './interest-rules';
import { mapSetupError, setupSuccessMessage } from './setup-errors';

export interface MediaIdSetupModalProps {
  opened: boolean;
  role: Role;
  onClose: () => void;
  onComplete: (role: Role) => void;
}

/** 'Setup Your MediaID': interests → genres (optional) → privacy, then the MediaID is written. */
export function MediaIdSetupModal({ opened, role, onClose, onComplete }: MediaIdSetupModalProps) {
  const { identity } = useAuth();
  const [step, setStep] = useState(0);
  const [interests, setInterests] = useState<string[]>([]);
  const [genres, setGenres] = useState<string[]>([]);
  const [privacy, setPrivacy] = useState<ModalPrivacyPayload>(modalPayloadFromPrivacy(DEFAULT_PRIVACY));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Artists choose the public name fans see (required) and a short bio here.
  const isArtist = role === 'artist';
  const [artistName, setArtistName] = useState('');
  const [bio, setBio] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { name, description, color } = ROLE_DISPLAY[role];
  const Icon = ROLE_ICONS[role];

  /** The artist's name/bio problem, shown under the field; null when fine or not an artist. */
  function identityProblem(): string | null {
    if (!isArtist) return null;
    const problem = artistNameError(artistName, identity?.getSnapshot().user?.email) ?? artistBioError(bio);
    setNameError(problem);
    return problem;
  }

  function next() {
    if (step === 0) {
      const problem = modalInterestsError(interests);
      if (problem) return setError(problem);
      if (identityProblem()) return setError(null);
    }
    setError(null);
    setStep((current) => Math.min(current + 1, 2));
  }

  async function submit() {
    if (busy) return;
    const problem = modalInterestsError(interests);
    if (problem) return setError(problem);
    if (identityProblem()) {
      setError(null);
      return setStep(0);
    }
    setBusy(true);
    setError(null);
    try {
      await saveMediaIdSetup(identity, {
        role,
        interests,
        genres,
        privacy: privacyFromModalPayload(privacy),
        locationCode: MODAL_LOCATION_CODE,
        identity: isArtist ? { displayName: normalizeArtistName(artistName), bio: bio.trim() } : null,
      });
      notifications.show({ color: 'green', message: setupSuccessMessage(role) });
      onComplete(role);
    } catch (caught) {
      console.error('MediaID setup failed', caught);
      setError(mapSetupError(caught, role));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title="Setup Your MediaID"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color={color} size="xl" radius="xl" aria-hidden>
            <Icon />
          </ThemeIcon>
          <div>
            <Text fw={700}>{name}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        </Group>
        <ErrorBanner message={error} />
        <Stepper active={step} onStepClick={(index) => index < step && setStep(index)} size="sm">
          <Stepper.Step label="Interests" description={`Pick 3 to ${MAX_INTERESTS}`}>
            {isArtist ? (
              <Stack gap="xs" mb="md">
                <TextInput
                  label="Artist name"
                  description="Fans see this name on your releases. It is public; your e-mail never is."
                  placeholder="The name you release music under"
                  required
                  maxLength={ARTIST_NAME_MAX}
                  value={artistName}
                  error={nameError}
                  onChange={(event) => {
                    setArtistName(event.currentTarget.value);
                    setNameError(null);
                  }}
                />
                <Textarea
                  label="Short bio"
                  description={`Optional, up to ${ARTIST_BIO_MAX} characters`}
                  autosize
                  minRows={2}
                  maxLength={ARTIST_BIO_MAX}
                  value={bio}
                  onChange={(event) => setBio(event.currentTarget.value)}
                />
              </Stack>
            ) : null}
            <Text mb="xs">{role === 'brand' ? 'What brings your brand to Bucket?' : 'What are you into?'}</Text>
            <InterestPicker
              value={interests}
              onChange={setInterests}
              cap={MAX_INTERESTS}
              options={interestOptionsFor(role)}
            />
          </Stepper.Step>
          <Stepper.Step label="Genres" description="Optional">
            <Text mb="xs">Favourite genres (optional)</Text>
            <GenrePicker value={genres} onChange={setGenres} />
          </Stepper.Step>
          <Stepper.Step label="Privacy" description="Your controls">
            <Text mb="xs">Privacy controls</Text>
            <PrivacyControls
              value={privacyFromModalPayload(privacy)}
              onChange={(settings) => setPrivacy(modalPayloadFromPrivacy(settings))}
            />
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep((current) => current - 1)} disabled={step === 0 || busy}>
            Back
          </Button>
          {step < 2 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button color={color} onClick={() => void submit()} disabled={busy}>
              {busy ? 'Saving...' : 'Complete Setup'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
