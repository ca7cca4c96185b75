import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/** `SELECT`, `INSERT`, `BEGIN`…: what a span is named by (the statement itself is an attribute). */
function operationOf(sqlText: string): string {
  return /^\s*([A-Za-z]+)/.exec(sqlText)?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * Each query run within a request becomes a span under the request's: the statement as compiled,
 * with `$1` where each value goes (values can be personal data: they are never recorded, nor an
 * error's message, which may quote them). Queries outside a request (migrations, jobs) make none.
 */
async function tracedQuery<R>(
  tracer: Tracer,
  connection: DatabaseConnection,
  compiled: CompiledQuery,
): Promise<QueryResult<R>> {
  if (!trace.getActiveSpan()) return connection.executeQuery<R>(compiled);
  const span = tracer.startSpan(operationOf(compiled.sql), {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system': 'postgresql', 'db.statement': compiled.sql },
  });
  try {
    return await context.with(trace.setSpan(context.active(), span), () => connection.executeQuery<R>(compiled));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR, ...(typeof code === 'string' ? { message: code } : {}) });
    throw error;
  } finally {
    span.end();
  }
}

/** The connection as the driver made it, but for queries that go through a span. */
function tracedConnection(tracer: Tracer, connection: DatabaseConnection): DatabaseConnection {
  return new Proxy(connection, {
    get(target, key) {
      if (key === 'executeQuery') return (compiled: CompiledQuery) => tracedQuery(tracer, target, compiled);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The same dialect, its queries traced: one path for PGlite and PostgreSQL (no driver instrumentation). */
export function tracedDialect(dialect: Dialect, tracer: Tracer): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return new Proxy(driver, {
        get(target, key) {
          if (key === 'acquireConnection')
            return async () => tracedConnection(tracer, await target.acquireConnection());
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
}
