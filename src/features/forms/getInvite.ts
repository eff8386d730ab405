import { INVITE_PRODUCTS, type InviteProduct } from '@contract/forms';
import type { DropdownOption } from '@/ui/Dropdown';
import type { RequestFormDefinition } from './requestForm';

/* The get-invite form (spec §2 /form/get-invite): who asks, how to reach them and which product it is for. */

export const INVITE_PRODUCT_LABELS: Record<InviteProduct, string> = {
  BUSINESS_LICENCE: 'Business licence',
  BUSINESS_KIT: 'Business kit',
};

export const INVITE_PRODUCT_OPTIONS: readonly DropdownOption[] = INVITE_PRODUCTS.map((product) => ({
  value: product,
  label: INVITE_PRODUCT_LABELS[product],
}));

export const GET_INVITE_FORM: RequestFormDefinition = {
  formId: 'get_invite',
  title: 'Get an invite',
  lead: 'The business licence and the business kit are sold by invitation. Tell us about you and we will send you an invite code for the checkout.',
  submitLabel: 'Request an invite',
  fields: [
    {
      kind: 'select',
      name: 'product',
      label: 'Invite for',
      placeholder: 'Choose a product',
      options: INVITE_PRODUCT_OPTIONS,
    },
    { kind: 'text', name: 'name', label: 'Full name', autoComplete: 'name' },
    { kind: 'phone' },
    { kind: 'text', name: 'email', label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
    { kind: 'text', name: 'city', label: 'City', autoComplete: 'address-level2' },
    {
      kind: 'text',
      name: 'organisation',
      label: 'Organisation or club (optional)',
      autoComplete: 'organization',
    },
    { kind: 'text', name: 'message', label: 'Message (optional)' },
  ],
  thanks: {
    title: 'Thanks — we will be in touch',
    text: 'Thanks — we will be in touch with your invite code',
  },
};
