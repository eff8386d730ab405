import { ORDER_SETUP_CALL_FORM } from './definitions';
import { RequestForm } from './RequestForm';

export interface OrderSetupCallProps {
  orderId: string;
  userId: string | null;
}

/** Under a paid order (spec §7: a form is also submitted after payment success): when to call to set it up. */
export default function OrderSetupCall({ orderId, userId }: OrderSetupCallProps) {
  return (
    <RequestForm
      definition={ORDER_SETUP_CALL_FORM}
      userId={userId}
      extra={{ orderId }}
      signInPath="/f/sign-in"
      headingLevel={2}
    />
  );
}
