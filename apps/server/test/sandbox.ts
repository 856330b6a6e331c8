/** Helpers for tests that drive the sandbox gateway through the app. */
import type { FastifyInstance } from 'fastify';
import { isSandbox, type SandboxGateway } from '../src/gateway/index.js';

export function sandboxOf(app: FastifyInstance): SandboxGateway {
  if (!isSandbox(app.gateway)) throw new Error('this test needs the sandbox gateway');
  return app.gateway;
}

/** Presses a button on the sandbox onboarding page, as the browser would post it. */
export function pressOnboardingButton(
  app: FastifyInstance,
  onboardingUrl: string,
  outcome: 'complete' | 'later',
) {
  const url = new URL(onboardingUrl);
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
    payload: new URLSearchParams({
      outcome,
      return_url: String(url.searchParams.get('return_url')),
    }).toString(),
  });
}
