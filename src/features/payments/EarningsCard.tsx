import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useServerQuery } from '@/data/use-server-query';
import { CollabEarningsLine } from '@/features/collab';

/** The signed-in artist's figures from public.my_earnings() (cents, USD): aggregates only. */
interface Earnings {
  gross_30d: number;
  fees_30d: number;
  refunds_30d: number;
  net_30d: number;
  gross_all: number;
  net_all: number;
  mrr: number;
  paying_tier1: number;
  paying_tier2: number;
  paying_tier3: number;
  churned_30d: number;
  churn_rate: number | string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(Number(cents) / 100);

/**
 * 'Earnings' on the artist dashboard: what fans paid through Stripe, Stripe's fees as Stripe
 * reported them, refunds and net (last 30 days and all time), monthly recurring revenue, paying
 * fans per tier and churn. Read from the server each visit; no fan is ever named.
 */
export function EarningsCard() {
  const { state, reload } = useServerQuery(async (client) => {
    const { data, error } = await client.rpc('my_earnings');
    if (error) throw new Error(error.message);
    return (data as Earnings[])[0]!;
  }, 'my-earnings');
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="earnings-title"
      data-testid="earnings"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="earnings-title">
            Earnings
          </Title>
          <Text size="xs" c="dimmed">
            From Stripe · last 30 days
          </Text>
        </Group>
        {state.status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading your earnings…
            </Text>
          </Group>
        )}
        {state.status === 'error' && (
          <Alert color="red" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{state.message}</Text>
              <Button size="xs" variant="light" onClick={reload}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {state.status === 'ready' && <Figures e={state.data} />}
        <CollabEarningsLine />
      </Stack>
    </Card>
  );
}

function Figures({ e }: { e: Earnings }) {
  const paying = Number(e.paying_tier1) + Number(e.paying_tier2) + Number(e.paying_tier3);
  if (Number(e.gross_all) === 0 && paying === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet. When a fan joins one of your paid tiers, what they pay, Stripe’s fee and your net appear here.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Gross" value={money(e.gross_30d)} />
        <Figure label="Stripe fees" value={money(e.fees_30d)} />
        <Figure label="Refunds" value={money(e.refunds_30d)} />
        <Figure label="Net" value={money(e.net_30d)} strong />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Monthly recurring" value={money(e.mrr)} />
        <Figure
          label="Paying fans"
          value={String(paying)}
          hint={`Tier 1: ${e.paying_tier1} · Tier 2: ${e.paying_tier2} · Tier 3: ${e.paying_tier3}`}
        />
        <Figure
          label="Churn (30 days)"
          value={`${(Number(e.churn_rate) * 100).toFixed(1)}%`}
          hint={`${e.churned_30d} ended`}
        />
        <Figure label="Net, all time" value={money(e.net_all)} />
      </SimpleGrid>
    </Stack>
  );
}

function Figure({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 700} size="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
