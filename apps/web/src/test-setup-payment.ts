/**
 * The web-payment Vitest project runs the payment pages' tests on Preact, as the payment build ships
 * them (decision 0115): vitest.config.ts gives it the build's aliases, and this applies the build's one
 * patch, as payment-main.tsx does.
 */
import './lib/preact-ref-as-prop';
import { version } from 'react';
import { afterAll } from 'vitest';

// preact/compat says which React it stands in for (18.x); React itself is 19. Fails every file of the
// project if the aliases stop reaching the code under test.
if (!version.startsWith('18.'))
  throw new Error(`The web-payment project runs on React ${version}, not Preact`);

// Preact runs a component's effects after the next frame: requestAnimationFrame, or a 35 ms timeout
// that then cancels the frame (preact/hooks afterNextFrame). A frame a file's last test left waiting
// would fire after the file's jsdom window is gone, where cancelAnimationFrame is undefined, and fail
// the run with an uncaught ReferenceError. Each file waits that timeout out before its window closes.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
