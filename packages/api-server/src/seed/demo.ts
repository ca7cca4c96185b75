import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jsonb, textArray } from '../db/json';
import type { ProjectStatus } from '../db/schema';
import { randomToken } from '../lib/crypto';
import { STARTUP_TURN } from '../lib/passwords';

export interface DemoLogin {
  email: string;
  password: string;
  roles: string[];
  created: boolean;
}

const CLIENTS = [
  { email: 'thandi@demo.kloof.digital', username: 'thandi', fullName: 'Thandi Nkosi', company: 'Fynbos Foods' },
  { email: 'pieter@demo.kloof.digital', username: 'pieter', fullName: 'Pieter van Wyk', company: 'Karoo Logistics' },
  { email: 'amara@demo.kloof.digital', username: 'amara', fullName: 'Amara Okafor', company: 'Table Bay Tours' },
];

const WORKSPACES: {
  name: string;
  description: string;
  projects: { name: string; status: ProjectStatus }[];
  links: { title: string; url: string }[];
}[] = [
  {
    name: 'Website relaunch',
    description: 'New marketing site and online ordering.',
    projects: [
      { name: 'Design system', status: 'completed' },
      { name: 'Online ordering', status: 'active' },
      { name: 'SEO audit', status: 'planning' },
    ],
    links: [
      { title: 'Staging site', url: 'https://staging.example.com/' },
      { title: 'Design files', url: 'https://example.com/design' },
    ],
  },
  {
    name: 'IoT fleet',
    description: 'Sensors and a dashboard for the delivery fleet.',
    projects: [
      { name: 'Sensor firmware', status: 'on_hold' },
      { name: 'Fleet dashboard', status: 'active' },
    ],
    links: [{ title: 'Device docs', url: 'https://example.com/devices' }],
  },
];

/**
 * Demo data: a few verified clients with workspaces, projects, links and a plan. Passwords are
 * SEED_PASSWORD if given, otherwise random and printed once. Existing demo accounts are left alone.
 * A demo Admin is created only when no ADMIN_EMAIL is configured (ADMIN_* handles that case).
 */
export async function seedDemo(app: FastifyInstance, password?: string): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  const people = [...CLIENTS.map((c) => ({ ...c, roles: [] as string[] }))];
  if (!app.config.adminEmail)
    people.push({
      email: 'admin@demo.kloof.digital',
      username: 'demo-admin',
      fullName: 'Demo Admin',
      company: 'Kloof Digital',
      roles: ['Admin'],
    });

  for (const [index, person] of people.entries()) {
    const existing = await app.db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst();
    if (existing) {
      logins.push({
        email: person.email,
        password: '(unchanged: account already existed)',
        roles: person.roles,
        created: false,
      });
      continue;
    }
    const plain = password ?? randomToken(12);
    const now = app.now();
    const userId = randomUUID();
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email: person.email,
          username: person.username,
          full_name: person.fullName,
          company: person.company,
          phone: '+27 21 555 01' + String(10 + index),
          signup_message: '',
          password_hash: await app.passwords.hash(plain, STARTUP_TURN),
          roles: textArray(person.roles),
          verified: true,
          settings: jsonb({ theme: 'system', newsletter: index % 2 === 0 }),
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (person.roles.length) return;
      for (const w of WORKSPACES) {
        const workspaceId = randomUUID();
        await trx
          .insertInto('workspaces')
          .values({
            id: workspaceId,
            owner_id: userId,
            name: w.name,
            description: w.description,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const projectIds: string[] = [];
        for (const p of w.projects) {
          const id = randomUUID();
          projectIds.push(id);
          await trx
            .insertInto('projects')
            .values({
              id,
              workspace_id: workspaceId,
              name: p.name,
              description: '',
              status: p.status,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        for (const [i, l] of w.links.entries()) {
          await trx
            .insertInto('links')
            .values({
              id: randomUUID(),
              workspace_id: workspaceId,
              project_id: projectIds[i] ?? null,
              title: l.title,
              url: l.url,
              created_at: now,
            })
            .execute();
        }
      }
      await trx
        .insertInto('subscriptions')
        .values({ user_id: userId, plan_name: 'Growth', price_zar: 4999, interval: 'month', created_at: now })
        .execute();
      for (let m = 1; m <= 3; m++) {
        const issued = new Date(now.getTime() - m * 30 * 24 * 3600 * 1000);
        await trx
          .insertInto('invoices')
          .values({
            id: randomUUID(),
            user_id: userId,
            number: `INV-${person.username.toUpperCase()}-${String(m).padStart(4, '0')}`,
            issued_at: issued,
            amount_zar: 4999,
            status: 'paid',
          })
          .execute();
      }
    });
    logins.push({ email: person.email, password: plain, roles: person.roles, created: true });
  }
  return logins;
}

export function printLogins(logins: DemoLogin[], print: (line: string) => void = console.log): void {
  print('Demo logins:');
  for (const l of logins)
    print(`  ${l.email.padEnd(30)} ${l.password}${l.roles.length ? `  (${l.roles.join(', ')})` : ''}`);
}
