import type { ComponentType, SVGProps } from 'react';
import { cn } from '@/lib/utils.ts';
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
  className?: string;
  linkClassName?: string;
}

export function SocialLinks({ networks, className, linkClassName }: SocialLinksProps) {
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {networks.map((network) => {
        const { label, href } = SOCIAL_LINKS[network];
        const Icon = ICONS[network];
        return (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className={cn(
                'inline-flex size-10 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                linkClassName,
              )}
            >
              <Icon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
