/**
 * Web component tests (vitest `web` project). `findBy…` and `waitFor` give up after 1 s by default;
 * on a 2-core CI machine running the server suite beside these, a lazily loaded chunk (the payment
 * form's provider, decision 0113) can take longer than that to arrive, so they wait up to 5 s. A test
 * that passes never waits longer than it needs.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
