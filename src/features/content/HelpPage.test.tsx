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

  it('sends a buyer asking about an order to My orders, and to support for tracking', async () => {
    await renderHelp();
    const answer = answerTo('Where is my order?');
    expect(answer).toContain('Open My orders (from your account or the foot of any page)');
    expect(answer).toContain(SUPPORT_EMAIL);
    expect(answerTo('When will I receive my game key?')).toContain('in My orders');
    expect(answerTo('When will I receive my game key?')).not.toMatch(/e-mailed/);
  });
});
