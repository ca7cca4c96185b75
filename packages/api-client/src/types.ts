/** Entities of the API (as its schemas define them), shared by every remote. */

export type Role = 'Admin' | 'SuperAdmin';

export interface UserSettings {
  theme: 'light' | 'dark' | 'system';
  newsletter: boolean;
}

export interface User {
  id: string;
  email: string;
  username: string;
  /** Always sent by the API; optional so callers can build a user from fewer facts (tests, fixtures). */
  fullName?: string;
  company?: string;
  phone?: string;
  roles: string[];
  verified: boolean;
  createdAt?: string;
  /** Present when the call asked for include=[settings]. */
  settings?: UserSettings;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface LoginResponse extends Tokens {
  user: User;
}

/** Error body of every failed call: `{ statusCode, message, error, feedback? }`. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /** A JSON string or an object with expiredAt. */
  feedback?: unknown;
}

export interface MessageResponse {
  message: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Workspace {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
  projectCount: number;
}

export const PROJECT_STATUSES = ['planning', 'active', 'on_hold', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export interface Project {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  status: ProjectStatus;
  createdAt: string;
  updatedAt: string;
}

export interface Link {
  id: string;
  workspaceId: string;
  projectId: string | null;
  title: string;
  url: string;
  createdAt: string;
}

export interface Dashboard {
  workspaces: number;
  projectsByStatus: Record<ProjectStatus, number>;
  recentLinks: Link[];
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
}

export interface BillingPlan {
  name: string;
  priceZar: number;
  interval: string;
}

export interface Invoice {
  id: string;
  number: string;
  issuedAt: string;
  amountZar: number;
  status: string;
}

export interface Billing {
  plan: BillingPlan | null;
  invoices: Invoice[];
}

export interface Health {
  status: string;
  [key: string]: unknown;
}
