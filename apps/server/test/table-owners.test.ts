/**
 * Each table has one owning module, which alone writes it; a write from another module is either made
 * through the owner's index.ts or listed, with its reason, under "Writes across owners" in
 * docs/ARCHITECTURE.md. This test reads every module's source for inserts, updates and deletes (Drizzle's
 * `.insert(table)`, `.update(table)`, `.delete(table)` and SQL's `insert into`, `update`, `delete from`)
 * and holds the writes across owners equal to that list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';

const MODULES = fileURLToPath(new URL('../src/modules/', import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL('../../../docs/ARCHITECTURE.md', import.meta.url));

/** Each table ClinicPay's modules write, and the module that owns it. */
const OWNERS: Record<string, string> = {
  users: 'auth',
  accounts: 'auth',
  sessions: 'auth',
  verifications: 'auth',
  clinics: 'clinics',
  audit_log: 'audit',
  contact_messages: 'contact',
  disputes: 'disputes',
  dispute_evidence_files: 'disputes',
  fraud_warnings: 'disputes',
  payment_links: 'links',
  notifications: 'notifications',
  patients: 'patients',
  payments: 'payments',
  failed_payment_attempts: 'payments',
  payouts: 'payouts',
  payout_lines: 'payouts',
  platform_settings: 'platform-settings',
  system_settings: 'platform-settings',
  clinic_policies: 'policies',
  clinic_terms: 'policies',
  terms_acceptances: 'policies',
  refunds: 'refunds',
  payment_requests: 'requests',
  card_consents: 'saved-cards',
  card_charges: 'saved-cards',
  card_customers: 'saved-cards',
  saved_cards: 'saved-cards',
  webhook_events: 'webhooks',
  team_invitations: 'team',
};

/** The schema's tables by their Drizzle name (`paymentRequests` → 'payment_requests'). */
const TABLES = new Map(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)]] : [],
  ),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every write found: the writing module, the table and where. */
function writes(): Array<{ module: string; table: string; at: string }> {
  const found: Array<{ module: string; table: string; at: string }> = [];
  for (const file of sourceFiles(MODULES)) {
    const module = relative(MODULES, file).split('/')[0] ?? '';
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = TABLES.get(match[1] ?? '');
      if (table) found.push({ module, table, at: relative(MODULES, file) });
    }
    for (const match of text.matchAll(
      /\b(?:insert into|update|delete from)\s+"?([a-z_]+)"?\s+(?:as\s+\w+\s+)?(?:set|values|\(|where|\w+\s+set)/gi,
    )) {
      const table = match[1] ?? '';
      if (OWNERS[table]) found.push({ module, table, at: relative(MODULES, file) });
    }
  }
  return found;
}

/** The rows of ARCHITECTURE's "Writes across owners" table: writer, table, reason. */
function listedCrossWrites(): Array<{ module: string; table: string; reason: string }> {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const section = text.split('### Writes across owners')[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| [a-z-]+ \| `[a-z_]+` \|/.test(line))
    .map((line) => {
      const [, module = '', table = '', reason = ''] = line.split('|').map((cell) => cell.trim());
      return { module, table: table.replaceAll('`', ''), reason };
    });
}

describe('table owners', () => {
  const found = writes();

  it('finds the writes (the scan reads what it should)', () => {
    expect(found).toContainEqual(expect.objectContaining({ module: 'requests', table: 'payment_requests' }));
    expect(found).toContainEqual(expect.objectContaining({ module: 'payments', table: 'payments' }));
    expect(found.length).toBeGreaterThan(40);
  });

  it('knows the owner of every table a module writes', () => {
    expect(found.filter(({ table }) => !OWNERS[table]).map(({ table, at }) => `${table} (${at})`)).toEqual(
      [],
    );
  });

  it('lists, with a reason, each write across owners in docs/ARCHITECTURE.md, and only those', () => {
    const listed = listedCrossWrites();
    for (const row of listed) expect(row.reason.length, `${row.module} → ${row.table}`).toBeGreaterThan(20);
    const crossing = [
      ...new Set(
        found
          .filter(({ module, table }) => OWNERS[table] !== module)
          .map(({ module, table }) => `${module} → ${table}`),
      ),
    ].sort();
    expect(crossing).toEqual(listed.map(({ module, table }) => `${module} → ${table}`).sort());
  });
});
