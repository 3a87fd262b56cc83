/** `pnpm audit:shipped`'s exit codes: scripts/test-all.sh and the workflows tell "not run" from "found" by them. */
export const AUDIT_EXIT = { clean: 0, findings: 1, notRun: 2, usage: 64 } as const;
