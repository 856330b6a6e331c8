import type { Balance } from '@clinicpay/shared';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatSignedPence } from '@/lib/money';

const CARDS: { key: keyof Balance; title: string; description: string }[] = [
  { key: 'available', title: 'Available', description: 'Can be paid out to your bank account now.' },
  { key: 'pending', title: 'Pending', description: 'Not available yet: recent payments still settling.' },
];

/**
 * The connected account's balance (GET /api/payouts): two cards, Available and Pending, under a
 * 'Balance' heading (level 2; each card's title level 3).
 */
export function BalanceCards({ balance }: { balance: Balance }) {
  return (
    <section aria-labelledby="balance-heading" className="flex flex-col gap-3">
      <h2 id="balance-heading" className="text-lg font-semibold">
        Balance
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.key}>
            <Card className="h-full">
              <CardHeader className="pb-2">
                <h3 className="text-sm font-medium text-slate-600">{card.title}</h3>
              </CardHeader>
              <CardContent className="flex flex-col gap-1">
                <p className="text-2xl font-bold" data-testid={`balance-${card.key}`}>
                  {formatSignedPence(balance[card.key])}
                </p>
                <p className="text-sm text-slate-600">{card.description}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
