import type { LucideIcon } from 'lucide-react';
import { Activity, Crown, FolderKanban, Layers, LayoutDashboard, Settings, ShieldCheck, Users } from 'lucide-react';

/** A sidebar entry: where it goes, its label (also the tooltip when collapsed) and its icon. */
export interface SidebarItem {
  link: string;
  label: string;
  icon: LucideIcon;
}

/** The four client-area items of spec point 2, in order. */
export const clientItems: readonly SidebarItem[] = [
  { link: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { link: '/workspaces', label: 'Workspaces', icon: Layers },
  { link: '/projects', label: 'Projects', icon: FolderKanban },
  { link: '/user/profile', label: 'Settings', icon: Settings },
];

/** Management items, each shown only to those its route guard lets in (spec point 6). */
export function managementItems(roles: readonly string[], isSystemUser: boolean): SidebarItem[] {
  const items: SidebarItem[] = [];
  if (roles.includes('Admin') || roles.includes('SuperAdmin'))
    items.push({ link: '/manage', label: 'Manage', icon: Users });
  if (roles.includes('Admin')) items.push({ link: '/admin', label: 'Admin', icon: ShieldCheck });
  if (roles.includes('SuperAdmin')) items.push({ link: '/super', label: 'Super admin', icon: Crown });
  if (isSystemUser) items.push({ link: '/system', label: 'System', icon: Activity });
  return items;
}

/** Spec point 2: an item is highlighted when the current path starts with its link. */
export function isActive(pathname: string, link: string): boolean {
  return pathname.startsWith(link);
}
