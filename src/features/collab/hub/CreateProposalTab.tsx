import { Button, Card, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROPOSAL_TIMELINES } from '../collab-rules';
import { notifyComingSoon } from '@/lib/coming-soon';

/** The proposal form: no validation, and submitting is not wired yet. */
export function CreateProposalTab() {
  const form = useForm({
    initialValues: {
      campaignTitle: '',
      culturalNarrative: '',
      proposedTimeline: '',
      communityReach: '',
      proposedDeliverables: '',
      budgetRequest: '',
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <form onSubmit={form.onSubmit(() => notifyComingSoon('Submitting collaboration proposals'))}>
        <Stack gap="md">
          <TextInput
            label="Campaign Title"
            placeholder="e.g. Warehouse Sessions"
            {...form.getInputProps('campaignTitle')}
          />
          <Textarea
            label="Cultural Narrative"
            placeholder="What story does this collaboration tell, and why does it fit your community?"
            autosize
            minRows={3}
            {...form.getInputProps('culturalNarrative')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Proposed Timeline"
              placeholder="Pick a timeline"
              data={[...PROPOSAL_TIMELINES]}
              {...form.getInputProps('proposedTimeline')}
            />
            <TextInput
              label="Community Reach"
              placeholder="e.g. 48K subscribers, 312K monthly listeners"
              {...form.getInputProps('communityReach')}
            />
          </SimpleGrid>
          <Textarea
            label="Proposed Deliverables"
            placeholder="One per line"
            autosize
            minRows={3}
            {...form.getInputProps('proposedDeliverables')}
          />
          <TextInput label="Budget Request" placeholder="e.g. $15,000" {...form.getInputProps('budgetRequest')} />
          <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }}>
            Submit Collaboration Proposal
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
