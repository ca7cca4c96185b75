import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { hasBody } from './request-body';
import { readWebServerSettings, type WebServerSettings } from './settings';

/**
 * What a slow or greedy client may hold at the edge, as nginx bounds it (client_header_timeout,
 * client_body_timeout, keepalive_timeout, worker_connections, limit_conn per address).
 */
export interface EdgeLimits {
  /** From a connection's start (or a request's first byte) to the end of its headers. */
  headerTimeoutMs: number;
  /** The longest pause between two pieces of a request body. */
  bodyTimeoutMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections at most. */
  maxConnections: number;
  /** Open connections from one peer address at most (a trusted proxy's are not counted). */
  maxConnectionsPerAddress: number;
}

/** The limits the web server's settings give (HEADER_TIMEOUT_SECONDS and the rest). */
export function edgeLimitsFrom(settings: WebServerSettings): EdgeLimits {
  return {
    headerTimeoutMs: settings.headerTimeoutSeconds * 1000,
    bodyTimeoutMs: settings.bodyTimeoutSeconds * 1000,
    keepAliveTimeoutMs: settings.keepAliveTimeoutSeconds * 1000,
    maxConnections: settings.maxConnections,
    maxConnectionsPerAddress: settings.maxConnectionsPerAddress,
  };
}

/** The settings' defaults: what a server built without limits of its own gets. */
export const DEFAULT_EDGE_LIMITS: EdgeLimits = edgeLimitsFrom(readWebServerSettings({}));

/**
 * Node's own timers for the header and keep-alive limits: the header timeout counts from the
 * connection's start, so a socket that never sends a byte (half-open) is closed too (408). Checked
 * every quarter of it, at most every second, so a connection lives at most 1.25 times the limit.
 */
export function edgeServerOptions(limits: EdgeLimits): ServerOptions {
  return {
    headersTimeout: limits.headerTimeoutMs,
    // No limit on a whole request: a long upload that keeps moving is fine (the body timeout judges pauses).
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headerTimeoutMs / 4))),
  };
}

/** The connections a new one may push out: not in the middle of a request, oldest first. */
class OldestFirst {
  private readonly sockets = new Set<Socket>();
  get size(): number {
    return this.sockets.size;
  }
  /** (Re)joins at the young end: a connection that just finished an answer is the last to go. */
  add(socket: Socket): void {
    this.sockets.delete(socket);
    this.sockets.add(socket);
  }
  delete(socket: Socket): void {
    this.sockets.delete(socket);
  }
  oldest(): Socket | undefined {
    return this.sockets.values().next().value;
  }
}

interface AddressCount {
  open: number;
  sheddable: OldestFirst;
}

/** What the guard did, for logs and tests. */
export interface EdgeCounts {
  open: number;
  /** Idle or slow connections closed to make room for a new one. */
  shed: number;
  /** New connections closed at once: every open one was busy answering. */
  refused: number;
}

/**
 * Keeps room for real visitors: at the cap (overall, or for one address) a new connection closes
 * the oldest connection that is idle or still sending its request (a slowloris, a forgotten
 * keep-alive), never one whose request is being answered; only when all are busy is the new one
 * closed. The body timeout closes a request whose body stops arriving. A peer that is a trusted
 * proxy carries many visitors: its connections count toward the overall cap only.
 */
export function guardConnections(
  server: Server,
  limits: EdgeLimits,
  trusted: (address: string) => boolean,
): () => EdgeCounts {
  const counts: EdgeCounts = { open: 0, shed: 0, refused: 0 };
  const openSockets = new Set<Socket>();
  const sheddable = new OldestFirst();
  const byAddress = new Map<string, AddressCount>();
  const addressOf = new WeakMap<Socket, AddressCount>();

  const forget = (socket: Socket) => {
    if (!openSockets.delete(socket)) return;
    counts.open -= 1;
    sheddable.delete(socket);
    const entry = addressOf.get(socket);
    if (!entry) return;
    entry.open -= 1;
    entry.sheddable.delete(socket);
    if (entry.open === 0) byAddress.delete(socket.remoteAddress ?? '');
  };
  const makeRoom = (candidates: OldestFirst): boolean => {
    const oldest = candidates.oldest();
    if (!oldest) return false;
    counts.shed += 1;
    forget(oldest);
    oldest.destroy();
    return true;
  };
  const refuse = (socket: Socket) => {
    counts.refused += 1;
    socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const counted = trusted(address) ? undefined : byAddress.get(address);
    if (counted && counted.open >= limits.maxConnectionsPerAddress && !makeRoom(counted.sheddable))
      return refuse(socket);
    if (counts.open >= limits.maxConnections && !makeRoom(sheddable)) return refuse(socket);
    if (!trusted(address)) {
      const entry = byAddress.get(address) ?? { open: 0, sheddable: new OldestFirst() };
      byAddress.set(address, entry);
      entry.open += 1;
      entry.sheddable.add(socket);
      addressOf.set(socket, entry);
    }
    openSockets.add(socket);
    counts.open += 1;
    sheddable.add(socket);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    if (!openSockets.has(socket)) return;
    sheddable.delete(socket);
    addressOf.get(socket)?.sheddable.delete(socket);
    let bodyTimer: NodeJS.Timeout | null = null;
    if (hasBody(req)) {
      // Reset by every piece that arrives; a socket paused by this server (the API reads slowly) is not the client's pause.
      bodyTimer = setTimeout(function pause() {
        if (req.complete) return;
        if (socket.isPaused()) bodyTimer = setTimeout(pause, limits.bodyTimeoutMs);
        else socket.destroy();
      }, limits.bodyTimeoutMs);
      const moved = () => bodyTimer?.refresh();
      socket.on('data', moved);
      req.once('end', () => clearTimeout(bodyTimer!));
      res.once('close', () => {
        clearTimeout(bodyTimer!);
        socket.off('data', moved);
      });
    }
    res.once('close', () => {
      if (socket.destroyed || !openSockets.has(socket)) return;
      sheddable.add(socket);
      addressOf.get(socket)?.sheddable.add(socket);
    });
  });

  return () => ({ ...counts });
}
