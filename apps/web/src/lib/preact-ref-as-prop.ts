/**
 * The payment build runs on Preact (decision 0115), which needs one patch to behave as React 19 does,
 * applied by importing this module first: the payment entry (payment-main.tsx) and the tests that run the
 * payment pages on Preact (the web-payment Vitest project) both do.
 *
 * React 19 hands `ref` to a function component as a prop, and components/ui relies on it (Input
 * spreads its props, ref included, onto its <input>, which is how react-hook-form reaches the field).
 * Preact 10 keeps a ref off a function component's props unless the component is wrapped in
 * forwardRef, so this moves it there, as React 19 does. Class components keep theirs.
 */
import { options } from 'preact';

const nextVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const type: unknown = vnode.type;
  if (typeof type === 'function' && !type.prototype?.render && vnode.ref) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null;
  }
  nextVnodeHook?.(vnode);
};
