import { Alert, Button, Card, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PROPOSAL_TIMELINES, type CollabUserType } from '../collab-rules';
import { sendProposal, useCounterparts } from './api';

/** The spec's Create Proposal form, sent for real to a brand (artist) or an artist (brand). */
export function ProposalForm({ userType, onSent }: { userType: CollabUserType; onSent: () => void }) {
  const counterparts = useCounterparts(userType);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      to: '',
      campaignTitle: '',
      culturalNarrative: '',
      proposedTimeline: '',
      communityReach: '',
      proposedDeliverables: '',
      budgetRequest: '' as number | string,
    },
    validate: {
      to: (v) => (v ? null : userType === 'artist' ? 'Choose a brand' : 'Choose an artist'),
      campaignTitle: (v) =>
        v.trim() === '' ? 'Give the campaign a title' : v.trim().length > 120 ? 'At most 120 characters' : null,
      proposedTimeline: (v) => (v ? null : 'Pick a timeline'),
      budgetRequest: (v) =>
        typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000_000
          ? null
          : 'A whole amount between $1 and $10,000,000',
    },
  });
  const options =
    counterparts.state.status === 'ready' ? counterparts.state.data.map((c) => ({ value: c.id, label: c.name })) : [];
  const recipient = userType === 'artist' ? 'Brand' : 'Artist';

  async function submit(values: typeof form.values) {
    setSending(true);
    setError(null);
    try {
      await sendProposal({
        to: values.to,
        title: values.campaignTitle,
        narrative: values.culturalNarrative,
        timeline: values.proposedTimeline,
        reach: values.communityReach,
        deliverables: values.proposedDeliverables,
        budget: Number(values.budgetRequest),
      });
      notifications.show({ color: 'green', message: 'Proposal sent' });
      form.reset();
      onSent();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="md">
          <Select
            label={`Send to (${recipient})`}
            placeholder={counterparts.state.status === 'loading' ? 'Loading…' : `Choose a ${recipient.toLowerCase()}`}
            data={options}
            searchable
            nothingFoundMessage={`No ${recipient.toLowerCase()} with a public name yet`}
            withAsterisk
            {...form.getInputProps('to')}
          />
          {counterparts.state.status === 'error' && (
            <Text size="sm" c="red">
              {counterparts.state.message}
            </Text>
          )}
          <TextInput
            label="Campaign Title"
            placeholder="e.g. Warehouse Sessions"
            withAsterisk
            maxLength={120}
            {...form.getInputProps('campaignTitle')}
          />
          <Textarea
            label="Cultural Narrative"
            placeholder="What story does this collaboration tell, and why does it fit your community?"
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('culturalNarrative')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Proposed Timeline"
              placeholder="Pick a timeline"
              data={[...PROPOSAL_TIMELINES]}
              withAsterisk
              {...form.getInputProps('proposedTimeline')}
            />
            <TextInput
              label="Community Reach"
              placeholder="e.g. 48K subscribers, 312K monthly listeners"
              maxLength={120}
              {...form.getInputProps('communityReach')}
            />
          </SimpleGrid>
          <Textarea
            label="Proposed Deliverables"
            placeholder="One per line"
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('proposedDeliverables')}
          />
          <NumberInput
            label="Budget Request"
            placeholder="e.g. $15,000"
            prefix="$"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...form.getInputProps('budgetRequest')}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }} loading={sending}>
            Submit Collaboration Proposal
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
