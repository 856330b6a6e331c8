import { type PublicPaymentData, publicPaymentDataSchema } from '@clinicpay/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectedClinicWithLink } from '../../test/sandbox.js';
import { createTestApp } from '../../test/test-app.js';
import { compiledSerializer } from './compiled-serializer.js';

const schemaOf = (schema: unknown) => ({ schema, method: 'GET', url: '/probe', httpStatus: '200' });

/** The answer the payment page gets for a new clinic's link: every nullable empty. */
let open: PublicPaymentData;
/** The same answer with every nullable filled, and text that JSON must escape. */
let filled: PublicPaymentData;

beforeAll(async () => {
  const app = await createTestApp();
  try {
    const { linkId } = await connectedClinicWithLink(app);
    open = (await app.inject({ url: `/api/public/payments/${linkId}` })).json();
  } finally {
    await app.close();
  }
  filled = {
    ...open,
    title: 'Consultation "initial" \u00e9',
    isRequest: true,
    patientName: 'Ada Lovelace',
    patientEmail: 'ada@example.com',
    patientPhone: '+447700900123',
    clinic: {
      ...open.clinic,
      logo: '/api/logos/x.png',
      phone: '020 7946 0000',
      address: '1 Harley St\nLondon',
    },
    description: 'Line one\nline two',
    message: 'See you soon',
    clinicReference: 'REF-1',
    cardOnFile: [],
    deposit: { treatmentTotal: 20000, balanceDue: 15500 },
    closedNote: 'Call us',
    terms: { id: 'e0c1a7c2-64f3-4b0e-8a58-2c52a6b1d0c1', version: 3, text: 'Terms </script>' },
  };
});

describe('compiledSerializer (decision 0131)', () => {
  const compiled = compiledSerializer(schemaOf(publicPaymentDataSchema));
  const zod = serializerCompiler(schemaOf(publicPaymentDataSchema) as never) as (data: unknown) => string;

  it('writes what the zod serializer writes, with every nullable empty or filled', () => {
    expect(open.patientName).toBeNull();
    for (const data of [open, filled]) {
      expect(JSON.parse(compiled(data))).toEqual(JSON.parse(zod(data)));
      expect(JSON.parse(compiled(data))).toEqual(data);
    }
  });

  it('leaves out every property the schema does not name, at any depth', () => {
    const leaky = { ...open, stripeAccountId: 'acct_secret', clinic: { ...open.clinic, ownerId: 'user_1' } };
    const written = JSON.parse(compiled(leaky));
    expect(written).toEqual(open);
    expect(JSON.stringify(written)).not.toMatch(/acct_secret|user_1/);
  });

  it('throws for an answer missing a required property', () => {
    const { title: _, ...missing } = open;
    expect(() => compiled(missing)).toThrow(/title/);
  });

  it('refuses at start-up a schema that is not zod, or one JSON Schema cannot express', () => {
    expect(() => compiledSerializer(schemaOf({ type: 'object' }))).toThrow(/zod response schema/);
    expect(() => compiledSerializer(schemaOf(z.object({ at: z.date() })))).toThrow();
  });
});
