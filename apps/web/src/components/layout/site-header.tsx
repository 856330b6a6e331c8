import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Brand } from './brand';

/** The public site header with Sign In and Get Started (docs/product.md#public-pages). */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Brand />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <Link to="/sign-in">Sign In</Link>
          </Button>
          <Button asChild>
            <Link to="/sign-up">Get Started</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
