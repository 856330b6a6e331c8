/**
 * A component whose code loads when it is first shown (decision 0127), for dialogs: it renders nothing
 * until `isShown(props)` is first true, then loads and renders the component, and keeps rendering it
 * from then on, shown or not, as it would have been from the start (so a dialog closes, and hands focus
 * back, as it always did). Nothing shows while the code loads.
 */
import { type ComponentType, lazy, Suspense, useState } from 'react';

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isShown: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    const shown = isShown(props);
    const [wanted, setWanted] = useState(shown);
    if (shown && !wanted) setWanted(true);
    if (!wanted && !shown) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
