import { Download, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A payment page's QR code (GET /api{apiPath}?format=svg|png, the clinic's session), with its
 * downloads as SVG (any size, for print) and PNG, and a link to the A5 poster for the front desk.
 * `label` names what it opens, e.g. the link's title.
 */
export function QrCodePanel({
  apiPath,
  label,
  posterPath,
}: {
  apiPath: string;
  label: string;
  posterPath: string;
}) {
  const file = (format: 'svg' | 'png') => `/api${apiPath}?format=${format}`;
  return (
    <section aria-label="QR code" className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <img
        src={file('svg')}
        alt={`QR code that opens the payment page for ${label}`}
        width={128}
        height={128}
        className="h-32 w-32 rounded border border-slate-200 bg-white"
      />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={file('svg')} download>
            <Download className="h-4 w-4" aria-hidden /> Download SVG
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={file('png')} download>
            <Download className="h-4 w-4" aria-hidden /> Download PNG
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={posterPath}>
            <Printer className="h-4 w-4" aria-hidden /> Print poster
          </Link>
        </Button>
      </div>
    </section>
  );
}
