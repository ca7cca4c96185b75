/** Whether these roles open the admin routes. */
export const isAdmin = (roles: readonly string[]) => roles.includes('Admin') || roles.includes('SuperAdmin');
