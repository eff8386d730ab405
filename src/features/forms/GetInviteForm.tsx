import type { FormSubmission, InviteProduct } from '@contract/forms';
import { GET_INVITE_FORM } from './getInvite';
import { RequestForm } from './RequestForm';

export interface GetInviteFormProps {
  /** Preselected from ?product= (the checkout's invite link may add it). */
  product?: InviteProduct | undefined;
  /** The signed-in buyer, whose profile fills in the name, number and e-mail; null when signed out. */
  userId: string | null;
  /** After the request was stored. */
  onSubmitted?: ((submission: FormSubmission) => void) | undefined;
}

/** /form/get-invite: asks for an invite code for the business licence or the business kit (spec §2). */
export function GetInviteForm({ product, userId, onSubmitted }: GetInviteFormProps) {
  return (
    <RequestForm
      definition={GET_INVITE_FORM}
      userId={userId}
      initial={product ? { product } : undefined}
      // The shop's own sign-in: the invite is for a checkout, which needs the shop's session.
      signInPath="/sign-in"
      onSubmitted={onSubmitted}
    />
  );
}
