import {
  CALL_TOPICS,
  DEMO_PRODUCTS,
  PLAYER_ROLES,
  type PlayerRole,
  TIME_SLOTS,
  type TimeSlot,
  VENUE_TYPES,
} from '@contract/forms';
import type { DropdownOption } from '@/ui/Dropdown';
import type { RequestField, RequestFormDefinition } from './requestForm';

/* The request forms of spec §2 beside the get-invite one: each its fields, words and thanks. */

function options<T extends string>(values: readonly T[], labels: Record<T, string>): DropdownOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const TIME_SLOT_LABELS: Record<TimeSlot, string> = {
  MORNING: 'Morning, 10:00–13:00',
  AFTERNOON: 'Afternoon, 13:00–16:00',
  EVENING: 'Evening, 16:00–19:00',
};

export const PLAYER_ROLE_LABELS: Record<PlayerRole, string> = {
  BATSMAN: 'Batsman',
  BOWLER: 'Bowler',
  WICKET_KEEPER: 'Wicket keeper',
  ALL_ROUNDER: 'All-rounder',
};

const name: RequestField = { kind: 'text', name: 'name', label: 'Full name', autoComplete: 'name' };
const email: RequestField = {
  kind: 'text',
  name: 'email',
  label: 'Email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
};
const city: RequestField = { kind: 'text', name: 'city', label: 'City', autoComplete: 'address-level2' };
const pincode: RequestField = {
  kind: 'text',
  name: 'pincode',
  label: 'Pincode',
  inputMode: 'numeric',
  autoComplete: 'postal-code',
  maxLength: 6,
};
const message: RequestField = { kind: 'text', name: 'message', label: 'Message (optional)' };
const preferredDate: RequestField = {
  kind: 'date',
  name: 'preferred_date',
  label: 'Preferred date',
  hint: 'Today or within the next 60 days',
};
const preferredTime: RequestField = {
  kind: 'select',
  name: 'preferred_time_slot',
  label: 'Preferred time',
  placeholder: 'Choose a time',
  options: options(TIME_SLOTS, TIME_SLOT_LABELS),
};

export const REQUEST_A_CALL_FORM: RequestFormDefinition = {
  formId: 'request_a_call',
  title: 'Request a call',
  lead: 'Leave your number and a time that suits you, and someone from IBC Cricket will call you back.',
  submitLabel: 'Request a call',
  fields: [
    name,
    { kind: 'phone' },
    {
      kind: 'select',
      name: 'topic',
      label: 'What is it about?',
      placeholder: 'Choose a topic',
      options: options(CALL_TOPICS, {
        HOME_KIT: 'The home kit',
        GAME: 'The game',
        BAT: 'The custom designed bat',
        BUSINESS: 'Business licence or kit',
        ORDER: 'An order I placed',
        OTHER: 'Something else',
      }),
    },
    preferredDate,
    preferredTime,
    message,
  ],
  thanks: { title: 'We will call you', text: 'Thanks — we will call you at the time you chose' },
};

export const BOOK_A_DEMO_FORM: RequestFormDefinition = {
  formId: 'book_a_demo',
  title: 'Book a demo',
  lead: 'Try IBC Cricket before you buy: choose what you would like to see, a day and a time, and we will confirm the place near you.',
  submitLabel: 'Book the demo',
  fields: [
    {
      kind: 'select',
      name: 'product',
      label: 'Demo of',
      placeholder: 'Choose a product',
      options: options(DEMO_PRODUCTS, {
        HOME_KIT: 'The home kit',
        GAME_PLUS_BAT: 'Game plus bat',
        BUSINESS_LICENCE: 'The business licence',
        CLUB_EDITION: 'The club edition',
      }),
    },
    name,
    { kind: 'phone' },
    email,
    city,
    pincode,
    preferredDate,
    preferredTime,
    message,
  ],
  thanks: { title: 'Your demo is booked', text: 'Thanks — we will confirm the place of your demo' },
};

export const GIVEAWAY_CONTEST_FORM: RequestFormDefinition = {
  formId: 'giveaway_contest',
  title: 'Giveaway contest',
  lead: 'Enter the IBC Cricket giveaway: tell us who you are and how you play. Winners are told by phone and e-mail.',
  submitLabel: 'Enter the contest',
  fields: [
    name,
    { kind: 'phone' },
    email,
    city,
    {
      kind: 'select',
      name: 'player_role',
      label: 'Your playing role',
      placeholder: 'Choose a role',
      options: options(PLAYER_ROLES, PLAYER_ROLE_LABELS),
    },
    { ...message, label: 'Why should you win? (optional)' },
  ],
  thanks: { title: 'You are in the contest', text: 'Good luck — we will tell the winners' },
};

export const EXPERIENCE_ZONE_FORM: RequestFormDefinition = {
  formId: 'experience_zone_interest',
  title: 'Host an experience zone',
  lead: 'Have a venue where players could try IBC Cricket? Tell us about it and we will get in touch about an experience zone.',
  submitLabel: 'Send my interest',
  fields: [
    { kind: 'text', name: 'venue_name', label: 'Venue name', autoComplete: 'organization' },
    {
      kind: 'select',
      name: 'venue_type',
      label: 'Kind of venue',
      placeholder: 'Choose a kind',
      options: options(VENUE_TYPES, {
        ACADEMY: 'Cricket academy',
        CLUB: 'Sports club',
        SCHOOL: 'School or college',
        MALL: 'Mall',
        GAMING_ZONE: 'Gaming zone',
        OTHER: 'Other',
      }),
    },
    city,
    pincode,
    { ...name, label: 'Your name' },
    { kind: 'phone' },
    email,
    message,
  ],
  thanks: { title: 'Thanks for your interest', text: 'Thanks — we will be in touch about your venue' },
};

export const CLUB_EDITION_FORM: RequestFormDefinition = {
  formId: 'club_edition_apply',
  title: 'Apply for the club edition',
  lead: 'The club edition is for cricket clubs. Tell us about your club and we will review your application.',
  submitLabel: 'Send the application',
  fields: [
    { kind: 'text', name: 'club_name', label: 'Club name', autoComplete: 'organization' },
    city,
    pincode,
    { kind: 'text', name: 'members', label: 'Playing members', inputMode: 'numeric', maxLength: 6 },
    { ...name, label: 'Your name' },
    { kind: 'phone' },
    email,
    message,
  ],
  thanks: { title: 'Application received', text: 'Thanks — we will review your application and reply' },
};

export const ENTERPRISE_CONTACT_FORM: RequestFormDefinition = {
  formId: 'enterprise_contact',
  title: 'Business licence for enterprises',
  lead: 'Running several venues? Tell us about your business and we will put together a licence for all of them.',
  submitLabel: 'Contact sales',
  fields: [
    { kind: 'text', name: 'company_name', label: 'Company name', autoComplete: 'organization' },
    { kind: 'text', name: 'locations', label: 'Number of locations', inputMode: 'numeric', maxLength: 6 },
    city,
    name,
    { kind: 'phone' },
    { ...email, label: 'Work email' },
    { kind: 'text', name: 'message', label: 'What do you need?' },
  ],
  thanks: { title: 'Thanks — our team will contact you', text: 'Thanks — our team will be in touch' },
};

export const ORDER_SETUP_CALL_FORM: RequestFormDefinition = {
  formId: 'order_setup_call',
  title: 'Book your setup call',
  lead: 'Choose when we may call to help you set up what you bought.',
  submitLabel: 'Book the call',
  fields: [preferredDate, preferredTime, { ...message, label: 'Anything we should know? (optional)' }],
  thanks: { title: 'Your setup call is booked', text: 'Thanks — we will call you at the time you chose' },
};
