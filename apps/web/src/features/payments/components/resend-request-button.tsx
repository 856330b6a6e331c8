import { REQUEST_MESSAGES } from '@clinicpay/shared';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { serverAnswered } from '@/lib/api-client';
import { useResendRequest } from '../api/resend-request';

/**
 * Resend request: sends an unpaid request's link to the patient again, by email and to a mobile by
 * text (docs/decisions/0104-requests-go-whatever-the-settings.md); the notices listed below it then
 * show the new deliveries. A refusal (already paid, too many sent this hour) is told as the server says.
 */
export function ResendRequestButton({ requestId }: { requestId: string }) {
  const resend = useResendRequest(requestId);
  return (
    <Button
      variant="outline"
      className="self-start"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (result) => toast.success(result.message),
          onError: (failure) =>
            toast.error(serverAnswered(failure) ? failure.message : REQUEST_MESSAGES.resendFailed),
        })
      }
    >
      <Send className="h-4 w-4" aria-hidden /> {resend.isPending ? 'Sending...' : REQUEST_MESSAGES.resend}
    </Button>
  );
}
