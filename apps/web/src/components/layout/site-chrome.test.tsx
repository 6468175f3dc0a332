import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { SiteFooter } from './site-footer.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';

describe('the floating WhatsApp button', () => {
  it('shows the tooltip after a short hover and hides it when the pointer leaves', async () => {
    mockFetch();
    const { user } = renderWithApp(<WhatsAppButton />);
    const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(link);

    expect(await screen.findByRole('tooltip')).toHaveTextContent('Chat with us on WhatsApp');
    expect(link).toHaveAccessibleDescription('Chat with us on WhatsApp');
    await user.unhover(link);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
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

  describe('with the number and greeting the server put in the page', () => {
    const greeting = 'Habari! Tell me about escorts & events.';
    const metas = () => {
      for (const [name, content] of [
        ['ops-whatsapp-number', '254711222333'],
        ['ops-whatsapp-greeting', greeting],
      ] as const) {
        const meta = document.createElement('meta');
        meta.name = name;
        meta.content = content;
        document.head.append(meta);
      }
    };
    afterEach(() => document.head.querySelectorAll('meta[name^="ops-whatsapp"]').forEach((m) => m.remove()));
    const configured = `https://wa.me/254711222333?text=${encodeURIComponent(greeting)}`;

    it('the chat button opens a chat at the configured number with the configured greeting', () => {
      metas();
      mockFetch();
      renderWithApp(<WhatsAppButton />);
      expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('href', configured);
    });

    it('the footer’s WhatsApp link goes to the same chat', () => {
      metas();
      mockFetch();
      renderWithApp(<SiteFooter />);
      expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', configured);
    });
  });

  it('shows the tooltip on keyboard focus, and hides it on Escape', async () => {
    mockFetch();
    const { user } = renderWithApp(<WhatsAppButton />);

    await user.tab();

    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Chat with us on WhatsApp');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('links to the social networks, the contact e-mail and carries the tagline', () => {
    mockFetch();
    renderWithApp(<SiteFooter />);

    for (const name of ['LinkedIn', 'X', 'Facebook', 'WhatsApp']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    expect(screen.getByRole('link', { name: 'info@opssecurity.co.ke' })).toHaveAttribute('href', 'mailto:info@opssecurity.co.ke');
    expect(screen.getByText('Select and Deploy the Best.')).toBeInTheDocument();
  });

  it('links to the privacy notice', () => {
    mockFetch();
    renderWithApp(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
  });
});
