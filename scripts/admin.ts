import { parseArgs } from 'node:util';
import {
  createAccount,
  createApiKey,
  getAccount,
  grantCredits,
  revokeApiKey,
  setAutoRecharge,
  setPlan,
} from '../lib/auth/accounts.js';
import { type Plan, planNames } from '../lib/auth/plans.js';
import { openDatabase } from '../lib/db/client.js';
import { parseConfig } from '../lib/env.js';
import { releaseStaleHolds } from '../lib/ledger/index.js';

const usage = `npm run admin -- <command> [options]

  create-account --name <name> [--plan free|hobby|professional|business] [--credits <n>]
                 creates an account and its first key (the key is shown once)
  create-key     --account <acc_id> [--name <label>]
  grant          --account <acc_id> --credits <n>        (negative n takes credits away)
  set-plan       --account <acc_id> --plan <plan>
  auto-recharge  --account <acc_id> --credits <n|0>     (0 turns it off)
  revoke         --key <key_id or the key itself>
  show           --account <acc_id>
  sweep-holds    releases holds whose process died

Uses DATABASE_URL, or the embedded database in DATA_DIR (default .data).`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function toPlan(value: string | undefined, fallback: Plan): Plan {
  const plan = (value ?? fallback) as Plan;
  if (!planNames.includes(plan)) fail(`unknown plan "${value}"`);
  return plan;
}

function toInt(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isInteger(parsed)) fail(`--${name} must be an integer`);
  return parsed;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      credits: { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (!command) fail('missing command');
  const config = parseConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const account = () => values.account ?? fail('--account is required');
  try {
    switch (command) {
      case 'create-account': {
        const plan = toPlan(values.plan, 'free');
        const credits = values.credits === undefined ? undefined : toInt(values.credits, 'credits');
        const { id } = await createAccount(db, {
          name: values.name ?? fail('--name is required'),
          plan,
          credits: credits ?? (await import('../lib/auth/plans.js')).plans[plan].allowance,
        });
        const issued = await createApiKey(db, id);
        console.log(JSON.stringify({ account_id: id, key_id: issued.id, api_key: issued.key }, null, 2));
        break;
      }
      case 'create-key': {
        const issued = await createApiKey(db, account(), { name: values.name });
        console.log(JSON.stringify({ key_id: issued.id, api_key: issued.key }, null, 2));
        break;
      }
      case 'grant': {
        const balance = await grantCredits(db, account(), toInt(values.credits, 'credits'));
        if (balance === null) fail('no such account');
        console.log(JSON.stringify({ balance }));
        break;
      }
      case 'set-plan':
        if (!(await setPlan(db, account(), toPlan(values.plan, 'free')))) fail('no such account');
        console.log('ok');
        break;
      case 'auto-recharge': {
        const credits = toInt(values.credits, 'credits');
        if (!(await setAutoRecharge(db, account(), credits > 0 ? credits : null))) fail('no such account');
        console.log('ok');
        break;
      }
      case 'revoke':
        if (!(await revokeApiKey(db, values.key ?? fail('--key is required')))) fail('no live key matched');
        console.log('revoked');
        break;
      case 'show':
        console.log(JSON.stringify(await getAccount(db, account()), null, 2));
        break;
      case 'sweep-holds':
        console.log(JSON.stringify({ released: await releaseStaleHolds(db) }));
        break;
      default:
        fail(`unknown command "${command}"`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
