import {
  DISPUTE_MESSAGES,
  type DisputeDetail,
  EVIDENCE_FILE_KIND_LABELS,
  EVIDENCE_FILE_KINDS,
  EVIDENCE_MAX_TOTAL_BYTES,
  type EvidenceFile,
  type EvidenceFileKind,
} from '@clinicpay/shared';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useDeleteEvidenceFile, useUploadEvidenceFile } from '../api/evidence';
import {
  clientSideEvidenceFileProblem,
  EVIDENCE_ACCEPT,
  formatFileSize,
  totalBytes,
} from '../lib/evidence-files';

const KIND_ID = 'evidence-kind';
const FILE_ID = 'evidence-file';
const FILES_HEADING_ID = 'evidence-files-heading';

const isKind = (value: string): value is EvidenceFileKind =>
  (EVIDENCE_FILE_KINDS as readonly string[]).includes(value);

/** The evidence's files, each with its kind, name and size; with a Remove button when `onRemove` is given. */
export function EvidenceFileList({
  files,
  onRemove,
  removing,
}: {
  files: EvidenceFile[];
  onRemove?: (file: EvidenceFile) => void;
  removing?: boolean;
}) {
  if (files.length === 0) return <p className="text-sm text-slate-600">No files added.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">{EVIDENCE_FILE_KIND_LABELS[file.kind]}</span>
            <span className="break-all text-slate-700">
              {file.filename} ({formatFileSize(file.size)})
            </span>
          </span>
          {onRemove ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={removing}
              aria-label={`Remove ${file.filename}`}
              onClick={() => onRemove(file)}
            >
              Remove
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The files of a dispute the clinic can still answer: the list with Remove, and the upload form (what the
 * file shows, then the file; one file of each kind, a new one replacing the old). A file that is not PDF,
 * PNG or JPEG, or that would take the files past 4.5 MB together, is refused here with the card
 * provider's rule before anything is sent; the server's refusals show under the file input too.
 */
export function EvidenceFilesEditor({ dispute }: { dispute: DisputeDetail }) {
  const upload = useUploadEvidenceFile(dispute.id);
  const remove = useDeleteEvidenceFile(dispute.id);
  const [kind, setKind] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [kindError, setKindError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const used = totalBytes(dispute.files);

  const clearFile = () => {
    setFile(null);
    // Emptied, so choosing the same file again is a change too.
    if (input.current) input.current.value = '';
  };

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    if (!chosen) return;
    const problem = clientSideEvidenceFileProblem(chosen, isKind(kind) ? kind : null, dispute.files);
    setFileError(problem ?? undefined);
    if (problem) {
      clearFile();
      return;
    }
    setFile(chosen);
  }

  /** Moves focus to a refused field once its message is drawn, so the two are read together. */
  const refuse = (field: typeof KIND_ID | typeof FILE_ID) =>
    requestAnimationFrame(() => document.getElementById(field)?.focus());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isKind(kind)) {
      setKindError(DISPUTE_MESSAGES.fileKind);
      setFileError(file ? undefined : DISPUTE_MESSAGES.fileMissing);
      refuse(KIND_ID);
      return;
    }
    setKindError(undefined);
    const problem = file
      ? clientSideEvidenceFileProblem(file, kind, dispute.files)
      : DISPUTE_MESSAGES.fileMissing;
    if (problem || !file) {
      setFileError(problem ?? DISPUTE_MESSAGES.fileMissing);
      clearFile();
      refuse(FILE_ID);
      return;
    }
    setFileError(undefined);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          toast.success(DISPUTE_MESSAGES.fileAdded);
          setKind('');
          clearFile();
        },
        onError: (error) => {
          setFileError(error.message);
          toast.error(error.message);
          refuse(FILE_ID);
        },
      },
    );
  }

  function onRemove(removed: EvidenceFile) {
    remove.mutate(removed.id, {
      onSuccess: () => {
        toast.success(DISPUTE_MESSAGES.fileRemoved);
        // The Remove button is gone with its file; the section's heading keeps the place.
        document.getElementById(FILES_HEADING_ID)?.focus();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  const replaced = isKind(kind) ? dispute.files.find((existing) => existing.kind === kind) : undefined;
  const fileDescribedBy = [fileError ? `${FILE_ID}-error` : null, `${FILE_ID}-name`, `${FILE_ID}-hint`]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby={FILES_HEADING_ID} className="flex flex-col gap-3">
      <h3 id={FILES_HEADING_ID} tabIndex={-1} className="font-medium focus:outline-none">
        Files
      </h3>
      <p id={`${FILE_ID}-hint`} className="text-sm text-slate-600">
        PDF, PNG or JPEG, at most {formatFileSize(EVIDENCE_MAX_TOTAL_BYTES)} together (now{' '}
        {formatFileSize(used)}). One file of each kind: a new file replaces the one before.
      </p>
      <EvidenceFileList files={dispute.files} onRemove={onRemove} removing={remove.isPending} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Add a file">
        <FormField id={KIND_ID} label="What the file shows" error={kindError}>
          <NativeSelect
            value={kind}
            disabled={upload.isPending}
            onChange={(event) => {
              setKind(event.currentTarget.value);
              setKindError(undefined);
            }}
          >
            <option value="">Choose what the file shows</option>
            {EVIDENCE_FILE_KINDS.map((option) => (
              <option key={option} value={option}>
                {EVIDENCE_FILE_KIND_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {replaced ? <p className="text-sm text-slate-700">This replaces {replaced.filename}.</p> : null}
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={input}
              id={FILE_ID}
              type="file"
              accept={EVIDENCE_ACCEPT}
              className="peer sr-only"
              disabled={upload.isPending}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileDescribedBy}
              onChange={onFileChosen}
            />
            <label
              htmlFor={FILE_ID}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2',
                'peer-aria-invalid:border-2 peer-aria-invalid:border-red-600',
                upload.isPending && 'cursor-not-allowed opacity-50',
              )}
            >
              Choose file
            </label>
            <span id={`${FILE_ID}-name`} className="min-w-0 break-all text-sm text-slate-700">
              {file ? `${file.name} (${formatFileSize(file.size)})` : 'No file chosen'}
            </span>
          </div>
          {fileError ? (
            <p id={`${FILE_ID}-error`} role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="outline" className="self-start" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload file'}
        </Button>
      </form>
    </section>
  );
}
