import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { ARTIST_GENRE_OPTIONS } from '@/lib/artist-identity';
import { CodePoolInput } from './CodePoolInput';
import { codesCsv, FOLLOWER_FILTERS, launchCampaign, MAX_CODES, PAYOUT_MODELS, type PayoutModel } from './api';

function isoDay(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
const num = (v: number | string) => (v === '' ? NaN : Number(v));
const money = { prefix: '$', thousandSeparator: ',', decimalScale: 2, allowNegative: false, min: 0 } as const;

/**
 * The seed's 'Create Campaign' made real: title, cultural context,
 * genre filter, followers filter, budget and payout model, plus the dates and the pool of codes a
 * campaign needs. 'Launch Campaign' stores it on the server; generated codes can be downloaded.
 */
export function CreateCampaignForm({ onLaunched }: { onLaunched: () => void }) {
  const [codes, setCodes] = useState<string[]>([]);
  const [codesError, setCodesError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [launched, setLaunched] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: {
      title: '',
      culturalContext: '',
      genres: [] as string[],
      minFollowers: '0',
      budget: 1000 as number | string,
      payoutModel: 'per_code' as PayoutModel,
      payoutPerCode: 1 as number | string,
      flatFee: 500 as number | string,
      revenueSharePct: 10 as number | string,
      startsOn: isoDay(0),
      endsOn: isoDay(29),
    },
    validate: {
      title: (v) => (v.trim() ? null : 'Give the campaign a title'),
      budget: (v) => (num(v) >= 1 ? null : 'A budget of at least $1'),
      payoutPerCode: (v, values) =>
        ['per_code', 'hybrid'].includes(values.payoutModel) && !(num(v) > 0)
          ? 'A payout per code claimed, more than $0'
          : ['per_code', 'hybrid'].includes(values.payoutModel) && num(v) > num(values.budget)
            ? 'The payout per code is more than the budget'
            : null,
      flatFee: (v, values) =>
        ['flat_rate', 'hybrid'].includes(values.payoutModel) && !(num(v) > 0)
          ? 'A flat fee, more than $0'
          : ['flat_rate', 'hybrid'].includes(values.payoutModel) && num(v) > num(values.budget)
            ? 'The flat fee is more than the budget'
            : null,
      revenueSharePct: (v, values) =>
        values.payoutModel === 'revenue_share' && !(num(v) > 0 && num(v) <= 100) ? 'A share from 0.01% to 100%' : null,
      startsOn: (v) => (v >= isoDay(0) ? null : 'A campaign starts today or later'),
      endsOn: (v, values) =>
        v < values.startsOn
          ? 'The last day comes after the first'
          : new Date(v).getTime() - new Date(values.startsOn).getTime() > 90 * 86_400_000
            ? 'A campaign runs at most 90 days'
            : null,
    },
  });
  const model = form.values.payoutModel;
  const onCodes = useCallback((next: string[]) => setCodes(next), []);

  async function submit(values: typeof form.values) {
    if (codes.length === 0 || codes.length > MAX_CODES) {
      setCodesError(`Add between 1 and ${MAX_CODES.toLocaleString('en-US')} codes`);
      return;
    }
    setCodesError(null);
    setSaving(true);
    setError(null);
    try {
      await launchCampaign(
        {
          title: values.title.trim(),
          culturalContext: values.culturalContext.trim(),
          genres: values.genres,
          minFollowers: Number(values.minFollowers),
          budget: num(values.budget),
          payoutModel: values.payoutModel,
          payoutPerCode: num(values.payoutPerCode),
          flatFee: num(values.flatFee),
          revenueSharePct: num(values.revenueSharePct),
          startsOn: values.startsOn,
          endsOn: values.endsOn,
        },
        codes,
      );
      setLaunched(codes);
    } catch (e) {
      setError(
        navigator.onLine ? (e instanceof Error ? e.message : String(e)) : 'Launching a campaign needs a connection.',
      );
    } finally {
      setSaving(false);
    }
  }

  if (launched) {
    const href = `data:text/csv;charset=utf-8,${encodeURIComponent(codesCsv(launched))}`;
    return (
      <Stack gap="sm" role="status">
        <Text fw={600}>Campaign launched with {launched.length.toLocaleString('en-US')} codes.</Text>
        <Text size="sm" c="dimmed">
          Load the codes into your shop so they work when fans use them. Eligible fans who turned brand offers on find
          one in their Daily Rewards; you see totals, never who claimed.
        </Text>
        <Group justify="flex-end">
          <Button component="a" href={href} download="campaign-codes.csv" variant="light">
            Download codes (CSV)
          </Button>
          <Button onClick={onLaunched}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={80}
          placeholder="e.g. Hear It Raw"
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Cultural context"
          autosize
          minRows={2}
          maxLength={1000}
          placeholder="Which scene, and why now?"
          {...form.getInputProps('culturalContext')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Genre filter"
            description="Fans with these genres in their MediaID or artists they follow"
            data={[...ARTIST_GENRE_OPTIONS]}
            placeholder={form.values.genres.length ? undefined : 'Any genre'}
            clearable
            {...form.getInputProps('genres')}
          />
          <Select
            label="Followers filter"
            description="Fans who follow an artist of at least this size"
            data={FOLLOWER_FILTERS}
            allowDeselect={false}
            {...form.getInputProps('minFollowers')}
          />
          <NumberInput label="Budget" required {...money} {...form.getInputProps('budget')} />
          <Select
            label="Payout model"
            data={PAYOUT_MODELS.map((m) => ({ value: m.value, label: m.label }))}
            allowDeselect={false}
            {...form.getInputProps('payoutModel')}
          />
          {model === 'per_code' || model === 'hybrid' ? (
            <NumberInput label="Payout per code claimed" {...money} {...form.getInputProps('payoutPerCode')} />
          ) : null}
          {model === 'flat_rate' || model === 'hybrid' ? (
            <NumberInput label="Flat fee" description="Spent at launch" {...money} {...form.getInputProps('flatFee')} />
          ) : null}
          {model === 'revenue_share' ? (
            <NumberInput
              label="Revenue share"
              description="Of each redemption you report for a code a collaborating artist's follower claimed; paid from the budget"
              suffix="%"
              decimalScale={2}
              min={0}
              max={100}
              allowNegative={false}
              {...form.getInputProps('revenueSharePct')}
            />
          ) : null}
          <TextInput type="date" label="First day" min={isoDay(0)} {...form.getInputProps('startsOn')} />
          <TextInput type="date" label="Last day" min={form.values.startsOn} {...form.getInputProps('endsOn')} />
        </SimpleGrid>
        <CodePoolInput onChange={onCodes} error={codesError} />
        <Text size="xs" c="dimmed">
          Codes reach only fans who match your filters and turned brand offers on in their MediaID. The campaign stops
          when its codes or its budget run out.
        </Text>
        {error ? (
          <Alert color="red" title="Campaign not launched">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" color="blue" loading={saving}>
          Launch Campaign
        </Button>
      </Stack>
    </form>
  );
}
