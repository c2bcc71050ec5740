import { notifications } from '@mantine/notifications';

/** For buttons the spec leaves without behaviour: say so instead of doing nothing silently. */
export function notifyComingSoon(action: string) {
  notifications.show({ title: 'Coming soon', message: `${action} is not available yet.`, color: 'blue' });
}
