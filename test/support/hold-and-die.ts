import { openDatabase } from '../../lib/db/client.js';
import { holdCredits } from '../../lib/ledger/index.js';

/** Takes a hold in its own process, says so, then waits to be killed: a Lambda that died mid-call. */
const [databaseUrl, accountId, apiKeyId] = process.argv.slice(2);
const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '.data' });
await holdCredits(database.db, {
  accountId,
  apiKeyId,
  tool: 'probe',
  requestId: 'req_killed',
  amount: 12,
  ttlSeconds: 1,
});
process.stdout.write('held\n');
setInterval(() => {}, 1000);
