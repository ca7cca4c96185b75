import type { User } from '@kloof/api-contract';

/**
 * A user as the API sends one (every field present), with the facts a test cares about on top.
 * The contract's User has no optional fields but settings, so fixtures build from this one.
 */
export function aUser(facts: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'user@example.com',
    username: 'user',
    fullName: '',
    company: '',
    phone: '',
    roles: [],
    verified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...facts,
  };
}
