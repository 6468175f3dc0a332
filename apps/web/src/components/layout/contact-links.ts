import { CONTACT } from '@ops/shared/constants';

/** Opens a chat with the company on WhatsApp, greeting prefilled. */
export const WHATSAPP_CHAT_URL = `https://wa.me/${CONTACT.whatsappNumber}?text=${encodeURIComponent(CONTACT.whatsappGreeting)}`;

export const SOCIAL_LINKS = {
  linkedin: { label: 'LinkedIn', href: CONTACT.linkedin },
  x: { label: 'X', href: CONTACT.x },
  facebook: { label: 'Facebook', href: CONTACT.facebook },
  whatsapp: { label: 'WhatsApp', href: WHATSAPP_CHAT_URL },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_LINKS;
