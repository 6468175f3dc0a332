import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { SiteFooter } from './site-footer.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';

describe('the floating WhatsApp button', () => {
  it('keeps keyboard focus when the tooltip arrives', async () => {
    mockFetch();
    vi.resetModules();
    // A fresh copy of the module, so its tooltip has not been loaded yet.
    const fresh = await import('./whatsapp-button.tsx');
    renderWithApp(<fresh.WhatsAppButton />);
    const plainLink = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(plainLink).not.toHaveAttribute('data-state');
    plainLink.focus();

    await waitFor(() => expect(plainLink).not.toBeInTheDocument());

    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Chat with us on WhatsApp');
  });

  it('opens a chat at the company number with the greeting, in a new tab', () => {
    mockFetch();
    renderWithApp(<WhatsAppButton />);

    const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(link).toHaveAttribute(
      'href',
      `https://wa.me/254700000000?text=${encodeURIComponent("Hello! I'd like to know more about your security services.")}`,
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAttribute('title', 'Chat with us on WhatsApp');
  });

  it('shows the tooltip on keyboard focus', async () => {
    mockFetch();
    const { user } = renderWithApp(<WhatsAppButton />);
    // The tooltip's code arrives just after the page; the link is there from the start.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('data-state', 'closed'),
    );

    await user.tab();

    expect(await screen.findByRole('tooltip')).toHaveTextContent('Chat with us on WhatsApp');
  });
});

describe('the footer', () => {
  it('links to the social networks, the contact e-mail and carries the tagline', () => {
    mockFetch();
    renderWithApp(<SiteFooter />);

    for (const name of ['LinkedIn', 'X', 'Facebook', 'WhatsApp']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    expect(screen.getByRole('link', { name: 'info@opssecurity.co.ke' })).toHaveAttribute(
      'href',
      'mailto:info@opssecurity.co.ke',
    );
    expect(screen.getByText('Select and Deploy the Best.')).toBeInTheDocument();
  });
});
