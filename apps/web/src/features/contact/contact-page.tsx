import { Clock, type LucideIcon, Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContactDetails } from './api/get-contact-details';
import { ContactForm } from './components/contact-form';

/**
 * The contact page (docs/product.md#public-pages): the form plus cards for email, phone and live chat. Live
 * chat is the same team answering messages sent here during contact hours
 * (docs/decisions/0006-contact-form-submit.md).
 */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { details, hours } = useContactDetails();
  const focusForm = () => document.getElementById('contact-message')?.focus();

  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Contact Us</h1>
      <p className="mt-4 text-lg text-slate-600">Questions about ClinicPay? Our team is here to help.</p>
      <p className="mt-2 flex items-center gap-2 text-slate-600">
        <Clock className="h-4 w-4" aria-hidden /> Contact hours: {hours}
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <CardDescription>We reply by email within one working day.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-4">
          <ContactCard icon={Mail} title="Email" description="For account and payment questions.">
            {details ? <a href={`mailto:${details.email}`}>{details.email}</a> : null}
          </ContactCard>
          <ContactCard icon={Phone} title="Phone" description={hours}>
            {details ? <a href={`tel:${details.phone.replaceAll(' ', '')}`}>{details.phone}</a> : null}
          </ContactCard>
          <ContactCard
            icon={MessageCircle}
            title="Live chat"
            description={`Message our support team from this page during contact hours, ${hours}.`}
          >
            <button type="button" onClick={focusForm}>
              Start a conversation
            </button>
          </ContactCard>
        </div>
      </div>
    </section>
  );
}

function ContactCard(props: { icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  const { icon: Icon, title, description, children } = props;
  return (
    <Card>
      <CardHeader>
        <Icon className="h-6 w-6 text-brand-700" aria-hidden />
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="text-brand-700 [&_a:hover]:underline [&_button:hover]:underline">
        {children}
      </CardContent>
    </Card>
  );
}
