import {
  CLINIC_REFERENCE_MESSAGES,
  formatPence,
  LINK_MESSAGES,
  linkAmountText,
  type PaymentLink,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { Archive, ArchiveRestore, Copy, ExternalLink, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { copyToClipboard } from '@/lib/clipboard';
import { formatDate } from '@/lib/dates';
import { formatIsoDay } from '@/lib/london-days';
import { onDemand } from '@/lib/on-demand';
import { LINKS_PAGE_SIZE, type LinkView, usePaymentLinks } from '../api/list-payment-links';
import { useSetLinkArchived } from '../api/set-link-archived';

/** A link's details, loaded when a link is first opened (decision 0127). */
const LinkDetailsDialog = onDemand(
  async () => (await import('./link-details-dialog')).LinkDetailsDialog,
  (props) => props.link !== null,
);

/**
 * The dashboard's Payment Links card (docs/product.md#clinic-dashboard): active or archived links,
 * three a page.
 */
export function PaymentLinksCard() {
  const [view, setView] = useState<LinkView>('active');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PaymentLink | null>(null);
  const links = usePaymentLinks(view, page);
  const setArchived = useSetLinkArchived(view, page);
  const items = links.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil((links.data?.total ?? 0) / LINKS_PAGE_SIZE));

  // When the current page empties, move back a page (docs/product.md#constants).
  useEffect(() => {
    if (links.data && items.length === 0 && page > 1) setPage((current) => current - 1);
  }, [links.data, items.length, page]);

  const switchView = () => {
    setView((current) => (current === 'active' ? 'archived' : 'active'));
    setPage(1);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Payment Links</CardTitle>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={switchView}>
            {view === 'active' ? 'View Archive' : 'View Active'}
          </Button>
          {view === 'active' ? (
            <Button asChild size="sm">
              <Link to="/dashboard/create-link">
                <Plus className="h-4 w-4" aria-hidden /> Create New
              </Link>
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {links.isPending ? <Spinner label="Loading payment links..." /> : null}
        {links.isError ? <Alert tone="error">{links.error.message}</Alert> : null}
        {links.data && items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">
            {view === 'active' ? LINK_MESSAGES.noActive : LINK_MESSAGES.noArchived}
          </p>
        ) : null}
        <ul
          className="divide-y divide-slate-100"
          aria-label={view === 'active' ? 'Active payment links' : 'Archived payment links'}
        >
          {items.map((link) => (
            <li key={link.id} className="flex items-center gap-3 py-3">
              <button
                type="button"
                className="flex flex-1 flex-col items-start text-left hover:underline"
                onClick={() => setSelected(link)}
              >
                <span className="font-medium">{link.title}</span>
                <span className="text-sm text-slate-600">
                  {linkAmountText(link)} · {paymentTypeLabel(link.type)} · {formatDate(link.createdAt)}
                  {link.totals
                    ? ` · ${LINK_MESSAGES.linkTotals(link.totals.payments, formatPence(link.totals.net))}`
                    : null}
                  {link.maxPayments !== null && link.totals
                    ? ` · ${LINK_MESSAGES.paymentsOf(link.totals.payments, link.maxPayments)}`
                    : null}
                  {link.expiresOn ? ` · ${LINK_MESSAGES.expires(formatIsoDay(link.expiresOn))}` : null}
                  {link.clinicReference
                    ? ` · ${CLINIC_REFERENCE_MESSAGES.yours}: ${link.clinicReference}`
                    : null}
                </span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Copy link for ${link.title}`}
                onClick={() => copyToClipboard(link.url, LINK_MESSAGES.copied)}
              >
                <Copy className="h-4 w-4" />
              </Button>
              <Button asChild variant="ghost" size="icon">
                <a
                  href={link.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open link for ${link.title}`}
                >
                  <ExternalLink className="h-4 w-4" />
                </a>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${view === 'active' ? 'Archive' : 'Unarchive'} ${link.title}`}
                onClick={() => setArchived.mutate({ linkId: link.id, archive: view === 'active' })}
              >
                {view === 'active' ? <Archive className="h-4 w-4" /> : <ArchiveRestore className="h-4 w-4" />}
              </Button>
            </li>
          ))}
        </ul>
        <Pager label="Payment links pages" page={page} pageCount={pageCount} onPage={setPage} />
      </CardContent>
      <LinkDetailsDialog link={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
