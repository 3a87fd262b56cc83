/** A variable the bench gives its server processes; missing means a bench bug, not a user's mistake. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}
