import { CONSOLE_PERMISSIONS, CONSOLE_ROLES, can } from '../src';

describe('the console role matrix (issue 15)', () => {
  it('lets an administrador do everything', () => {
    for (const permission of CONSOLE_PERMISSIONS) expect(can('administrador', permission)).toBe(true);
  });

  it('lets desenvolvimento manage tokens and run orders, not money nor users', () => {
    expect(can('desenvolvimento', 'tokens:manage')).toBe(true);
    expect(can('desenvolvimento', 'tokens:read')).toBe(true);
    expect(can('desenvolvimento', 'orders:run')).toBe(true);
    expect(can('desenvolvimento', 'money:read')).toBe(false);
    expect(can('desenvolvimento', 'users:manage')).toBe(false);
  });

  it('lets financeiro read money but neither see nor manage tokens', () => {
    expect(can('financeiro', 'money:read')).toBe(true);
    expect(can('financeiro', 'tokens:manage')).toBe(false);
    expect(can('financeiro', 'tokens:read')).toBe(false);
    expect(can('financeiro', 'orders:run')).toBe(false);
  });

  it('lets consulta run queries and read results, never tokens', () => {
    expect(can('consulta', 'orders:run')).toBe(true);
    expect(can('consulta', 'orders:read')).toBe(true);
    expect(can('consulta', 'tokens:read')).toBe(false);
    expect(can('consulta', 'tokens:manage')).toBe(false);
    expect(can('consulta', 'money:read')).toBe(false);
  });

  it('gives users:manage and audit:read to the administrador alone', () => {
    for (const role of CONSOLE_ROLES) {
      expect(can(role, 'users:manage')).toBe(role === 'administrador');
      expect(can(role, 'audit:read')).toBe(role === 'administrador');
    }
  });
});
