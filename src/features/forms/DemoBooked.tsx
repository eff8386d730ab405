import { TIME_SLOTS, type TimeSlot } from '@contract/forms';
import { Link } from '@tanstack/react-router';
import { format, isValid, parseISO } from 'date-fns';
import { LONG_DATE_FORMAT } from '@/lib/dateFormats';
import { TIME_SLOT_LABELS } from './definitions';
import '@/ui/form/formPage.css';
import './forms.css';

export interface DemoBookedProps {
  date?: string | undefined;
  slot?: string | undefined;
}

function isTimeSlot(value: string | undefined): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value ?? '');
}

/** /form/book-a-demo/success: the booked demo's day and time (spec §2 "demo booked confirmation"). */
export function DemoBooked({ date, slot }: DemoBookedProps) {
  const day = date ? parseISO(date) : null;
  const when = [
    day && isValid(day) ? format(day, LONG_DATE_FORMAT) : null,
    isTimeSlot(slot) ? TIME_SLOT_LABELS[slot].toLowerCase() : null,
  ].filter(Boolean);
  return (
    <section className="form-page" aria-labelledby="demo-booked-title">
      <h1 id="demo-booked-title" className="form-page__title">
        Your demo is booked
      </h1>
      <p className="form-page__lead">
        {when.length > 0 ? `We have you down for ${when.join(', ')}. ` : ''}
        We will call you to confirm the place near you; if the time no longer suits you, tell us then.
      </p>
      <Link to="/" className="form-page__link">
        Back to the shop
      </Link>
    </section>
  );
}
