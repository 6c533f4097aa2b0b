import { notifications, type NotificationData } from '@mantine/notifications';

/**
 * Spec: one toast at a time, the newest one. Mantine's `limit` would queue a new toast behind
 * the visible one for up to 5 s, so the visible one is dismissed first.
 */
export function showToast(toast: NotificationData): string {
  notifications.clean();
  return notifications.show(toast);
}
