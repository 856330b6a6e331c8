/**
 * A stand-in for Stripe.js in jsdom tests. Stripe.js is only served from js.stripe.com, which no test
 * may reach (decision 0062), so these tests drive our adapter through the documented surface: elements(),
 * element create/mount/on, confirmCardPayment, createPaymentMethod and their documented result shapes.
 */
import type { Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';

type Handler = (event: unknown) => void;

export interface FakeElement {
  type: string;
  options: Record<string, unknown>;
  handlers: Map<string, Handler[]>;
  emit(event: string, payload?: unknown): void;
  focus: ReturnType<typeof vi.fn>;
}

export function fakeStripe() {
  const created: FakeElement[] = [];
  const groupOptions: unknown[] = [];
  const elements = {
    create: vi.fn((type: string, options: Record<string, unknown> = {}) => {
      const handlers = new Map<string, Handler[]>();
      const element = {
        type,
        options,
        handlers,
        emit(event: string, payload?: unknown) {
          for (const handler of handlers.get(event) ?? []) handler(payload);
        },
        mount: vi.fn(),
        destroy: vi.fn(),
        update: vi.fn(),
        // Stripe's element.focus(): puts focus in the element's iframe.
        focus: vi.fn(),
        on(event: string, handler: Handler) {
          handlers.set(event, [...(handlers.get(event) ?? []), handler]);
          return element;
        },
        off(event: string, handler: Handler) {
          handlers.set(
            event,
            (handlers.get(event) ?? []).filter((candidate) => candidate !== handler),
          );
          return element;
        },
      };
      created.push(element);
      return element;
    }),
    // By type, or by the React component for it (react-stripe-js's CardElement names its type).
    getElement: vi.fn((type: string | { __elementType: string }) => {
      const wanted = typeof type === 'string' ? type : type.__elementType;
      return created.find((element) => element.type === wanted) ?? null;
    }),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
  };
  const stripe = {
    elements: vi.fn((options: unknown) => {
      groupOptions.push(options);
      return elements;
    }),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_wallet_1' } })),
    confirmCardPayment: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
  };
  return {
    stripe: stripe as unknown as Stripe,
    calls: stripe,
    elements,
    groupOptions,
    element: (type: string) => created.find((element) => element.type === type),
    /**
     * The element of `type` once react-stripe-js has made it and listens for `event`. It makes its
     * Elements in one effect and attaches each handler in another, which React's act runs before the
     * render returns and Preact runs a little later (the web-payment project), so a test that emits an
     * element's event waits for that event's handler first; an event emitted before it is lost.
     */
    mounted: (type: string, event: string) =>
      vi.waitFor(() => {
        const element = created.find((candidate) => candidate.type === type);
        if (!element) throw new Error(`react-stripe-js has not made the ${type} Element yet`);
        if (!element.handlers.get(event)?.length) {
          throw new Error(`react-stripe-js does not listen for the ${type} Element's ${event} yet`);
        }
        return element;
      }),
  };
}
