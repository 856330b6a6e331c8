/**
 * The patient payment pages' own entry, payment.html: the server answers /payment/{id},
 * /payment/success and /payment/failed with it (apps/server/src/http/web-app.ts), and vite.config.ts
 * builds it on its own, on Preact through preact/compat. A patient's phone downloads the checkout and
 * what it uses, under React Router's declarative BrowserRouter (about half the size of the data router
 * the site uses), and no site providers or session handling (decision 0114). The same pages
 * stay in the site's router (app/router.tsx), on React, for the dev server and links inside the site.
 */
import './lib/preact-ref-as-prop';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PaymentApp } from './app/payment-app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('payment.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <PaymentApp />
    </BrowserRouter>
  </StrictMode>,
);
