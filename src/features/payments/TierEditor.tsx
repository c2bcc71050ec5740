import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useOnline } from '@/lib/use-online';
import { loadSupabase } from '@/lib/load-supabase';
import { forgetArtistTiers, type ArtistTier } from './api/artist-tiers';
import { useArtistTiers } from './use-artist-tiers';

interface Draft {
  name: string;
  price: string;
  benefits: string;
}

const DEFAULTS: Draft[] = [
  { name: 'Tier 1', price: '5', benefits: '' },
  { name: 'Tier 2', price: '10', benefits: '' },
  { name: 'Tier 3', price: '20', benefits: '' },
];

/**
 * The artist's Tier 1-3 (name, monthly price, benefits), saved to the server (public.artist_tiers,
 * where only the artist may write them). Prices are whole dollars, 1-999 a month; a price change
 * applies to new subscribers (Stripe keeps existing subscriptions on their price).
 */
export function TierEditor({ artistId }: { artistId: string }) {
  const [reload, setReload] = useState(0);
  const { status, tiers } = useArtistTiers(artistId, reload);
  const saved = () => setReload((n) => n + 1);
  // the form starts from the server's tiers once they are read (and again after a save)
  return status === 'ready' ? (
    <TierForm key={reload} artistId={artistId} tiers={tiers} onSaved={saved} justSaved={reload > 0} />
  ) : (
    <TierForm
      key={`${status}-${reload}`}
      artistId={artistId}
      tiers={null}
      loadFailed={status === 'error'}
      onSaved={() => setReload((n) => n + 1)}
    />
  );
}

function TierForm({
  artistId,
  tiers,
  loadFailed = false,
  onSaved,
  justSaved = false,
}: {
  artistId: string;
  tiers: ArtistTier[] | null;
  loadFailed?: boolean;
  onSaved: () => void;
  justSaved?: boolean;
}) {
  const status = tiers ? 'ready' : loadFailed ? 'error' : 'loading';
  const online = useOnline();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    DEFAULTS.map((d, i) => {
      const t = tiers?.find((x) => x.level === i + 1);
      return t ? { name: t.name, price: String(t.price), benefits: t.benefits.join('\n') } : d;
    }),
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    justSaved && tiers ? { ok: true, text: 'Tiers saved. New prices apply to new subscribers.' } : null,
  );
  const [saving, setSaving] = useState(false);

  function edit(i: number, patch: Partial<Draft>) {
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));
    setMessage(null);
  }

  async function save() {
    setSaving(true);
    setMessage(null);
    try {
      const rows = drafts.map((d, i) => ({
        artist_id: artistId,
        level: i + 1,
        name: d.name.trim(),
        price: Number(d.price),
        benefits: d.benefits
          .split('\n')
          .map((b) => b.trim())
          .filter(Boolean),
      }));
      const bad = rows.find((r) => !r.name || !Number.isInteger(r.price) || r.price < 1 || r.price > 999);
      if (bad) throw new Error(`Tier ${bad.level}: give a name and a whole-dollar price from $1 to $999.`);
      const supabase = await loadSupabase();
      for (const row of rows) {
        const existing = (tiers ?? []).some((t) => t.level === row.level);
        const { error } = existing
          ? await supabase
              .from('artist_tiers')
              .update({ name: row.name, price: row.price, benefits: row.benefits })
              .eq('id', `${artistId}|${row.level}`)
          : await supabase.from('artist_tiers').insert(row);
        if (error) throw new Error(error.message);
      }
      forgetArtistTiers(artistId);
      onSaved(); // the form is read again from the server and says so
    } catch (cause) {
      setMessage({ ok: false, text: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="tier-editor-title">
      <Stack gap="sm">
        <Title order={3} id="tier-editor-title">
          Subscription tiers
        </Title>
        <Text size="sm" c="dimmed">
          Fans pay monthly through Stripe; content you mark Tier 1-3 unlocks for them at once.
        </Text>
        {status === 'error' ? (
          <Alert color="red">Your tiers could not be loaded. {online ? 'Try again.' : 'You are offline.'}</Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {drafts.map((d, i) => (
            <Stack key={i} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600}>
                Tier {i + 1}
              </Text>
              <TextInput
                label="Name"
                value={d.name}
                maxLength={40}
                onChange={(e) => edit(i, { name: e.currentTarget.value })}
              />
              <TextInput
                label="Price per month (USD)"
                leftSection="$"
                inputMode="numeric"
                value={String(d.price)}
                onChange={(e) => edit(i, { price: e.currentTarget.value.replace(/\D/g, '') })}
              />
              <Textarea
                label="Benefits (one per line)"
                autosize
                minRows={2}
                value={d.benefits}
                onChange={(e) => edit(i, { benefits: e.currentTarget.value })}
              />
            </Stack>
          ))}
        </SimpleGrid>
        <Group>
          <Button onClick={() => void save()} loading={saving} disabled={!online || status !== 'ready'}>
            Save tiers
          </Button>
          {!online ? (
            <Text size="sm" c="dimmed">
              Saving tiers needs a connection.
            </Text>
          ) : null}
        </Group>
        {message ? (
          <Text size="sm" c={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
