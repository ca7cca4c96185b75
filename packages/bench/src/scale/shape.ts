/** How much the scale bench seeds on one database. */
export interface Shape {
  /** All users, the clients that own the other rows among them. */
  users: number;
  /** Clients that own the other rows (the first `otherClients` users). */
  otherClients: number;
  /** Workspaces, projects and links (each) of the other clients. */
  otherRows: number;
  /** Workspaces, projects and links (each) of the one measured client. */
  clientItems: number;
}

export const SHAPES = {
  postgres: { users: 1_000_000, otherClients: 100_000, otherRows: 1_000_000, clientItems: 10_000 },
  pglite: { users: 100_000, otherClients: 10_000, otherRows: 100_000, clientItems: 10_000 },
} as const satisfies Record<string, Shape>;

export type Database = keyof typeof SHAPES;
