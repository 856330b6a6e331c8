import { messageResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { startMockServer } from '@/testing/app';
import { Providers } from './providers';

let asked = 0;
const server = startMockServer([], () => {
  asked = 0;
});

/** A page's read through the app's own query cache, showing what it got or why not. */
function Probe() {
  const read = useQuery({
    queryKey: ['probe'],
    queryFn: () => apiRequest('/probe', { schema: messageResponseSchema }),
  });
  if (read.isPending) return <p>Loading...</p>;
  return <p>{read.isError ? read.error.message : read.data.message}</p>;
}

describe("the app's query cache", () => {
  it('shows a refusal of the server at once, having asked once (no retries seconds apart)', async () => {
    server.use(
      http.get('/api/probe', () => {
        asked += 1;
        return HttpResponse.json(
          { code: 'CLINIC_NOT_CONNECTED', message: 'Connect your payment provider first.' },
          { status: 409 },
        );
      }),
    );
    render(
      <Providers>
        <Probe />
      </Providers>,
    );
    // findBy waits 1 s: TanStack Query's default would have asked again after 1, 2 and 4 s.
    expect(await screen.findByText('Connect your payment provider first.')).toBeTruthy();
    expect(asked).toBe(1);
  });
});
