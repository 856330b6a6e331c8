import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { platformSettings } from '../../db/schema/index.js';

describe('GET /api/platform-settings/fee', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(() => app.close());

  const fee = async () => (await app.inject({ url: '/api/platform-settings/fee' })).json();
  const store = (value: string) =>
    app.database.db
      .update(platformSettings)
      .set({ value })
      .where(eq(platformSettings.key, 'platform_fee_percent'));

  it('starts at the seeded 3.0', async () => {
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
  });

  it('shows the stored percent', async () => {
    await store('12.5');
    expect(await fee()).toEqual({ platformFeePercent: '12.5' });
  });

  it('falls back to 3.0 when the setting is missing or unreadable', async () => {
    await store('twelve');
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
    await app.database.db.delete(platformSettings);
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
  });
});
