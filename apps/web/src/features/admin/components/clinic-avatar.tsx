import { ADMIN_MESSAGES } from '@clinicpay/shared';
import { cn } from '@/lib/cn';

/** The clinic's name, or the admin lists' fallback ('Unnamed Clinic', docs/product.md#constants). */
export const clinicNameOf = (name: string | null) => name?.trim() || ADMIN_MESSAGES.unnamedClinic;

/** The clinic's logo, or the first letter of its name in a circle; decorative beside the name. */
export function ClinicAvatar({
  name,
  logoUrl,
  className,
}: {
  name: string | null;
  logoUrl?: string | null;
  className?: string;
}) {
  const base = cn('h-9 w-9 shrink-0 rounded-full', className);
  if (logoUrl) return <img src={logoUrl} alt="" className={cn(base, 'object-cover')} />;
  return (
    <span
      aria-hidden
      className={cn(
        base,
        'flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-800',
      )}
    >
      {clinicNameOf(name).charAt(0).toUpperCase()}
    </span>
  );
}
