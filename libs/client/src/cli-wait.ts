// How long `regapi ... --aguardar` waits (issue 29 item 3): never forever. Past `--timeout` (default an hour) it
// stops with exit 3, "still processing", and says how to look again: the order goes on, nothing is lost.

/** The default of `--timeout`, in seconds (README "Exit codes": 3). */
export const DEFAULT_WAIT_TIMEOUT_S = 3600;

/** `--timeout` as given (ms), or the default: a wait always has an end. */
export function waitTimeoutMs(given: number | undefined): number {
  return given ?? DEFAULT_WAIT_TIMEOUT_S * 1000;
}

/** What the command line says when it stops waiting for `target` (`resultado <protocolo>` or `lote <lote>`). */
export function waitTimeoutNote(target: string, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 1000);
  return (
    `regapi: parou de esperar após ${seconds} s (--timeout <s>; padrão ${DEFAULT_WAIT_TIMEOUT_S}): ainda em processamento, ` +
    `nada se perdeu. Veja depois com: regapi ${target} --aguardar`
  );
}
