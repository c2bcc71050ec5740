import { Alert, Button, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { parseRedemptionCsv, recordRedemptions, type RedemptionResult } from '../campaigns/analytics-api';

type Outcome = { kind: 'done'; result: RedemptionResult; file: string } | { kind: 'error'; message: string } | null;

/**
 * Redemptions as a brand sends them: a CSV from its shop (code, redeemed_at, amount_cents) for
 * one of its campaigns. Only codes fans claimed count, each once; the answer says how many.
 */
export function RedemptionImport({
  campaigns,
  onImported,
}: {
  campaigns: Array<{ id: string; title: string }>;
  onImported: () => void;
}) {
  const [campaign, setCampaign] = useState<string | null>(campaigns[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const importFile = async (file: File | null) => {
    if (!file || !campaign) return;
    setBusy(true);
    setOutcome(null);
    try {
      const rows = parseRedemptionCsv(await file.text());
      const result = await recordRedemptions(campaign, rows);
      setOutcome({ kind: 'done', result, file: file.name });
      onImported();
    } catch (error) {
      setOutcome({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="redemption-import">
      <Text size="sm" fw={600}>
        Import redemptions
      </Text>
      <Text size="xs" c="dimmed">
        A CSV from your shop with a header row: code, redeemed_at (date and time), amount_cents (optional). Only codes
        fans claimed from the campaign count, each once — importing the same file again changes nothing.
      </Text>
      <Group gap="xs" align="flex-end">
        <Select
          label="Campaign"
          data={campaigns.map((c) => ({ value: c.id, label: c.title }))}
          value={campaign}
          onChange={setCampaign}
          allowDeselect={false}
          size="xs"
          w={220}
        />
        <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} size="xs" leftSection={<IconFileImport size={14} />} loading={busy} disabled={!campaign}>
              Choose CSV file
            </Button>
          )}
        </FileButton>
      </Group>
      <div aria-live="polite">
        {outcome?.kind === 'done' ? (
          <Alert color="teal" title={`Imported ${outcome.file}`} data-testid="redemption-result">
            {outcome.result.recorded} recorded, {outcome.result.duplicates} already recorded, {outcome.result.unknown}{' '}
            not codes fans claimed from this campaign.
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? (
          <Alert color="red" title="Nothing imported" data-testid="redemption-result">
            {outcome.message}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}
