import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A grey block where content will be; still for people who ask for less motion. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('rounded bg-slate-200 motion-safe:animate-pulse', className)} />;
}

/**
 * The payment form's shape while it loads, with the loading text announced (docs/product.md#payment-page).
 */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-slate-700">
        {label}
      </p>
      {['w-24', 'w-16', 'w-40'].map((width) => (
        <div key={width} className="flex flex-col gap-1.5">
          <Skeleton className={cn('h-4', width)} />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/**
 * The payment page's layout in grey while its data loads: summary, form, then reassurance
 * (decision 0024).
 */
export function PaymentPageSkeleton({ label }: { label: string }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2 md:grid-rows-[auto_1fr] md:items-start">
      <Card className="md:col-start-1 md:row-start-1">
        <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="flex items-center gap-4">
            <Skeleton className="h-10 w-10 rounded-full md:h-14 md:w-14" />
            <Skeleton className="h-5 w-40" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-32 self-end" />
        </CardContent>
      </Card>
      <Card className="md:col-start-2 md:row-start-1 md:row-span-2">
        <CardHeader className="p-4 sm:p-6">
          <Skeleton className="h-6 w-48" />
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <FormSkeleton label={label} />
        </CardContent>
      </Card>
      <Card className="md:col-start-1 md:row-start-2">
        <CardContent className="flex flex-col gap-3 p-4 sm:p-6">
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </CardContent>
      </Card>
    </div>
  );
}
