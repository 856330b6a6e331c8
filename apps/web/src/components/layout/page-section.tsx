import type { ReactNode } from 'react';

/** The frame of a text page: a heading, an optional lead paragraph, then the content. */
export function PageSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      {lead ? <p className="mt-4 text-lg text-slate-600">{lead}</p> : null}
      <div className="mt-8 space-y-6 text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc">
        {children}
      </div>
    </section>
  );
}
