import { type ContactRequest, contactRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useSendContactMessage } from '../api/send-contact-message';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Name, email, subject and message, validated with the server's own schema before sending. */
export function ContactForm() {
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
    shouldFocusError: false,
  });
  const sending = useSendContactMessage();
  const errors = useFormErrors(form, FIELDS, {
    formId: 'contact',
    idPrefix: 'contact-',
    labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' },
  });

  const onSubmit = form.handleSubmit((values) =>
    sending.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset();
      },
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        toast.error(error.message);
      },
    }),
  );

  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Contact form">
      {sending.isSuccess ? <Alert tone="success">{sending.data.message}</Alert> : null}
      <FormField name="name" label="Name">
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField name="email" label="Email">
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField name="subject" label="Subject">
        <Input {...form.register('subject')} />
      </FormField>
      <FormField name="message" label="Message">
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <Button type="submit" disabled={sending.isPending} className="self-start">
        {sending.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  );
}
