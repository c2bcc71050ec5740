import { Badge } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '@/lib/use-online';
import classes from './HeaderBadge.module.css';

/** Online/offline indicator for the app header (icon only on a phone, the word still read out). */
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
      {/* On a phone only the icon shows; the word stays for screen readers. */}
      <span className={classes.full}>{online ? 'Online' : 'Offline'}</span>
    </Badge>
  );
}
