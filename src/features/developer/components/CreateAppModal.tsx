import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { CreateAppInput, CreatedApp } from '../api/types';
import { parseRedirectUris, validateAppName, validateRedirectUris, validateScopes } from '../api/validate-app';
import { OAUTH_SCOPES, SCOPE_DESCRIPTIONS, type OAuthScope } from '../scopes';

interface FormValues {
  name: string;
  description: string;
  redirectUris: string;
  scopes: OAuthScope[];
}

export function CreateAppModal({
  opened,
  onClose,
  onCreate,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreate: (input: CreateAppInput) => Promise<CreatedApp>;
  onCreated: (created: CreatedApp) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', redirectUris: '', scopes: [] },
    validate: {
      name: validateAppName,
      redirectUris: validateRedirectUris,
      scopes: validateScopes,
    },
  });

  function close() {
    form.reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: FormValues) {
    setSubmitting(true);
    setFailure(null);
    try {
      const created = await onCreate({
        name: values.name,
        description: values.description,
        redirectUris: parseRedirectUris(values.redirectUris),
        scopes: values.scopes,
      });
      form.reset();
      onCreated(created);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Failed to create application');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Create Application" size="lg" centered fullScreen={phone}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Application Name"
            placeholder="My MediaID app"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            placeholder="What does your app do with MediaID?"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Textarea
            label="Redirect URIs"
            description="One per line. https://, or http://localhost for development."
            placeholder="https://example.com/oauth/callback"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('redirectUris')}
          />
          <Checkbox.Group label="Required Scopes" withAsterisk {...form.getInputProps('scopes')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {OAUTH_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={scope}
                  description={SCOPE_DESCRIPTIONS[scope]}
                  styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {failure ? (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="grape" loading={submitting}>
              Create Application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
