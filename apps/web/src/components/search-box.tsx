import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/**
 * A search box searched on the server: tells its parent the trimmed text once typing pauses for
 * 300 ms, and shows a search set from outside (the list opened afresh from the sidebar). `label`
 * names it for screen readers (the placeholder shows what it matches).
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
  maxLength = 200,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (search: string) => void;
  maxLength?: number;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // The search last told to the parent: a `value` other than it was set from outside (a link to the
  // list without a search), and the box then shows it instead of putting its own text back.
  const told = useRef(value);
  useEffect(() => {
    if (value !== told.current) {
      told.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    // Only a settled text is a search: a debounced value behind the box's text is stale.
    if (debounced === text.trim() && debounced !== value) {
      told.current = debounced;
      onSearch(debounced);
    }
  }, [debounced, text, value, onSearch]);
  return (
    <div className="relative w-full sm:w-80">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
