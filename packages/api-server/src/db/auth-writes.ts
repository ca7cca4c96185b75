import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The tables whose rows decide who is signed in and with which roles. */
const AUTH_TABLES = new Set(['users', 'sessions']);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

function touchesAuth(node: RootOperationNode): boolean {
  if (node.kind === 'UpdateQueryNode') return AUTH_TABLES.has(tableName(node.table) ?? '');
  if (node.kind === 'DeleteQueryNode') return node.from.froms.some((from) => AUTH_TABLES.has(tableName(from) ?? ''));
  return false;
}

/**
 * Tells `onWrite` about every UPDATE or DELETE of users or sessions this instance makes, before
 * it is sent and again once it is done: the auth cache never serves what such a write changed,
 * with no need to name every place that writes (sign-out, role change, password change...).
 */
export class AuthWrites implements KyselyPlugin {
  private readonly listeners = new Set<() => void>();
  private readonly pending = new WeakSet<object>();

  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (touchesAuth(args.node)) {
      this.pending.add(args.queryId);
      this.tell();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) {
      this.pending.delete(args.queryId);
      this.tell();
    }
    return args.result;
  }
}
