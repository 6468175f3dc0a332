import { Link } from 'wouter';
import { Mail } from 'lucide-react';
import { CONTACT, PRIVACY_NOTICE_PATH } from '@ops/shared/constants';
import { BrandMark, BrandSlogan, CompanyName } from './brand-mark.tsx';
import { SocialLinks } from './social-links.tsx';

export function SiteFooter() {
  return (
    <footer className="bg-primary pb-24 text-primary-foreground sm:pb-10">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pt-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="space-y-2">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-bold focus-visible:outline-2 focus-visible:outline-white">
            <BrandMark iconSize="size-6" />
          </Link>
          <BrandSlogan className="text-sm text-white/80" />
        </div>

        <div className="space-y-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <a
            href={`mailto:${CONTACT.email}`}
            className="inline-flex items-center gap-2 rounded-sm text-sm text-white/85 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            <Mail className="size-4" aria-hidden="true" />
            {CONTACT.email}
          </a>
          <Link
            to={PRIVACY_NOTICE_PATH}
            className="block w-fit rounded-sm text-sm text-white/85 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            Privacy notice
          </Link>
        </div>

        <div className="space-y-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Follow us</h2>
          <SocialLinks
            networks={['linkedin', 'x', 'facebook', 'whatsapp']}
            className="flex -ml-2"
            linkClassName="text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white"
          />
        </div>
      </div>
      <p className="mx-auto mt-8 max-w-7xl border-t border-white/15 px-4 pt-6 text-xs text-white/70 sm:px-6 lg:px-8">
        © {new Date().getFullYear()} <CompanyName />. All rights reserved.
      </p>
    </footer>
  );
}
