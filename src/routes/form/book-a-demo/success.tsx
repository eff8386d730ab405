import { createFileRoute } from '@tanstack/react-router';
import { DemoBooked } from '@/features/forms/DemoBooked';
import { type DemoBookedSearch, parseDemoBookedSearch } from '@/lib/demoBookedSearch';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/book-a-demo/success')({
  validateSearch: (search: Record<string, unknown>): DemoBookedSearch => parseDemoBookedSearch(search),
  head: () => ({ meta: [{ title: pageTitle('Demo booked') }, { name: 'robots', content: 'noindex' }] }),
  component: function DemoBookedRoute() {
    const { date, slot } = Route.useSearch();
    return <DemoBooked date={date} slot={slot} />;
  },
});
