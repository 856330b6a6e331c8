import { Clock, Mail, MessageCircle, Phone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContactDetails } from './api/get-contact-details';
import { ContactForm } from './components/contact-form';

/**
 * Spec §2 "/contact": the form plus cards for email, phone and live chat. Live chat is the same
 * team answering messages sent here during contact hours (docs/decisions/0006-contact-form-submit.md).
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
          <Card>
            <CardHeader>
              <Mail className="h-6 w-6 text-brand-700" aria-hidden />
              <CardTitle>Email</CardTitle>
              <CardDescription>For account and payment questions.</CardDescription>
            </CardHeader>
            <CardContent>
              {details ? (
                <a className="text-brand-700 hover:underline" href={`mailto:${details.email}`}>
                  {details.email}
                </a>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Phone className="h-6 w-6 text-brand-700" aria-hidden />
              <CardTitle>Phone</CardTitle>
              <CardDescription>{hours}</CardDescription>
            </CardHeader>
            <CardContent>
              {details ? (
                <a
                  className="text-brand-700 hover:underline"
                  href={`tel:${details.phone.replaceAll(' ', '')}`}
                >
                  {details.phone}
                </a>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <MessageCircle className="h-6 w-6 text-brand-700" aria-hidden />
              <CardTitle>Live chat</CardTitle>
              <CardDescription>
                Message our support team from this page during contact hours, {hours}.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <button type="button" className="text-brand-700 hover:underline" onClick={focusForm}>
                Start a conversation
              </button>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
