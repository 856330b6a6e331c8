/** The V8 flags by database (docs/decisions/0110-v8-flags-by-database.md). */
import { describe, expect, it } from 'vitest';
import { v8FlagsFor } from './v8-flags.js';

describe('the V8 flags the server sets on itself', () => {
  it('keeps the embedded database’s WebAssembly on the baseline compiler, and sets nothing on PostgreSQL', () => {
    expect(v8FlagsFor({ databaseUrl: undefined })).toEqual(['--liftoff-only']);
    expect(v8FlagsFor({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/clinicpay' })).toEqual([]);
  });
});
