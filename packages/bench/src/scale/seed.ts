import type { Shape } from './shape';

/**
 * The SQL that seeds a scale database whose tables the API's migrations made, in the shapes they
 * write (every NOT NULL column given, defaults where the API leaves them). Ids are derived from the
 * row number (md5 as a uuid), so rows refer to each other without joins and a run is repeatable.
 * Seeded users are verified clients whose password hash matches no password (no one signs in as
 * them). The measured client registered through the API; its id is `clientId`.
 */
export function seedStatements(shape: Shape, clientId: string): string[] {
  const at = (n: string) => `timestamptz '2024-01-01 00:00:00+00' + ${n} * interval '1 second'`;
  const uuid = (prefix: string, n: string) => `md5('${prefix}' || ${n})::uuid`;
  const client = `'${clientId}'::uuid`;
  const statuses = `(array['planning', 'active', 'on_hold', 'completed'])[1 + g % 4]`;
  return [
    `insert into users (id, email, username, full_name, company, phone, signup_message, password_hash, roles, verified, created_at, updated_at)
     select ${uuid('scale-user-', 'g')}, 'user' || g || '@scale.example', 'user' || g, 'Person ' || g,
       'Company ' || (g % 997), '', '', '!seeded', '{}', true, ${at('g')}, ${at('g')}
     from generate_series(1, ${shape.users}) g`,
    `insert into workspaces (id, owner_id, name, description, created_at, updated_at)
     select ${uuid('scale-ws-', 'g')}, ${uuid('scale-user-', `(1 + g % ${shape.otherClients})`)}, 'Workspace ' || g,
       'A workspace of another client, seeded for the scale bench', ${at('g')}, ${at('g')}
     from generate_series(1, ${shape.otherRows}) g`,
    `insert into projects (id, workspace_id, name, description, status, created_at, updated_at)
     select ${uuid('scale-project-', 'g')}, ${uuid('scale-ws-', `(1 + g % ${shape.otherRows})`)}, 'Project ' || g,
       'A project of another client, seeded for the scale bench', ${statuses}, ${at('g')}, ${at('g')}
     from generate_series(1, ${shape.otherRows}) g`,
    `insert into links (id, workspace_id, project_id, title, url, created_at)
     select ${uuid('scale-link-', 'g')}, ${uuid('scale-ws-', `(1 + g % ${shape.otherRows})`)}, ${uuid('scale-project-', 'g')},
       'Link ' || g, 'https://example.com/scale/' || g, ${at('g')}
     from generate_series(1, ${shape.otherRows}) g`,
    `insert into workspaces (id, owner_id, name, description, created_at, updated_at)
     select ${uuid('scale-client-ws-', 'g')}, ${client}, 'Workspace ' || lpad(g::text, 5, '0'),
       'One of ten thousand workspaces of the measured client: a description of a typical length', ${at('g')}, ${at('g')}
     from generate_series(1, ${shape.clientItems}) g`,
    `insert into projects (id, workspace_id, name, description, status, created_at, updated_at)
     select ${uuid('scale-client-project-', 'g')}, ${uuid('scale-client-ws-', 'g')}, 'Project ' || lpad(g::text, 5, '0'),
       'One of ten thousand projects of the measured client: a description of a typical length', ${statuses}, ${at('g')}, ${at('g')}
     from generate_series(1, ${shape.clientItems}) g`,
    `insert into links (id, workspace_id, project_id, title, url, created_at)
     select ${uuid('scale-client-link-', 'g')}, ${uuid('scale-client-ws-', 'g')}, ${uuid('scale-client-project-', 'g')},
       'Link ' || lpad(g::text, 5, '0'), 'https://example.com/client/' || g, ${at('g')}
     from generate_series(1, ${shape.clientItems}) g`,
    'analyze',
  ];
}
