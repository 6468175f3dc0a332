import { ShieldCheck } from 'lucide-react';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { cn } from '@/lib/utils.ts';

/** The company's logo (or the shield when it has none) and name, as saved in Settings. */
export function BrandMark({ iconClassName, withSlogan = false }: { iconClassName?: string; withSlogan?: boolean }) {
  const { companyName, slogan, logoUrl } = usePublicSettings();
  return (
    <>
      {logoUrl ? (
        // The name beside it says what it is.
        <img src={logoUrl} alt="" className={cn('size-7 rounded-sm object-contain', iconClassName)} />
      ) : (
        <ShieldCheck className={cn('size-7 text-accent', iconClassName)} aria-hidden="true" />
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
