/**
 * The logo avatar of Settings → Profile with Upload and Delete (docs/product.md#clinic-settings; the
 * file upload rules, docs/product.md#validation; the messages, docs/product.md#messages-settings; the
 * 2 MB limit, docs/product.md#constants). The upload control is the real file input
 * (visually hidden, keyboard-focusable, labelled 'Upload logo'); a file over 2 MB or of another type is
 * refused here with the server's own message before anything is sent. Errors are announced (role=alert)
 * and tied to the input with aria-describedby.
 */
import { LOGO_ACCEPT_ATTRIBUTE, LOGO_ACCEPTED_TYPES, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@clinicpay/shared';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeleteLogo, useUploadLogo } from '../api/clinic-logo';

function initials(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length
    ? words
        .slice(0, 2)
        .map((word) => word[0]?.toUpperCase())
        .join('')
    : '?';
}

/** The message for a file the browser can already tell is wrong, or null. */
export function clientSideLogoProblem(file: File): string | null {
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  // An unknown type ('') is left to the server, which decides by content.
  if (file.type && !(LOGO_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return LOGO_MESSAGES.wrongType;
  }
  return null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ClinicLogoField({
  clinicName,
  logoUrl,
}: {
  clinicName: string | null;
  logoUrl: string | null;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    input.value = '';
    if (!file) return;
    const refusal = clientSideLogoProblem(file);
    if (refusal) {
      setProblem(refusal);
      toast.error(LOGO_MESSAGES.uploadFailedWith(refusal));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(LOGO_MESSAGES.uploaded),
      onError: (error) => {
        setProblem(messageOf(error));
        toast.error(LOGO_MESSAGES.uploadFailedWith(messageOf(error)));
      },
    });
  }

  function onDelete() {
    setProblem(null);
    if (!logoUrl) {
      toast.error(LOGO_MESSAGES.noLogo);
      return;
    }
    remove.mutate(undefined, {
      onSuccess: () => toast.success(LOGO_MESSAGES.deleted),
      onError: (error) =>
        error instanceof ApiError && error.code === 'NO_LOGO'
          ? toast.error(LOGO_MESSAGES.noLogo)
          : toast.error(LOGO_MESSAGES.deleteFailedWith(messageOf(error))),
    });
  }

  const showImage = logoUrl !== null && logoUrl !== brokenUrl;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {showImage ? (
        <img
          src={logoUrl}
          alt="Clinic logo"
          onError={() => setBrokenUrl(logoUrl)}
          className="h-16 w-16 rounded-full border border-slate-200 bg-white object-contain"
        />
      ) : (
        <div
          role="img"
          aria-label="Clinic initials"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
        >
          {initials(clinicName)}
        </div>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT_ATTRIBUTE}
            className="peer sr-only"
            disabled={busy}
            aria-describedby={problem ? `${errorId} ${inputId}-hint` : `${inputId}-hint`}
            aria-invalid={problem ? true : undefined}
            onChange={onFileChosen}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50',
              'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2',
              busy && 'cursor-not-allowed opacity-50',
            )}
          >
            {upload.isPending ? 'Uploading...' : 'Upload logo'}
          </label>
          <Button type="button" variant="outline" size="sm" onClick={onDelete} disabled={busy}>
            {remove.isPending ? 'Deleting...' : 'Delete logo'}
          </Button>
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          PNG, JPEG or WebP, up to 2 MB.
        </p>
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
