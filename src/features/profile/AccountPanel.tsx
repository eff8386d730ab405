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

/** The signed-in buyer's account panel: the profile card (spec §2) and Sign out. */
export function AccountPanel({ open, onClose, userId, onSignOut }: AccountPanelProps) {
  return (
    <Modal open={open} onClose={onClose} title="Your account" size="s">
      <div className="account-panel">
        <ProfileCardContainer userId={userId} />
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
