/**
 * The web-payment Vitest project runs the payment pages' tests on Preact, as the payment build ships
 * them (decision 0115): vitest.config.ts gives it the build's aliases, and this applies the build's one
 * patch, as payment-main.tsx does.
 */
import './lib/preact-ref-as-prop';
import { version } from 'react';

// preact/compat says which React it stands in for (18.x); React itself is 19. Fails every file of the
// project if the aliases stop reaching the code under test.
if (!version.startsWith('18.'))
  throw new Error(`The web-payment project runs on React ${version}, not Preact`);
