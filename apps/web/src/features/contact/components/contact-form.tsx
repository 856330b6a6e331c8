import { type ContactRequest, contactRequestSchema } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Name, email, subject and message, validated with the server's own schema before sending. */
export function ContactForm() {
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const sending = useSendContactMessage();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    sending.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const field of FIELDS) {
            const message = error.fieldErrors[field];
            if (message) form.setError(field, { message });
          }
        }
        toast.error(error.message);
      },
    }),
  );

  const fieldProps = (field: (typeof FIELDS)[number]) => ({
    id: `contact-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    ...form.register(field),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Contact form">
      {sending.isSuccess ? <Alert tone="success">{sending.data.message}</Alert> : null}
      <FormField id="contact-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...fieldProps('name')} />
      </FormField>
      <FormField id="contact-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldProps('email')} />
      </FormField>
      <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
        <Input {...fieldProps('subject')} />
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message?.message}>
        <Textarea rows={6} {...fieldProps('message')} />
      </FormField>
      <Button type="submit" disabled={sending.isPending} className="self-start">
        {sending.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
