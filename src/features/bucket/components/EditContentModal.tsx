import { Alert, Button, Group, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ContentItemEdit } from '@sync/writes';
import { CONTENT_TIERS, type ContentTier } from '@sync/model';
import { Modal } from '@/components/Modal';
import { TIER_LABELS } from '../content-release';
import {
  DESCRIPTION_MAX,
  editContentRules,
  initialEditValues,
  TITLE_MAX,
  toContentEdit,
  type EditableContent,
  type EditContentValues,
} from '../edit-content-form';

const TIER_OPTIONS = CONTENT_TIERS.map((tier) => ({ value: tier, label: TIER_LABELS[tier] }));

interface EditContentModalProps {
  item: EditableContent;
  onClose: () => void;
  onSave: (edit: ContentItemEdit) => Promise<void>;
}

/** Edit an item's details and access; mounted per item (its values start from that item). */
export function EditContentModal({ item, onClose, onSave }: EditContentModalProps) {
  const [initial] = useState(() => initialEditValues(item));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<EditContentValues>({ initialValues: initial, validate: editContentRules(initial) });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(toContentEdit(values));
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Edit ${item.title}`} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk maxLength={TITLE_MAX} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <Select
            label="Tier"
            description="The lowest subscription tier that can open this item"
            data={TIER_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('tier')}
            onChange={(value) => form.setFieldValue('tier', (value as ContentTier | null) ?? 'free')}
          />
          <Switch
            label="Public release"
            description="Released now to every fan on the tier"
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          {!form.values.isPublic ? (
            <TextInput
              label="Unlock Date"
              type="datetime-local"
              description="Leave empty to keep it a draft that only you can see"
              {...form.getInputProps('unlockDate')}
            />
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
