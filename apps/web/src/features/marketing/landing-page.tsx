import { BarChart3, CreditCard, LinkIcon, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The three steps of the landing page (docs/product.md#public-pages): create payment links, collect
 * payments, manage everything.
 */
export const HOW_IT_WORKS = [
  {
    icon: LinkIcon,
    title: 'Create payment links',
    text: 'Set up reusable links for consultations, treatments and deposits in seconds, or send a payment request to a patient by email or SMS.',
  },
  {
    icon: CreditCard,
    title: 'Collect payments',
    text: 'Patients pay by card, Apple Pay or Google Pay on your branded payment page. No account or app needed.',
  },
  {
    icon: BarChart3,
    title: 'Manage everything',
    text: 'Track every payment and refund in one dashboard, issue full or partial refunds, and export reports for your accounting.',
  },
] as const;

const MARKETING_POINTS = [
  'Reduce no-shows by taking deposits when patients book.',
  'Take payment for consultations, treatments and deposits.',
  'Track payments and refunds, and export reports for your accounts.',
  'Funds are paid out to your own bank account through Stripe.',
];

export function LandingPage() {
  useDocumentTitle('Payments for private clinics');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">
            Get paid for consultations, treatments and deposits
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            ClinicPay lets UK private clinics collect card payments through secure payment links and payment
            requests. Reduce no-shows with deposits and keep every payment and refund in one place.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/sign-up">Get Started</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/sign-in">Sign In</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-it-works" className="text-center text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="h-8 w-8 text-brand-700" aria-hidden />
                  <CardTitle>
                    <span className="text-brand-700">{index + 1}. </span>
                    {title}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-slate-600">{text}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why" className="text-3xl font-bold">
            Built for private clinics
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {MARKETING_POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
