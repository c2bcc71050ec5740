import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { addCampaignCodes, codesAddedText, MAX_CODES, stopCampaign, type Campaign } from './api';
import { CodePoolInput } from './CodePoolInput';

/** While these, the brand may add codes (the server checks again: not stopped, not ended, the cap). */
const TAKES_CODES: ReadonlyArray<Campaign['status']> = ['scheduled', 'running', 'no_codes', 'out_of_codes'];
/** While these, the brand may stop the campaign (a spent one can still be stopped for good). */
const STOPPABLE: ReadonlyArray<Campaign['status']> = [...TAKES_CODES, 'spent'];

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A modal's server action: busy while it runs; on success its own notice, then the modal closes and
 * the card reloads; on failure the message in the modal and a red notice titled `failTitle`.
 */
function useModalAction(failTitle: string, onDone: () => void) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setOpen(false);
      onDone();
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      notifications.show({ color: 'red', title: failTitle, message });
    } finally {
      setBusy(false);
    }
  }
  return { open, setOpen, busy, error, run };
}

function StopCampaign({ c, onDone }: { c: Campaign; onDone: () => void }) {
  const { open, setOpen, busy, error, run } = useModalAction('Campaign not stopped', onDone);
  const stop = () =>
    run(async () => {
      const { claims } = await stopCampaign(c.id);
      notifications.show({
        color: 'green',
        title: 'Campaign stopped',
        message: `“${c.title}” is stopped. ${count(claims, 'code', 'codes')} already claimed stay with their fans.`,
      });
    });
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        leftSection={<IconPlayerStop size={12} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Stop campaign ${c.title}`}
      >
        Stop campaign
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Stop this campaign?" centered>
        <Stack gap="sm">
          <Text size="sm">
            <b>{c.title}</b> stops now: no fan gets a new day of it, and days not claimed yet are refused when a fan
            tries to claim them.
          </Text>
          <Text size="sm">
            Codes already claimed stay with their fans ({count(c.claims, 'code', 'codes')} so far). A stopped campaign
            cannot be restarted; its {count(c.codes_left, 'unclaimed code stays', 'unclaimed codes stay')} yours.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" title="Campaign not stopped">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} data-autofocus>
              Keep it running
            </Button>
            <Button color="red" loading={busy} onClick={() => void stop()}>
              Stop campaign
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function AddCodes({ c, onDone }: { c: Campaign; onDone: () => void }) {
  const { open, setOpen, busy, error, run } = useModalAction('Codes not added', onDone);
  const [codes, setCodes] = useState<string[]>([]);
  const phone = useMediaQuery('(max-width: 36em)');
  const room = MAX_CODES - c.code_count;
  const tooMany = codes.length > room ? `This campaign has room for ${count(room, 'more code', 'more codes')}.` : null;
  const add = () =>
    run(async () => {
      const result = await addCampaignCodes(c.id, codes);
      notifications.show({
        color: result.added > 0 ? 'green' : 'yellow',
        title: result.added > 0 ? 'Codes added' : 'No new codes',
        message: `${codesAddedText(result)} “${c.title}” now has ${count(result.code_count, 'code', 'codes')}.`,
      });
    });
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={12} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Add codes to ${c.title}`}
      >
        Add codes
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Add codes" size="lg" centered fullScreen={phone}>
        <Stack gap="sm">
          <Text size="sm">
            <b>{c.title}</b> has {count(c.code_count, 'code', 'codes')}, {c.codes_left.toLocaleString('en-US')} not
            claimed yet. Codes already in its pool are skipped.
          </Text>
          {open ? <CodePoolInput onChange={setCodes} error={tooMany} /> : null}
          {error ? (
            <Alert color="red" variant="light" role="alert" title="Codes not added">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={busy} disabled={codes.length === 0 || tooMany !== null} onClick={() => void add()}>
              Add {count(codes.length, 'code', 'codes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * What a brand can do with its campaign after launch: add codes while it can still give them, and
 * stop it (after a confirmation saying claimed codes stay with their fans). Nothing for a campaign
 * that ended or was stopped.
 */
export function CampaignActions({ c, onChanged }: { c: Campaign; onChanged: () => void }) {
  if (!STOPPABLE.includes(c.status)) return null;
  return (
    <Group gap={6} wrap="nowrap" mt={6}>
      {TAKES_CODES.includes(c.status) ? <AddCodes c={c} onDone={onChanged} /> : null}
      <StopCampaign c={c} onDone={onChanged} />
    </Group>
  );
}
