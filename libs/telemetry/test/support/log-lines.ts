export type LogLine = Record<string, unknown>;

function asLogLine(text: string): LogLine | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : undefined;
}

/** The JSON log lines in a process's output, skipping anything else it printed (warnings, stack traces). */
export function logLinesOf(output: string): LogLine[] {
  return output.split('\n').flatMap((text): LogLine[] => {
    const line = asLogLine(text);
    return line === undefined ? [] : [line];
  });
}

/** A pino destination that keeps every line, parsed, for a test to read back. */
export function captureLines(): { destination: { write(chunk: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    destination: {
      write: (chunk: string) => {
        for (const text of chunk.split('\n')) {
          if (text.trim() === '') continue;
          const line = asLogLine(text);
          if (line === undefined) throw new Error(`not a JSON log line: ${text}`);
          lines.push(line);
        }
      },
    },
  };
}
