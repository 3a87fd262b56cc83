/** The console's users, sessions, permissions and one-time links live in libs/console-auth (the gateway's admin API uses them too). */
export * from '@regapi/console-auth';
