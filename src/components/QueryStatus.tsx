import { Alert, Button, Loader } from '@mantine/core';
import type { QueryState } from '@/data/use-server-query';

/**
 * A server read's loading and error states (useServerQuery): a labelled loader, then the error with
 * 'Try again'. Renders nothing once the data is ready; the card shows the data itself.
 */
export function QueryStatus({
  state,
  reload,
  loadingLabel,
  errorTitle,
}: {
  state: QueryState<unknown>;
  reload: () => void;
  loadingLabel: string;
  errorTitle: string;
}) {
  if (state.status === 'loading') return <Loader size="sm" aria-label={loadingLabel} />;
  if (state.status !== 'error') return null;
  return (
    <Alert color="red" title={errorTitle}>
      {state.message}{' '}
      <Button variant="subtle" size="compact-xs" onClick={reload}>
        Try again
      </Button>
    </Alert>
  );
}
