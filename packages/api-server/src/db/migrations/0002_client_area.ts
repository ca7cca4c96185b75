import { sql, type Kysely, type Migration } from 'kysely';

/** Workspaces, projects, links, contact messages, billing. */
export const m0002_client_area: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspaces')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('workspaces_owner_idx').on('workspaces').column('owner_id').execute();

    await db.schema
      .createTable('projects')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('planning')
          .check(sql`status in ('planning', 'active', 'on_hold', 'completed')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('projects_workspace_idx').on('projects').column('workspace_id').execute();

    await db.schema
      .createTable('links')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('links_workspace_idx').on('links').column('workspace_id').execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('plan_name', 'text', (c) => c.notNull())
      .addColumn('price_zar', 'integer', (c) => c.notNull())
      .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('month', 'year')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
      .addColumn('amount_zar', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'open', 'void')`))
      .execute();
    await db.schema.createIndex('invoices_user_idx').on('invoices').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['invoices', 'subscriptions', 'contact_messages', 'links', 'projects', 'workspaces']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
