import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '@/lib/site';
import { HelpPage } from './HelpPage';

async function renderHelp() {
  const router = createRouter({
    routeTree: createRootRoute({ component: HelpPage }),
    history: createMemoryHistory({ initialEntries: ['/help'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Help' });
}

/** The answer under a question (the <details> it heads). */
function answerTo(question: string): string {
  return screen.getByText(question).closest('details')?.textContent ?? '';
}

describe('Help', () => {
  it('sends the install question to the "Install app" button where it really is, not to a menu', async () => {
    await renderHelp();
    const answer = answerTo('Can I install the shop on my phone?');
    expect(answer).toContain('“Install app” button appears at the top of the page');
    expect(answer).not.toMatch(/in the menu/i);
  });

  it('tells a buyer how to reach their order status today, with no page that does not exist', async () => {
    await renderHelp();
    const answer = answerTo('Where is my order?');
    expect(answer).toContain(SUPPORT_EMAIL);
    expect(answer).not.toMatch(/my orders|order page/i);
    expect(document.body.textContent).not.toMatch(/my orders|your order page/i);
  });
});
