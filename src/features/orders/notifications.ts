import { notificationAccess } from '@/lib/notifications';
import type { OrderNotice } from '@/lib/orderReturn';
import { pageLoad } from '@/lib/pageLoad';

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
