import { type PublicPaymentData, publicPaymentDataSchema } from '@clinicpay/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './compiled-serializer.js';

const schemaOf = (schema: unknown) => ({ schema, method: 'GET', url: '/probe', httpStatus: '200' });

const open: PublicPaymentData = {
  id: '95a04a43-66e4-4d28-a9c2-913ed41cff1b',
  amount: 4500,
  title: 'Consultation "initial" \u00e9',
  type: 'deposit',
  isRequest: false,
  patientName: null,
  patientEmail: null,
  patientPhone: null,
  payability: 'payable',
  clinic: {
    id: 'fb3df141-30c5-4ad7-b2ad-5e274c867b7e',
    name: 'Harley Street Dental',
    logo: null,
    email: 'clinic@example.com',
    phone: null,
    address: null,
    stripeStatus: 'connected',
    cardStatementText: 'CLINICPAY* HARLEY',
    emailsReceipts: true,
  },
  description: null,
  message: null,
  clinicReference: null,
  cardOnFile: null,
  deposit: null,
  securesAppointment: false,
  closedNote: null,
  terms: null,
};

const filled: PublicPaymentData = {
  ...open,
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

describe('compiledSerializer (decision 0131)', () => {
  const compiled = compiledSerializer(schemaOf(publicPaymentDataSchema));
  const zod = serializerCompiler(schemaOf(publicPaymentDataSchema) as never) as (data: unknown) => string;

  it('writes what the zod serializer writes, with every nullable empty or filled', () => {
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
