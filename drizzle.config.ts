// drizzle-kit generates SQL migrations from the tables; they are reviewed, committed and applied at start-up.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
