import { Badge } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/use-online';

/** Online/offline indicator for the app header. */
export function NetworkStatus() {
  const online = useOnline();
  return (
    <Badge
      role="status"
      aria-live="polite"
      variant="light"
      color={online ? 'teal' : 'orange'}
      leftSection={online ? <IconWifi size={12} aria-hidden /> : <IconWifiOff size={12} aria-hidden />}
      data-testid="network-status"
    >
      {online ? 'Online' : 'Offline'}
    </Badge>
  );
}
