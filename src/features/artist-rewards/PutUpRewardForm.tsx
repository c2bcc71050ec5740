import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { parseCodes, putUpReward, type NewRewardOffer } from './api';

const TIERS = [
  { value: '0', label: 'Every follower (free tier)' },
  { value: '1', label: 'Tier 1 and up' },
  { value: '2', label: 'Tier 2 and up' },
  { value: '3', label: 'Tier 3' },
];

function isoDay(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'Put up a reward': which code or item, for which tier, how many, on which days. */
export function PutUpRewardForm({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: {
      kind: 'code' as NewRewardOffer['kind'],
      title: '',
      description: '',
      tier: '0',
      quantity: 100 as number | string,
      codes: '',
      startsOn: isoDay(0),
      endsOn: isoDay(13),
      platformPool: false,
    },
    validate: {
      title: (v) => (v.trim() ? null : 'Give the reward a title'),
      codes: (v, values) => (values.kind === 'code' && parseCodes(v).length === 0 ? 'Paste at least one code' : null),
      quantity: (v, values) =>
        values.kind === 'item' && (!Number.isInteger(Number(v)) || Number(v) < 1) ? 'At least 1' : null,
      endsOn: (v, values) => (v < values.startsOn ? 'The last day comes after the first' : null),
    },
  });
  const codes = parseCodes(form.values.codes);
  const onlineHint = typeof navigator !== 'undefined' && !navigator.onLine;

  async function submit(values: typeof form.values) {
    setSaving(true);
    setError(null);
    try {
      await putUpReward({
        kind: values.kind,
        title: values.title.trim(),
        description: values.description.trim(),
        tier: Number(values.tier),
        quantity: values.kind === 'item' ? Number(values.quantity) : null,
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        platformPool: values.tier === '0' && values.platformPool,
        codes: values.kind === 'code' ? parseCodes(values.codes) : [],
      });
      onDone();
    } catch (e) {
      setError(
        navigator.onLine ? (e instanceof Error ? e.message : String(e)) : 'Putting up a reward needs a connection.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Reward type"
          data={[
            { value: 'code', label: 'Codes' },
            { value: 'item', label: 'Locker item' },
          ]}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label="Title"
          required
          maxLength={80}
          placeholder="20% off the tour shirt"
          {...form.getInputProps('title')}
        />
        <Textarea label="Description" maxLength={500} autosize minRows={2} {...form.getInputProps('description')} />
        {form.values.kind === 'code' ? (
          <Textarea
            label="Your codes"
            description={`One per line, or paste a CSV column. Each fan gets one code; ${codes.length} ${codes.length === 1 ? 'code' : 'codes'} = how many.`}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('codes')}
          />
        ) : (
          <NumberInput
            label="How many"
            min={1}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('quantity')}
          />
        )}
        <Select label="For" data={TIERS} allowDeselect={false} {...form.getInputProps('tier')} />
        <Group grow>
          <TextInput type="date" label="First day" min={isoDay(0)} {...form.getInputProps('startsOn')} />
          <TextInput type="date" label="Last day" min={form.values.startsOn} {...form.getInputProps('endsOn')} />
        </Group>
        <Checkbox
          label="Also offer it to fans who don't follow me yet (Bucket's streak rewards)"
          disabled={form.values.tier !== '0'}
          {...form.getInputProps('platformPool', { type: 'checkbox' })}
        />
        <Text size="xs" c="dimmed">
          Fans find it in their Daily Rewards on one day between these dates; each fan can claim it once.
        </Text>
        {error ? (
          <Alert color="red" title="Reward not put up">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={onlineHint}>
            Put up reward
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
