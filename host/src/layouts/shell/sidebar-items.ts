import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  Crown,
  FolderKanban,
  Layers,
  LayoutDashboard,
  Rocket,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { AuthSession } from '@kloof/auth';
import { paths, routeAt } from '../../routes/route-table';
import { mayOpen } from '../../routes/may-open';

/** A sidebar entry: where it goes, its label (also the tooltip when collapsed) and its icon. */
export interface SidebarItem {
  link: string;
  label: string;
  icon: LucideIcon;
}

/** The four client-area items, in order: Settings opens the profile. */
export const clientItems: readonly SidebarItem[] = [
  { link: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { link: paths.workspaces, label: 'Workspaces', icon: Layers },
  { link: paths.projects, label: 'Projects', icon: FolderKanban },
  { link: paths.profile, label: 'Settings', icon: Settings },
];

/** Every management item; each is shown only to those its route's guard lets in. */
const managementLinks: readonly SidebarItem[] = [
  { link: paths.manage, label: 'Manage', icon: Users },
  { link: paths.admin, label: 'Admin', icon: ShieldCheck },
  { link: paths.superAdmin, label: 'Super admin', icon: Crown },
  { link: paths.system, label: 'System', icon: Activity },
  { link: paths.manageReleases, label: 'Releases', icon: Rocket },
];

/** Management items this session may open: the route table's guards decide, never a role list here. */
export function managementItems(session: AuthSession, systemUser: boolean | null): SidebarItem[] {
  return managementLinks.filter((item) => mayOpen(routeAt(item.link).guard, session, systemUser));
}

/** An item is highlighted when the current path starts with its link (spec §2: only then; /user/settings is not /user/profile). */
export function isActive(pathname: string, item: Pick<SidebarItem, 'link'>): boolean {
  return pathname.startsWith(item.link);
}
