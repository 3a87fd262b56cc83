import { type ConsolePermission, type ConsoleSession, can } from '../auth';

export interface NavigationEntry {
  readonly href: string;
  readonly label: string;
  /** Shown only to a role that has it; the page itself checks it again on the server. */
  readonly permission?: ConsolePermission;
}

/** The console's menu, in the order it is shown. One place: an area adds its entry here. */
export const NAVIGATION: readonly NavigationEntry[] = [
  { href: '/', label: 'Início' },
  { href: '/consultar', label: 'Nova consulta', permission: 'orders:run' },
  { href: '/pedidos', label: 'Pedidos', permission: 'orders:read' },
  { href: '/monitoramentos', label: 'Monitoramentos', permission: 'orders:read' },
  { href: '/tokens', label: 'Tokens', permission: 'tokens:read' },
  { href: '/webhooks', label: 'Webhooks', permission: 'tokens:read' },
  { href: '/extrato', label: 'Extrato', permission: 'money:read' },
  { href: '/graficos', label: 'Gráficos', permission: 'money:read' },
  { href: '/status', label: 'Status', permission: 'status:read' },
  { href: '/usuarios', label: 'Usuários', permission: 'users:manage' },
  { href: '/auditoria', label: 'Auditoria', permission: 'audit:read' },
  { href: '/seguranca', label: 'Minha conta' },
];

export function navigationFor(session: ConsoleSession): NavigationEntry[] {
  return NAVIGATION.filter((entry) => entry.permission === undefined || can(session.role, entry.permission));
}
