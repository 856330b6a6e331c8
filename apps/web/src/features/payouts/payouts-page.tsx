import { PAYOUT_MESSAGES } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePayoutsOverview } from './api/get-payouts';
import { BalanceCards } from './components/balance-cards';
import { isNotConnected, NotConnectedNotice } from './components/not-connected-notice';
import { OpenDashboardButton } from './components/open-dashboard-button';
import { PayoutsTable } from './components/payouts-table';

/**
 * /dashboard/payouts (GET /api/payouts): the available and pending balance, 'Open Stripe dashboard',
 * and the payouts, each linking to its page; 'No payouts yet' when there are none. A clinic without a
 * provider account is told to connect one, with a link to Settings → Payments. `statement` is shown
 * below (the monthly statement, which the app brings from its own feature).
 */
export function PayoutsPage({ statement }: { statement?: ReactNode }) {
  useDocumentTitle('Payouts');
  const overview = usePayoutsOverview();
  const notConnected = overview.isError && isNotConnected(overview.error);

  return (
    <PageFrame
      title="Payouts"
      description="Your balance, the payouts to your bank account, and your monthly statement."
      actions={overview.isPending || notConnected ? null : <OpenDashboardButton />}
    >
      {overview.isPending ? <Spinner label="Loading your balance and payouts..." /> : null}
      {notConnected ? <NotConnectedNotice /> : null}
      {overview.isError && !notConnected ? <Alert tone="error">{overview.error.message}</Alert> : null}
      {overview.data ? (
        <>
          <BalanceCards balance={overview.data.balance} />
          <Card>
            <section aria-labelledby="payouts-heading">
              <CardHeader>
                <h2 id="payouts-heading" className="text-lg font-semibold leading-none">
                  Payouts to your bank
                </h2>
              </CardHeader>
              <CardContent>
                <PayoutsTable
                  labelledBy="payouts-heading"
                  payouts={overview.data.payouts}
                  empty={PAYOUT_MESSAGES.noPayouts}
                />
              </CardContent>
            </section>
          </Card>
        </>
      ) : null}
      {statement}
    </PageFrame>
  );
}
