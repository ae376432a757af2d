import { openDatabase } from '../lib/db/client.js';
import { parseConfig } from '../lib/env.js';

/** Applies pending migrations to DATABASE_URL (or the embedded database): run it before a deploy. */
const config = parseConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`migrations applied (${database.driver})`);
} finally {
  await database.close();
}
