import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/**
 * A search box searched on the server: tells its parent the trimmed text once typing pauses for
 * 300 ms. `label` names it for screen readers (the placeholder shows what it matches).
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
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);
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
