/**
 * The patient payment pages' own entry, payment.html: the server answers /payment/{id},
 * /payment/success and /payment/failed with it (apps/server/src/http/web-app.ts), and vite.config.ts
 * builds it on its own, on Preact through preact/compat. A patient's phone downloads the checkout and
 * what it uses, under React Router's declarative BrowserRouter (about half the size of the data router
 * the site uses), and no site providers or session handling (decision 0114). The same pages
 * stay in the site's router (app/router.tsx), on React, for the dev server and links inside the site.
 */
import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PaymentApp } from './app/payment-app';
import './styles.css';

/**
 * React 19 hands `ref` to a function component as a prop, and components/ui relies on it (Input
 * spreads its props, ref included, onto its <input>, which is how react-hook-form reaches the field).
 * Preact 10 keeps a ref off a function component's props unless the component is wrapped in
 * forwardRef, so this build moves it there, as React 19 does. Class components keep theirs.
 */
const nextVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const type: unknown = vnode.type;
  if (typeof type === 'function' && !type.prototype?.render && vnode.ref) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null;
  }
  nextVnodeHook?.(vnode);
};

const container = document.getElementById('root');
if (!container) throw new Error('payment.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <PaymentApp />
    </BrowserRouter>
  </StrictMode>,
);
