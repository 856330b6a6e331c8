import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new migration into ./drizzle from the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
