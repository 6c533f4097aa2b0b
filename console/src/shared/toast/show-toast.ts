import { notifications, type NotificationData } from '@mantine/notifications';
import { demandToastContainer } from './toast-container-demand';

/**
 * The product shows one toast at a time, the newest one. Mantine's `limit` would queue a new toast behind
 * the visible one for up to 5 s, so the visible one is dismissed first.
 */
export function showToast(toast: NotificationData): string {
  demandToastContainer();
  notifications.clean();
  return notifications.show(toast);
}
