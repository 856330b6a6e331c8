/**
 * Toasts carried across a full page load (decision 0127): the public site (site.html) and the signed-in
 * app (index.html) are two apps, so a sign-in that says 'Signed in successfully' and moves on to the
 * dashboard loads a new page, which would drop the toast. The site keeps the toasts on screen in
 * sessionStorage as it leaves; the app it leads to shows them again when it starts.
 */
import { toast } from 'sonner';

const KEY = 'carriedToasts';
const TYPES = ['success', 'info', 'warning', 'error'] as const;
type CarriedType = (typeof TYPES)[number];
interface Carried {
  type: CarriedType;
  message: string;
}

/** Keeps the toasts on screen (those with a text title) for the next page load of this tab. */
export function carryToasts() {
  const carried: Carried[] = [];
  for (const shown of toast.getToasts()) {
    if ('dismiss' in shown && shown.dismiss) continue;
    const type = 'type' in shown ? shown.type : undefined;
    const title = 'title' in shown ? shown.title : undefined;
    if (typeof title === 'string' && TYPES.includes(type as CarriedType))
      carried.push({ type: type as CarriedType, message: title });
  }
  try {
    if (carried.length > 0) sessionStorage.setItem(KEY, JSON.stringify(carried));
  } catch {
    // Storage refused (private mode, full): the toast is lost, as it was before this existed.
  }
}

/** Shows again, once, the toasts the page before kept. */
export function showCarriedToasts() {
  let carried: Carried[] = [];
  try {
    carried = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const { type, message } of carried) {
    if (TYPES.includes(type) && typeof message === 'string') toast[type](message);
  }
}
