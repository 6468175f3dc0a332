import type { ComponentType, SVGProps } from 'react';
import { FacebookIcon, LinkedInIcon, WhatsAppIcon, XIcon } from '../brand-icons.tsx';
import { SOCIAL_LINKS, type SocialNetwork } from './contact-links.ts';

const ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  linkedin: LinkedInIcon,
  x: XIcon,
  facebook: FacebookIcon,
  whatsapp: WhatsAppIcon,
};

interface SocialLinksProps {
  networks: readonly SocialNetwork[];
  /** The list's display (and any spacing): 'flex' unless given. */
  className?: string;
  /** Colours of the links, focus outline included. */
  linkClassName: string;
}

// No class merging here (the header and footer are on the first page, tailwind-merge is not): the
// caller's classes never repeat a property these set.
export function SocialLinks({ networks, className = 'flex', linkClassName }: SocialLinksProps) {
  return (
    <ul className={`items-center gap-1 ${className}`}>
      {networks.map((network) => {
        const { label, href } = SOCIAL_LINKS[network];
        const Icon = ICONS[network];
        return (
          <li key={network}>
            <a
              href={href()}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className={`inline-flex size-10 items-center justify-center rounded-md transition-colors focus-visible:outline-2 ${linkClassName}`}
            >
              <Icon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
