import { Button, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '@/components/dashboard';
import { formatDateTime } from '@/lib/format';
import { ErrorBanner } from '@/components/ErrorBanner';
import { listAccessLog } from './api';
import { useServerQuery } from '@/data/use-server-query';

const PAGE = 10;

/** Every read or write an app made with your MediaID, newest first ("{App} read … on {date}"). */
export function AccessLog({ refreshKey }: { refreshKey: number }) {
  const [limit, setLimit] = useState(PAGE);
  const { state, reload } = useServerQuery((client) => listAccessLog(client, limit), `${limit}:${refreshKey}`);
  let body;
  if (state.status === 'loading') body = <Loader size="sm" aria-label="Loading the access log" />;
  else if (state.status === 'error')
    body = (
      <Stack gap="xs">
        <ErrorBanner message={state.message} />
        <Button variant="light" onClick={reload} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  else if (state.data.rows.length === 0) body = <Text c="dimmed">No app has used your MediaID yet.</Text>;
  else
    body = (
      <Stack gap="xs">
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {state.data.rows.map((row) => (
            <Text component="li" size="sm" key={row.id}>
              <Text span fw={600}>
                {row.app_name || 'An app'}
              </Text>{' '}
              {row.action} on {formatDateTime(row.at)}
            </Text>
          ))}
        </Stack>
        {state.data.more ? (
          <Button variant="subtle" w="fit-content" onClick={() => setLimit((n) => n + PAGE)}>
            Show more
          </Button>
        ) : null}
      </Stack>
    );
  return (
    <SectionCard title="Access log" description="What connected apps did with your MediaID." testId="access-log">
      {body}
    </SectionCard>
  );
}
