import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The red banner; announced to screen readers as an alert. */
export function ErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} data-testid="error-banner">
      {message}
    </Alert>
  );
}
