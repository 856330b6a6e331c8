/** Switching gateways is configuration only: nothing outside src/gateway imports the Stripe SDK. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_SOURCE = path.resolve(import.meta.dirname, '..');
const GATEWAY_FOLDER = path.resolve(import.meta.dirname);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the gateway boundary', () => {
  it('keeps every import of stripe inside the gateway folder', () => {
    const importsStripe =
      /from\s+['"]stripe(\/[^'"]*)?['"]|import\(\s*['"]stripe['"]\s*\)|require\(\s*['"]stripe['"]\s*\)/;
    const webSource = path.resolve(SERVER_SOURCE, '../../web/src');
    const offenders = [...sourceFiles(SERVER_SOURCE), ...sourceFiles(webSource)]
      .filter((file) => !file.startsWith(GATEWAY_FOLDER + path.sep))
      .filter((file) => importsStripe.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
