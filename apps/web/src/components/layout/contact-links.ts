import { CONTACT } from '@ops/shared/constants';

/** A setting the server writes into the page as a <meta> tag (lib/web-app.ts on the server). */
function siteSetting(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}

/**
 * Opens a chat with the company on WhatsApp, greeting prefilled: the number and greeting the server
 * is configured with (WHATSAPP_NUMBER, WHATSAPP_GREETING), or the built-in ones where the page
 * carries none (the development server). Read when a link is drawn: the tags are in the page
 * before any script runs.
 */
export function whatsappChatUrl(): string {
  const number = siteSetting('ops-whatsapp-number') ?? CONTACT.whatsappNumber;
  const greeting = siteSetting('ops-whatsapp-greeting') ?? CONTACT.whatsappGreeting;
  return `https://wa.me/${number}?text=${encodeURIComponent(greeting)}`;
}

export const SOCIAL_LINKS = {
  linkedin: { label: 'LinkedIn', href: () => CONTACT.linkedin },
  x: { label: 'X', href: () => CONTACT.x },
  facebook: { label: 'Facebook', href: () => CONTACT.facebook },
  whatsapp: { label: 'WhatsApp', href: whatsappChatUrl },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_LINKS;
