import { Link } from '@tanstack/react-router';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { ProfileCardContainer } from './ProfileCard';
import './profile.css';

export interface AccountPanelProps {
  open: boolean;
  onClose: () => void;
  userId: string | null;
  onSignOut: () => void;
}

/** The signed-in buyer's account panel: the profile card (spec §2), their orders, their affiliate page and Sign out. */
export function AccountPanel({ open, onClose, userId, onSignOut }: AccountPanelProps) {
  return (
    <Modal open={open} onClose={onClose} title="Your account" size="s">
      <div className="account-panel">
        <ProfileCardContainer userId={userId} />
        <Link to="/my-orders" className="ui-button" data-variant="primary" data-size="l" onClick={onClose}>
          My orders
        </Link>
        <Link
          to="/my-affiliate"
          className="ui-button"
          data-variant="secondary"
          data-size="l"
          onClick={onClose}
        >
          Your affiliate page
        </Link>
        <Button
          variant="secondary"
          size="l"
          fullWidth
          onClick={() => {
            onClose();
            onSignOut();
          }}
        >
          Sign out
        </Button>
      </div>
    </Modal>
  );
}

export default AccountPanel;
