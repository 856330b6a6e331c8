import { ADMIN_MESSAGES } from '@clinicpay/shared';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/** 'Search clinics...' by name or email; tells its parent the trimmed text once typing pauses. */
export function ClinicSearch({
  id,
  value,
  onSearch,
}: {
  id: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);
  return (
    <div className="relative w-full sm:w-80">
      <Label htmlFor={id} className="sr-only">
        Search clinics by name or email
      </Label>
      <Search className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={ADMIN_MESSAGES.searchPlaceholder}
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
