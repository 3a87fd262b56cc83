import { progressDisplay } from '../src/cli-format';

// The people's progress line of `regapi ... --aguardar`: on a terminal it shows the protocolo, the API's
// `consultar_daqui_s` and the clock time it points to, redrawn in place; anywhere else (a pipe, a file) nothing.

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

test('on a terminal: a line redrawn in place with the ETA from consultar_daqui_s, cleared at the end', () => {
  const terminal = stream(true);
  const display = progressDisplay(terminal);
  display.update({
    kind: 'running',
    protocolo: '482139077551605',
    consultarDaquiS: 73,
    waitMs: 73_000,
    item: undefined,
  });
  display.stop();
  const [line, cleared] = terminal.written;
  const redraw = '\r\x1b[K';
  expect(line?.startsWith(redraw)).toBe(true);
  expect(line?.slice(redraw.length)).toMatch(
    /^482139077551605: processando — resultado previsto em ~73 s \(\d{2}:\d{2}:\d{2}\); próxima consulta em 7[23] s$/,
  );
  expect(cleared).toBe(redraw);
});

test('not a terminal: nothing is written', () => {
  const pipe = stream(false);
  const display = progressDisplay(pipe);
  display.update({ kind: 'running', protocolo: '1', consultarDaquiS: 5, waitMs: 5000, item: undefined });
  display.stop();
  expect(pipe.written).toEqual([]);
});
