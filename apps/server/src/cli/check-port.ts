/**
 * `npm start` runs this first, from source through tsx: read `.env`, validate the configuration, and
 * make sure HOST:PORT is free, so that a taken port or a bad setting stops `npm start` at once rather
 * than after the build (docs/decisions/0099-a-clean-first-run.md). The server checks again when it
 * starts, before it opens the database. Prints nothing when all is well; otherwise the server's own
 * message (a list of bad settings, or one line such as 'Port 3000 is already in use. Set PORT to
 * another port, e.g. PORT=3001 npm start.') and exit code 1.
 */
import { ConfigError, loadConfig, loadEnvFile } from '../config.js';
import { claimPort, PortUnavailableError } from '../port-check.js';

try {
  loadEnvFile();
  const config = loadConfig();
  await claimPort(config.host, config.port);
} catch (error) {
  const expected = error instanceof ConfigError || error instanceof PortUnavailableError;
  process.stderr.write(`${expected ? (error as Error).message : String(error)}\n`);
  process.exit(1);
}
