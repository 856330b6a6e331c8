import { CheckCircle2, Circle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { dismissLaunchPad, isLaunchPadDismissed } from '@/lib/browser-storage';

/** What the clinic has done so far; undefined while still loading. */
export interface LaunchPadProgress {
  /** (1) The clinic's payment provider is connected. */
  connected: boolean;
  /** (2) A payment link exists. */
  linkCreated: boolean;
  /** (3) A payment link or request has been sent (or already paid). */
  linkSent: boolean;
}

/**
 * The Launch Pad's steps (docs/product.md#launch-pad): three steps; dismissable once one is done, at
 * once when all are done and after 'Dismiss Launch Pad?' otherwise; remembered in this browser.
 */
export function LaunchPad({ progress }: { progress: LaunchPadProgress | undefined }) {
  const [dismissed, setDismissed] = useState(isLaunchPadDismissed);
  const [confirming, setConfirming] = useState(false);
  if (dismissed || !progress) return null;

  const done = [progress.connected, progress.linkCreated, progress.linkSent].filter(Boolean).length;
  const dismiss = () => {
    dismissLaunchPad();
    setConfirming(false);
    setDismissed(true);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Launch Pad</CardTitle>
          <CardDescription>
            {done} of 3 steps complete. {done === 0 ? 'Complete a step to be able to dismiss this list.' : ''}
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={done === 0}
          onClick={() => (done === 3 ? dismiss() : setConfirming(true))}
        >
          Dismiss
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3">
          <Step number={1} done={progress.connected} title="Connect your payment provider">
            {progress.connected ? (
              'Your clinic can take card payments.'
            ) : (
              <>
                Your clinic is not connected to a payment provider yet, so patients cannot pay.{' '}
                <Link to="/dashboard/settings?tab=payments" className="font-medium text-brand-700 underline">
                  Connect in Settings
                </Link>
              </>
            )}
          </Step>
          <Step number={2} done={progress.linkCreated} title="Create your first payment link">
            {progress.linkCreated ? (
              'Your first payment link is ready.'
            ) : (
              <Link to="/dashboard/create-link" className="font-medium text-brand-700 underline">
                Create a Link
              </Link>
            )}
          </Step>
          <Step number={3} done={progress.linkSent} title="Send your first payment link">
            {progress.linkSent ? (
              'You have sent your first payment link.'
            ) : (
              <Link to="/dashboard/send-link" className="font-medium text-brand-700 underline">
                Send a Link
              </Link>
            )}
          </Step>
        </ol>
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Dismiss Launch Pad?</DialogTitle>
          <DialogDescription className="mt-2">
            Not every step is complete yet. The Launch Pad will not be shown again in this browser.
          </DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={dismiss}>Dismiss</Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Step({
  number,
  done,
  title,
  children,
}: {
  number: number;
  done: boolean;
  title: string;
  children: ReactNode;
}) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3">
      <Icon
        className={done ? 'mt-0.5 h-5 w-5 shrink-0 text-green-600' : 'mt-0.5 h-5 w-5 shrink-0 text-slate-400'}
        aria-hidden
      />
      <div>
        <p className="font-medium">
          {number}. {title} <span className="sr-only">{done ? '(done)' : '(to do)'}</span>
        </p>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}
