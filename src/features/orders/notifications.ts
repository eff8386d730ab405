import type { OrderNotice } from '@/lib/orderReturn';
import { pageLoad } from '@/lib/pageLoad';

export type NotificationAccess = NotificationPermission | 'unsupported';

/** Whether the buyer allowed notifications ('unsupported' where the browser has none). */
export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for notifications; only ever called from the buyer's own tap on "Notify me". */
export async function askForNotifications(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/**
 * Shows the notice as a notification where permitted: through the service worker when one runs (a tap opens
 * the order even after the tab is gone; its notificationclick handler), else from the page.
 */
export async function showOrderNotification(notice: OrderNotice): Promise<boolean> {
  if (notificationAccess() !== 'granted') return false;
  const options: NotificationOptions = {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    data: { url: notice.action.href },
  };
  const registration =
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? await navigator.serviceWorker.getRegistration()
      : undefined;
  if (registration) {
    await registration.showNotification(notice.title, options);
    return true;
  }
  const notification = new Notification(notice.title, options);
  notification.onclick = () => {
    window.focus();
    pageLoad.assign(notice.action.href);
  };
  return true;
}
