import type { ConsoleRoleColumn } from '@regapi/db';

/** A console user's role (issue 15): what the account's administrator gives each person. */
export type ConsoleRole = ConsoleRoleColumn;

export const CONSOLE_ROLES: readonly ConsoleRole[] = ['administrador', 'desenvolvimento', 'financeiro', 'consulta'];

/** What a page or an action needs. Checked on the server for every request, whatever the page shows. */
export type ConsolePermission =
  | 'tokens:read'
  | 'tokens:manage'
  | 'orders:read'
  | 'orders:run'
  | 'money:read'
  | 'status:read'
  | 'users:manage'
  | 'audit:read';

export const CONSOLE_PERMISSIONS: readonly ConsolePermission[] = [
  'tokens:read',
  'tokens:manage',
  'orders:read',
  'orders:run',
  'money:read',
  'status:read',
  'users:manage',
  'audit:read',
];

/**
 * The roles of issue 15: administrador everything; desenvolvimento tokens and orders; financeiro balance and
 * statements; consulta runs queries and reads their results, no tokens. Everyone sees the service status.
 */
const GRANTS: Readonly<Record<ConsoleRole, ReadonlySet<ConsolePermission>>> = {
  administrador: new Set(CONSOLE_PERMISSIONS),
  desenvolvimento: new Set<ConsolePermission>([
    'tokens:read',
    'tokens:manage',
    'orders:read',
    'orders:run',
    'status:read',
  ]),
  financeiro: new Set<ConsolePermission>(['money:read', 'status:read']),
  consulta: new Set<ConsolePermission>(['orders:read', 'orders:run', 'status:read']),
};

export function can(role: ConsoleRole, permission: ConsolePermission): boolean {
  return GRANTS[role].has(permission);
}

export function isConsoleRole(value: string): value is ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(value);
}
