import type { FormSubmission } from '@contract/forms';
import { RequestForm } from './RequestForm';
import type { RequestFormDefinition } from './requestForm';

export interface RequestFormPageProps {
  definition: RequestFormDefinition;
  /** The shop's signed-in buyer (main session), whose profile fills the form in; null when signed out. */
  userId: string | null;
  onSubmitted?: ((submission: FormSubmission) => void) | undefined;
}

/** A request form on a page of its own (spec §2 /form/*): the forms sign-in (/f/sign-in) offered or asked for. */
export function RequestFormPage({ definition, userId, onSubmitted }: RequestFormPageProps) {
  return (
    <RequestForm definition={definition} userId={userId} signInPath="/f/sign-in" onSubmitted={onSubmitted} />
  );
}
