import { type ChangeEvent, type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Input } from '@/components/ui/input';
import { digitsOf } from './card-entry';

type FormattedInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (formatted: string) => void;
  /** Turns what was typed or pasted into what the box shows ("4242424242424242" → "4242 4242 4242 4242"). */
  format: (typed: string) => string;
  ref?: (element: HTMLInputElement | null) => void;
};

/** Where the caret goes in `formatted` so that it stays after the same number of digits. */
function caretAfterDigits(formatted: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (const [index, char] of [...formatted].entries()) {
    if (/\d/.test(char)) seen += 1;
    if (seen === digits) return index + 1;
  }
  return formatted.length;
}

/**
 * A text box that formats as the patient types, keeping the caret where it was among the digits, so
 * mending a digit in the middle of a card number does not throw the caret to the end.
 */
export function FormattedInput({ value, onValueChange, format, ref, ...props }: FormattedInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    let typed = event.target.value;
    let at = event.target.selectionStart ?? typed.length;
    // Backspace over a space or ' / ' that formatting put there takes the digit before it, or the
    // box would put the separator straight back and Backspace would seem stuck.
    const backspace = (event.nativeEvent as InputEvent).inputType === 'deleteContentBackward';
    if (backspace && digitsOf(typed) === digitsOf(value)) {
      const digitBefore = [...typed.slice(0, at)].findLastIndex((char) => /\d/.test(char));
      if (digitBefore >= 0) {
        typed = typed.slice(0, digitBefore) + typed.slice(digitBefore + 1);
        at = digitBefore;
      }
    }
    const formatted = format(typed);
    caret.current =
      at >= typed.length
        ? formatted.length
        : caretAfterDigits(formatted, digitsOf(typed.slice(0, at)).length);
    onValueChange(formatted);
  };

  return (
    <Input
      {...props}
      ref={(element) => {
        input.current = element;
        ref?.(element);
      }}
      value={value}
      onChange={onChange}
    />
  );
}
