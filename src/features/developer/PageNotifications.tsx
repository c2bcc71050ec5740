import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mounts the notifications host for this page until the app root provides one. */
export function PageNotifications() {
  return <Notifications position="top-right" />;
}
