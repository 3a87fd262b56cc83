import { parseCpfCnpj, parseUf } from '@regapi/br';
import { WIRE_ERRORS } from '@regapi/origin';
import { renderSearchReceipt } from '../../pdf/receipt-pdf';
import { rngFor } from '../../random/prng';
import { type Answer, json, wireError } from '../answer';
import { faultFromDocument } from '../faults';
import { genericFaultAnswer } from '../generic-faults';
import { SCANNING_SHARE } from '../latency';
import { LINK_LIFETIME_MS } from '../order-book';
import { runSearch, toWireSearch } from '../search-engine';
import { type CallContext, wait } from '../sim-context';

/** An extra field the portal sends and no client knows: drivers must ignore it (contract 9.2). */
export const PORTAL_VERSION_FIELD = { versao_portal: '4.12.0-simulador' };

/**
 * `POST /api/pesquisas-previas` `{documento, uf, nome?, finalidade}`: the preliminary search (contract 2.4). The search is
 * registered with its protocol once the scan ends; its receipt is a signed link to the printed screen.
 */
export async function search(call: CallContext, body: unknown): Promise<Answer> {
  const input = readInput(body);
  const now = call.sim.clock.now();
  const entry = call.state.received.open('search', now, { documento: input.documento, uf: input.uf });
  const answer = await runCall(call, input, now, entry);
  if (answer.kind === 'json' && answer.status !== 200) entry.result = errorCode(answer.body);
  return answer;
}

async function runCall(
  call: CallContext,
  input: ReturnType<typeof readInput>,
  now: Date,
  entry: { numeroPedido: string | null; result: string },
): Promise<Answer> {
  const document = parseCpfCnpj(input.documento);
  const uf = parseUf(input.uf);
  if (!document.ok)
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: `Documento inválido (${document.reason}).` });
  if (!uf) return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'UF inválida.' });
  if (![1, 2, 3].includes(input.finalidade))
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'Finalidade inválida.' });

  const fault = call.armed ?? faultFromDocument(document.value, 'search');
  const generic = await genericFaultAnswer(call, 'search', fault);
  if (generic) return generic;
  if (fault === 'data-refused') return wireError(422, WIRE_ERRORS.dataRefused);
  if (fault === 'data-changed') {
    return wireError(409, WIRE_ERRORS.dataChanged, {
      mensagem: 'Situação cadastral do documento alterada na Receita Federal.',
    });
  }

  const { world } = call.sim;
  const durationMs = call.state.latency.draw('search');
  const occurrence = call.state.occurrence(`search|${document.value}|${uf}`);
  const share = SCANNING_SHARE + (rngFor(world.seed, 'scan-share', document.value, uf, occurrence).next() - 0.5) * 0.06;
  await wait(call, durationMs);

  const run = runSearch(
    world,
    { documento: document.value, uf, nome: input.nome, finalidade: input.finalidade },
    {
      now,
      occurrence,
      durationMs,
      scanningMs: Math.round(durationMs * share),
      forcePending: fault === 'retries-pending',
      forceEmpty: fault === 'nothing-found',
      isAvailable: (office) => call.state.offices.isAvailable(office),
    },
  );
  const numero = call.state.orders.nextNumero('search', now);
  const receiptId = `${numero}-comprovante.pdf`;
  const receiptUrl = `${call.publicBase}${call.state.documents.linkPath(receiptId, new Date(now.getTime() + LINK_LIFETIME_MS))}`;
  const wire = toWireSearch(world, numero, run, receiptUrl);
  call.state.orders.add({
    kind: 'search',
    numero,
    createdAt: now,
    run,
    receiptUrl,
    valorCentavos: world.tariffs.searchFees.get(uf) ?? 0,
  });
  entry.numeroPedido = numero;
  if (fault === 'receipt-error') return wireError(500, WIRE_ERRORS.receiptError, { numero_pedido: numero });
  call.state.documents.put(receiptId, 'receipt', 'application/pdf', () => renderSearchReceipt(wire));
  entry.result = wire.resultado;
  return json(200, { ...wire, ...PORTAL_VERSION_FIELD });
}

function readInput(body: unknown): { documento: string; uf: string; nome: string | null; finalidade: number } {
  const get = (name: string): unknown =>
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  const documento = get('documento');
  const uf = get('uf');
  const nome = get('nome');
  const finalidade = get('finalidade');
  return {
    documento: typeof documento === 'string' ? documento : '',
    uf: typeof uf === 'string' ? uf : '',
    nome: typeof nome === 'string' && nome.trim() !== '' ? nome : null,
    finalidade: typeof finalidade === 'number' ? finalidade : 2,
  };
}

export function errorCode(body: unknown): string {
  const erro = typeof body === 'object' && body !== null ? Reflect.get(body, 'erro') : undefined;
  return typeof erro === 'string' ? erro : 'ERRO';
}
