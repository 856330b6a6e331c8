/**
 * V8 flags the server sets on itself once it knows its database
 * (docs/decisions/0110-v8-flags-by-database.md). On the embedded database, PostgreSQL runs as
 * WebAssembly, and `--liftoff-only` keeps it on V8's baseline compiler: about 60 MB less memory for
 * some CPU (docs/decisions/0079-v8-sized-for-a-small-server.md). On PostgreSQL (DATABASE_URL) nothing
 * runs as WebAssembly, so no such flag is set. The old-generation cap is a start-up flag and stays in
 * `npm run serve` for both.
 */
import v8 from 'node:v8';
import type { Config } from './config.js';

/** The V8 flags for this configuration: `['--liftoff-only']` without DATABASE_URL, else none. */
export function v8FlagsFor(config: Pick<Config, 'databaseUrl'>): string[] {
  return config.databaseUrl ? [] : ['--liftoff-only'];
}

/**
 * Sets v8FlagsFor(config) on this process. Call it before the embedded database is loaded: the flag
 * governs how WebAssembly compiled after it is compiled (Node's v8.setFlagsFromString; measured to
 * match the same flag given to `node`, decision 0110).
 */
export function applyV8Flags(config: Pick<Config, 'databaseUrl'>): void {
  for (const flag of v8FlagsFor(config)) v8.setFlagsFromString(flag);
}
