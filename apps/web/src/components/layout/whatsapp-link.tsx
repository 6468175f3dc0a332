import type { ComponentProps } from 'react';
import { WhatsAppIcon } from '../brand-icons.tsx';
import { WHATSAPP_CHAT_URL } from './contact-links.ts';

export const WHATSAPP_LABEL = 'Chat with us on WhatsApp';

/** The floating chat link itself; extra props (a tooltip trigger's) pass through to the <a>. */
export function WhatsAppLink(props: ComponentProps<'a'>) {
  return (
    <a
      href={WHATSAPP_CHAT_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={WHATSAPP_LABEL}
      title={WHATSAPP_LABEL}
      className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:right-6 sm:bottom-6"
      {...props}
    >
      <WhatsAppIcon className="size-7" />
    </a>
  );
}

/*
 * The plain link is replaced by the one with the tooltip once that has loaded. Someone who had
 * already tabbed to it keeps their focus: the plain link notes it as it goes, the new one takes it.
 */
let hadFocusWhenReplaced = false;

export function noteFocusOnReplace(node: HTMLAnchorElement | null) {
  if (!node) return;
  return () => {
    hadFocusWhenReplaced = node.ownerDocument.activeElement === node;
  };
}

export function takeFocusIfNoted(node: HTMLAnchorElement | null) {
  if (node && hadFocusWhenReplaced) {
    hadFocusWhenReplaced = false;
    node.focus();
  }
}
