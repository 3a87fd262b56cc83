#!/usr/bin/env node
// `regapi`: the command line on @regapi/client. Token from REGAPI_TOKEN, address from REGAPI_URL (or --url).
// Run `regapi ajuda` for the commands; exit codes in cli-format.ts (EXIT) and the README.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dialect, listQuery, oneOf, orderLine, UsageError, webhooksCommand } from './cli-commands';
import { EXIT, errorJson, errorLine, exitCodeOf, progressDisplay, resultLines } from './cli-format';
import { monitoramentosCommand } from './cli-monitoramentos';
import { waitTimeoutMs, waitTimeoutNote } from './cli-wait';
import { newIdempotencyKey, RegapiClient } from './client';
import type { DownloadedDocument } from './document';
import { WaitTimeoutError } from './errors';
import { ORDERABLE } from './generated/orderable';
import type { Orderable } from './types';

const USAGE = `uso: regapi <comando> [opções]

  token                                   verifica o token (de graça)
  saldo                                   saldo, limite de saldo baixo e reservado (de graça)
  status                                  produtos em serviço e a espera prevista (de graça)
  pedidos [--fonte F] [--estado E] [--referencia R | --prefixo P] [--monitoramento ID] [--de ...] [--ate ...]
          [--todos]                       os pedidos da conta, o mais recente primeiro (uma página; --todos: todas)
  extrato [--de AAAA-MM-DD] [--ate ...] [--csv -o <arquivo> [--dialeto pt-BR]]
                                          extrato da conta (de graça); CSV para planilha com --dialeto pt-BR
  extrato-mensal <AAAA-MM> -o <arquivo> [--formato pdf|csv] [--dialeto pt-BR]
                                          o demonstrativo de um mês fechado (de graça)
  webhooks listar | criar <url> <evento>... | ver <id> | ativar <id> | desativar <id> | remover <id>
           | testar <id> | entregas <id> | reenviar <id> <entrega>
                                          os endpoints de webhook da conta (de graça)
  monitoramentos orcamento | criar [--chave UUID] --frequencia diaria|semanal|mensal [--referencia R]
           (--tipo pessoa --cpf-cnpj C (--uf UF | --nacional) [--nome N] [--finalidade 1|2|3]
           | --tipo matricula --cpf-cnpj <solicitante> --matricula M --cartorio N --municipio M --uf-imovel UF)
                                          orça (de graça: preço por execução e o mês projetado)
                                          ou cria (nada cobrado ao criar; cada execução é um pedido
                                          pago); o corpo inteiro também com --corpo '<json>'
           | listar [--estado E] [--tipo T] [--todos] | ver <id> | pausar <id> | retomar <id> | remover <id>
           | execucoes <id> [--todos]     os monitoramentos da conta; o histórico, com o resumo
                                          das diferenças de cada execução (de graça)
  orcamento <fonte> campo=valor ...       orça (de graça); fonte: pesquisa-previa-bens, visualizacao-matricula,
                                          certidao-inteiro-teor, pesquisa-previa-bens/nacional, .../lote
  consultar <fonte> campo=valor ...       executa (PAGO) com uma Idempotency-Key nova (ou --chave UUID para reenviar)
            [--aguardar]                  e espera o resultado
  resultado <protocolo> [--aguardar] [--final]
                                          o resultado; --final espera também as revisões de uma pesquisa provisória
  documento <protocolo> -o <arquivo>      baixa o documento arquivado (PDF)
  lote <lote> [--aguardar]                a visão combinada de um lote

  Corpo: campo=valor (números para imovel_cartorio, finalidade, imovel_finalidade) ou --corpo '<json>'.
  Opções: --json (saída JSON para scripts), --url <endereço> (senão REGAPI_URL), --timeout <s> (desiste de esperar;
          padrão 3600, saída 3), --intervalo-maximo <s> (teto entre consultas; padrão 900).
  Saída: 0 ok; 2 uso; 3 ainda processando; 4 resultado com falha (veja refunded/retry); 5 recusado pela API
         (nada cobrado); 6 sem resposta (reenvie com a mesma --chave); 1 outro erro.`;

const INTEGER_FIELDS = new Set(['imovel_cartorio', 'finalidade', 'imovel_finalidade']);

function bodyOf(pairs: readonly string[], json: string | undefined): Record<string, unknown> {
  if (json !== undefined) {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new UsageError('--corpo: um objeto JSON');
    return value as Record<string, unknown>;
  }
  const body: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`campo=valor esperado: ${pair}`);
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    body[name] = INTEGER_FIELDS.has(name) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return body;
}

function orderable(value: string | undefined): Orderable {
  const found: Orderable | undefined = ORDERABLE.find((name) => name === value);
  if (found === undefined)
    throw new UsageError(`fonte desconhecida: ${value ?? '(nenhuma)'}; uma de ${ORDERABLE.join(', ')}`);
  return found;
}

function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new UsageError(`faltou ${what}`);
  return value;
}

/** The key of the execution this run sent, so every failure after it — the wait's too — names it (README: exit 6). */
let executionKey: string | undefined;

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      url: { type: 'string' },
      aguardar: { type: 'boolean', default: false },
      final: { type: 'boolean', default: false },
      chave: { type: 'string' },
      corpo: { type: 'string' },
      output: { type: 'string', short: 'o' },
      de: { type: 'string' },
      ate: { type: 'string' },
      timeout: { type: 'string' },
      'intervalo-maximo': { type: 'string' },
      fonte: { type: 'string' },
      estado: { type: 'string' },
      referencia: { type: 'string' },
      prefixo: { type: 'string' },
      limite: { type: 'string' },
      cursor: { type: 'string' },
      todos: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      dialeto: { type: 'string' },
      formato: { type: 'string' },
      monitoramento: { type: 'string' },
      tipo: { type: 'string' },
      frequencia: { type: 'string' },
      'cpf-cnpj': { type: 'string' },
      nome: { type: 'string' },
      finalidade: { type: 'string' },
      uf: { type: 'string' },
      nacional: { type: 'boolean', default: false },
      matricula: { type: 'string' },
      cartorio: { type: 'string' },
      municipio: { type: 'string' },
      'uf-imovel': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'ajuda') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined && !values.help ? EXIT.usage : EXIT.ok;
  }
  const env = values.url === undefined ? process.env : { ...process.env, REGAPI_URL: values.url };
  if (!env.REGAPI_URL || !env.REGAPI_TOKEN) throw new UsageError('defina REGAPI_TOKEN e REGAPI_URL (ou --url)');
  const client = RegapiClient.fromEnv(env);
  const json = values.json;
  const out = (data: unknown, lines: readonly string[]): void => {
    process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${lines.join('\n')}\n`);
  };
  const seconds = (value: string | undefined, what: string): number | undefined => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0) throw new UsageError(`${what}: segundos`);
    return number * 1000;
  };
  // --aguardar never waits forever: --timeout, else an hour (issue 29 item 3).
  const timeoutMs = waitTimeoutMs(seconds(values.timeout, '--timeout'));
  const maxIntervalMs = seconds(values['intervalo-maximo'], '--intervalo-maximo');
  const intervals = maxIntervalMs === undefined ? {} : { maxIntervalMs, minIntervalMs: Math.min(1000, maxIntervalMs) };
  /** Runs a wait; past its timeout says how to look again (then exit 3, still processing). */
  const bounded = async <T>(target: string, waiting: () => Promise<T>): Promise<T> => {
    try {
      return await waiting();
    } catch (error) {
      if (error instanceof WaitTimeoutError) process.stderr.write(`${waitTimeoutNote(target, timeoutMs)}\n`);
      throw error;
    }
  };
  const saved = (file: string, document: DownloadedDocument): number => {
    writeFileSync(file, document.bytes);
    const summary = { arquivo: file, bytes: document.bytes.length, sha256: document.sha256, nome: document.filename };
    out(summary, [`${file}: ${document.bytes.length} bytes, sha256 ${document.sha256}`]);
    return EXIT.ok;
  };
  const wait = async (protocolo: string, untilFinal: boolean) => {
    const display = progressDisplay(process.stderr);
    try {
      return await bounded(`resultado ${protocolo}${untilFinal ? ' --final' : ''}`, () =>
        client.waitForResult(protocolo, { untilFinal, onProgress: display.update, timeoutMs, ...intervals }),
      );
    } finally {
      display.stop();
    }
  };

  switch (command) {
    case 'token': {
      const answer = await client.token();
      const item = answer.data[0];
      out(answer, [`conta ${item?.conta}; escopos: ${item?.escopos.join(', ')}; expira em ${item?.expira_em}`]);
      return EXIT.ok;
    }
    case 'saldo': {
      const answer = await client.saldo();
      const item = answer.data[0];
      const limite = item?.limite_saldo_baixo === null ? 'nenhum' : item?.limite_saldo_baixo?.toFixed(2);
      out(answer, [
        `saldo ${item?.saldo.toFixed(2)}; reservado ${item?.reservado.toFixed(2)} em ${item?.pedidos_nao_liquidados} pedidos; limite de saldo baixo ${limite}${item?.saldo_baixo ? ' (ABAIXO)' : ''}`,
      ]);
      return EXIT.ok;
    }
    case 'status': {
      const answer = await client.status();
      out(
        answer,
        answer.data.map((item) =>
          item.em_servico
            ? `${item.fonte}: em serviço, espera prevista ${item.espera_prevista_s} s`
            : `${item.fonte}: FORA DE SERVIÇO desde ${item.fora_de_servico_desde}`,
        ),
      );
      return EXIT.ok;
    }
    case 'pedidos': {
      const query = listQuery(values);
      if (values.todos) {
        const all = [];
        for await (const order of client.todasConsultas(query)) all.push(order);
        out(all, all.map(orderLine));
        return EXIT.ok;
      }
      const answer = await client.consultas({
        ...query,
        ...(values.cursor === undefined ? {} : { cursor: values.cursor }),
      });
      const page = answer.data[0];
      const next = page?.proximo_cursor ? [`(mais: --cursor ${page.proximo_cursor})`] : [];
      out(answer, [...(page?.consultas ?? []).map(orderLine), ...next]);
      return EXIT.ok;
    }
    case 'extrato-mensal': {
      const mes = required(rest[0], 'o mês (AAAA-MM)');
      const file = required(values.output, '-o <arquivo>');
      const formato = values.formato === undefined ? undefined : oneOf(values.formato, ['pdf', 'csv'], '--formato');
      const document = await client.extratoMensal(mes, {
        ...(formato === undefined ? {} : { formato }),
        ...(values.dialeto === undefined ? {} : { dialeto: dialect(values.dialeto) }),
      });
      return saved(file, document);
    }
    case 'webhooks':
      return webhooksCommand(client, rest, out);
    case 'monitoramentos':
      return monitoramentosCommand(client, rest, values, out);
    case 'extrato': {
      if (values.csv) {
        const file = required(values.output, '-o <arquivo>');
        const document = await client.extratoCsv({
          ...(values.de === undefined ? {} : { de: values.de }),
          ...(values.ate === undefined ? {} : { ate: values.ate }),
          ...(values.dialeto === undefined ? {} : { dialeto: dialect(values.dialeto) }),
        });
        return saved(file, document);
      }
      const answer = await client.extrato({
        ...(values.de === undefined ? {} : { de: values.de }),
        ...(values.ate === undefined ? {} : { ate: values.ate }),
      });
      out(
        answer,
        answer.data.map((line) =>
          [
            line.data_hora,
            line.tipo,
            line.valor.toFixed(2),
            `saldo ${line.saldo_apos.toFixed(2)}`,
            line.protocolo ?? '',
          ]
            .join('  ')
            .trim(),
        ),
      );
      return EXIT.ok;
    }
    // The body typed on the command line is not checked here: the API answers 422 field by field (exit 5).
    case 'orcamento': {
      const [fonte, ...pairs] = rest;
      const answer = await client.quote(orderable(fonte), bodyOf(pairs, values.corpo) as never);
      out(answer, [`${answer.code} — ${answer.code_message}`, JSON.stringify(answer.data[0] ?? null)]);
      return answer.code === 200 ? EXIT.ok : EXIT.refused;
    }
    case 'consultar': {
      const [fonte, ...pairs] = rest;
      const product = orderable(fonte);
      const body = bodyOf(pairs, values.corpo);
      executionKey = values.chave ?? newIdempotencyKey();
      const accepted = await client.execute(product, body as never, { idempotencyKey: executionKey });
      const item: Record<string, unknown> = { ...accepted.data[0] };
      const protocolo = typeof item.protocolo === 'string' ? item.protocolo : undefined;
      if (!values.aguardar || protocolo === undefined) {
        out(accepted, [`${accepted.code} — ${accepted.code_message}`, JSON.stringify(item)]);
        return EXIT.ok;
      }
      if (!json) process.stderr.write(`aceito: ${protocolo} (debitado ${accepted.header.price})\n`);
      const finished = await wait(protocolo, values.final);
      out({ aceite: accepted, resultado: finished }, resultLines(protocolo, finished));
      return EXIT.ok;
    }
    case 'resultado': {
      const protocolo = required(rest[0], 'o protocolo');
      const answer = values.aguardar ? await wait(protocolo, values.final) : await client.result(protocolo);
      out(answer, resultLines(protocolo, answer));
      return answer.code === 202 ? EXIT.stillRunning : EXIT.ok;
    }
    case 'documento': {
      const protocolo = required(rest[0], 'o protocolo');
      const file = required(values.output, '-o <arquivo>');
      return saved(file, await client.downloadDocument(protocolo));
    }
    case 'lote': {
      const lote = required(rest[0], 'o lote');
      const answer = values.aguardar
        ? await bounded(`lote ${lote}`, () => client.waitForLote(lote, { timeoutMs, ...intervals }))
        : await client.lote(lote);
      out(answer, [`${lote}: ${answer.code} — ${answer.code_message}`, JSON.stringify(answer.data[0]?.resumo ?? null)]);
      return answer.code === 202 ? EXIT.stillRunning : EXIT.ok;
    }
    default:
      throw new UsageError(`comando desconhecido: ${command}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    if (usage) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(errorJson(error, executionKey))}\n`);
    process.stderr.write(`${errorLine(error, executionKey)}\n`);
    process.exitCode = exitCodeOf(error);
  },
);
