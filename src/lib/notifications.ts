/* The browser's notification permission: read freely, asked for only on the buyer's own tap. */

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
