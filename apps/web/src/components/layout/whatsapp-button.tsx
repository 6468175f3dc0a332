import { useEffect, useId, useRef, useState } from 'react';
import { WhatsAppIcon } from '../brand-icons.tsx';
import { whatsappChatUrl } from './contact-links.ts';

export const WHATSAPP_LABEL = 'Chat with us on WhatsApp';
const HOVER_DELAY_MS = 200;

/**
 * The floating chat link, fixed at the bottom right of every page, with its tooltip: shown after a
 * short hover or at once on keyboard focus, hidden on leaving, blur, Escape or a click. A few lines
 * of our own rather than a tooltip library, because this is on every visitor's first page.
 */
export function WhatsAppButton() {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressed = useRef(false);

  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="fixed right-4 bottom-4 z-40 flex sm:right-6 sm:bottom-6">
      <a
        href={whatsappChatUrl()}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={WHATSAPP_LABEL}
        aria-describedby={open ? tooltipId : undefined}
        title={WHATSAPP_LABEL}
        className="inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        onPointerEnter={(event) => {
          if (event.pointerType === 'touch') return;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setOpen(true), HOVER_DELAY_MS);
        }}
        onPointerLeave={close}
        onPointerDown={() => {
          pressed.current = true;
          close();
        }}
        onFocus={() => {
          // Focus from a click or tap is not a request for the tooltip; focus from the keyboard is.
          if (!pressed.current) setOpen(true);
          pressed.current = false;
        }}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        onClick={close}
      >
        <WhatsAppIcon className="size-7" />
      </a>
      {open ? (
        <span
          role="tooltip"
          id={tooltipId}
          className="pointer-events-none absolute top-1/2 right-full z-50 mr-1.5 -translate-y-1/2 rounded-md bg-primary px-3 py-1.5 text-xs whitespace-nowrap text-primary-foreground shadow-md"
        >
          {WHATSAPP_LABEL}
        </span>
      ) : null}
    </div>
  );
}
