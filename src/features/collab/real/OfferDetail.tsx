import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LabeledValue } from '@/components/dashboard';
import { formatBudget, REAL_STATUS_COLORS, REAL_STATUS_LABELS } from '../collab-rules';
import { answerOffer, type OfferAnswer, type RealOffer } from './api';
import { CollabDelivery } from './CollabDelivery';

const DONE: Record<OfferAnswer, string> = {
  accept: 'Offer accepted',
  decline: 'Offer declined',
  counter: 'Counter proposal sent',
  withdraw: 'Proposal withdrawn',
};

/** One collaboration: its terms, whose answer is due, and the answers the viewer may give. */
export function OfferDetail({ offer, me, onAnswered }: { offer: RealOffer; me: string; onAnswered: () => void }) {
  const [busy, setBusy] = useState<OfferAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [countering, setCountering] = useState(false);
  const [budget, setBudget] = useState<number | string>(offer.budget);
  const [note, setNote] = useState('');
  const open = offer.status === 'pending' || offer.status === 'countered';
  const myTurn = open && offer.awaiting === me;
  const iSent = (offer.kind === 'artist_to_brand' ? offer.artist_id : offer.brand_id) === me;
  const other = offer.artist_id === me ? offer.brand_name : offer.artist_name;

  async function answer(kind: OfferAnswer) {
    setBusy(kind);
    setError(null);
    try {
      await answerOffer(offer.id, kind, kind === 'counter' ? Number(budget) : undefined, note);
      notifications.show({ color: 'green', message: DONE[kind] });
      setCountering(false);
      onAnswered();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  const counterValid = typeof budget === 'number' && Number.isInteger(budget) && budget >= 1 && budget <= 10_000_000;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="offer-detail">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {offer.title}
            </Title>
            <Text size="sm" c="dimmed">
              {iSent ? `To ${other}` : `From ${other}`} ·{' '}
              {offer.kind === 'artist_to_brand' ? 'Artist pitch' : 'Brand offer'}
            </Text>
          </Stack>
          <Badge color={REAL_STATUS_COLORS[offer.status]} variant="light" data-status={offer.status}>
            {REAL_STATUS_LABELS[offer.status]}
          </Badge>
        </Group>
        {offer.narrative && <Text size="sm">{offer.narrative}</Text>}
        <Group gap="xl">
          <LabeledValue label="Budget" value={formatBudget(offer.budget)} />
          <LabeledValue label="Timeline" value={offer.timeline} />
          {offer.reach && <LabeledValue label="Community Reach" value={offer.reach} />}
        </Group>
        {offer.deliverables && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Deliverables
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {offer.deliverables}
            </Text>
          </Stack>
        )}
        {offer.status === 'countered' && offer.note && (
          <Alert variant="light" color="blue" title="Counter proposal">
            {offer.note}
          </Alert>
        )}
        {open && !myTurn && <Text size="sm">Waiting for {other} to answer.</Text>}
        {offer.status === 'accepted' && <CollabDelivery offer={offer} me={me} />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {myTurn && !countering && (
          <Group>
            <Button onClick={() => void answer('accept')} loading={busy === 'accept'} disabled={busy !== null}>
              Accept Offer
            </Button>
            <Button variant="light" onClick={() => setCountering(true)} disabled={busy !== null}>
              Counter Proposal
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => void answer('decline')}
              loading={busy === 'decline'}
              disabled={busy !== null}
            >
              Decline
            </Button>
          </Group>
        )}
        {myTurn && countering && (
          <Stack gap="sm">
            <NumberInput
              label="Your budget"
              prefix="$"
              thousandSeparator=","
              min={1}
              max={10_000_000}
              allowDecimal={false}
              value={budget}
              onChange={setBudget}
              error={counterValid ? undefined : 'Between $1 and $10,000,000'}
            />
            <Textarea
              label="Note"
              maxLength={500}
              autosize
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group>
              <Button
                onClick={() => void answer('counter')}
                loading={busy === 'counter'}
                disabled={!counterValid || busy !== null}
              >
                Send Counter Proposal
              </Button>
              <Button variant="subtle" onClick={() => setCountering(false)} disabled={busy !== null}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
        {open && iSent && (
          <Group>
            <Button
              variant="subtle"
              color="gray"
              onClick={() => void answer('withdraw')}
              loading={busy === 'withdraw'}
              disabled={busy !== null}
            >
              Withdraw proposal
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
