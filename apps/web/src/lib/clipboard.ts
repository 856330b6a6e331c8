import { toast } from 'sonner';

/** Copies text and confirms with the spec's toast ('Link copied to clipboard' and the like). */
export async function copyToClipboard(text: string, confirmation: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(confirmation);
  } catch {
    toast.error('Could not copy to the clipboard. Please copy the link by hand.');
  }
}
