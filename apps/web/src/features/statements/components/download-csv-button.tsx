import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/**
 * 'Download CSV': runs `download` (which saves the file and resolves to its name), then says it was
 * downloaded, or shows the server's message.
 */
export function DownloadCsvButton({ download }: { download: () => Promise<string> }) {
  const csv = useMutation({ mutationFn: download });
  const start = () => {
    if (csv.isPending) return;
    csv.mutate(undefined, {
      onSuccess: (name) => toast.success(`Downloaded ${name}`),
      onError: (error) => toast.error(error.message),
    });
  };
  return (
    <Button variant="outline" onClick={start} aria-busy={csv.isPending || undefined}>
      <Download className="h-4 w-4" aria-hidden />
      Download CSV
    </Button>
  );
}
