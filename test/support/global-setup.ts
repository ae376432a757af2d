import { openDatabase } from '../../lib/db/client.js';

/** With a real PostgreSQL, migrate once before the workers start; embedded runs migrate per file. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: '.data' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
