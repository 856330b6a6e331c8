import { Button } from './button';

/** Previous / 'Page n of m' / Next; renders nothing for a single page. */
export function Pager(props: {
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { label, page, pageCount, onPage } = props;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
