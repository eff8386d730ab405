import { useState } from 'react';
import { askForNotifications, type NotificationAccess, notificationAccess } from '@/lib/notifications';
import { Button } from './Button';
import './NotifyMeButton.css';

/**
 * "Notify me when it's confirmed": the only place the shop asks for notifications, on the buyer's own tap while
 * a payment is pending (never a prompt on load). Hidden where the browser has no notifications.
 */
export function NotifyMeButton({ access = notificationAccess }: { access?: () => NotificationAccess }) {
  const [state, setState] = useState<NotificationAccess>(access);
  const [asking, setAsking] = useState(false);
  if (state === 'unsupported') return null;
  if (state === 'granted') return <p className="ui-notify-note">We will notify you when it is confirmed.</p>;
  if (state === 'denied')
    return (
      <p className="ui-notify-note">Notifications are blocked for this site in your browser settings.</p>
    );
  return (
    <Button
      variant="secondary"
      size="s"
      loading={asking}
      onClick={() => {
        setAsking(true);
        void askForNotifications()
          .then(setState)
          .finally(() => setAsking(false));
      }}
    >
      Notify me when it’s confirmed
    </Button>
  );
}
