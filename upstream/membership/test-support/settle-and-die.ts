/**
 * A process that dies by SIGKILL in the middle of settling a payment: after the user's membership
 * and the order have been written inside the settlement's transaction, just as the payments
 * ledger is about to be. Used by crash.test.ts, never by the product.
 *
 *   tsx settle-and-die.ts <sqlite file> <order id> <transaction id> <amount fen>
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { openDatabase } from '../../db/database';
import { loadConfig } from '../../platform/config';
import { createOrders } from '../orders';

const [file, orderId, transactionId, amount] = process.argv.slice(2);

const dieBeforeLedger: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'payments') process.kill(process.pid, 'SIGKILL');
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

const db = openDatabase({ databasePath: file }).withPlugin(dieBeforeLedger);
const orders = createOrders({
  db,
  now: () => new Date(),
  config: loadConfig({}).membership,
  provider: null,
  log: () => {},
});
await orders.settle(
  orderId,
  { outTradeNo: orderId, tradeState: 'SUCCESS', transactionId, amountFen: Number(amount) },
  'notification',
);
// Not reached: the process is killed inside the transaction.
process.exit(3);
