import { ShieldCheck } from 'lucide-react';
import { usePublicSettings } from '@/lib/public-settings.ts';

/**
 * The company's logo (or the shield when it has none) and name, as saved in Settings. The icon's
 * size is one of two fixed classes rather than merged ones: the header and footer are on every
 * first page, which does not download tailwind-merge (see ui/first-load-classes.ts).
 */
export function BrandMark({ iconSize = 'size-7', withSlogan = false }: { iconSize?: 'size-6' | 'size-7'; withSlogan?: boolean }) {
  const { companyName, slogan, logoUrl } = usePublicSettings();
  return (
    <>
      {logoUrl ? (
        // The name beside it says what it is.
        <img src={logoUrl} alt="" className={`${iconSize} rounded-sm object-contain`} />
      ) : (
        <ShieldCheck className={`${iconSize} text-accent`} aria-hidden="true" />
      )}
      {withSlogan && slogan ? (
        <span className="flex flex-col leading-tight">
          {companyName}
          <span className="hidden text-xs font-normal lg:block">{slogan}</span>
        </span>
      ) : (
        companyName
      )}
    </>
  );
}

export function BrandSlogan({ className }: { className?: string }) {
  const { slogan } = usePublicSettings();
  return slogan ? <p className={className}>{slogan}</p> : null;
}

export function CompanyName() {
  return <>{usePublicSettings().companyName}</>;
}
