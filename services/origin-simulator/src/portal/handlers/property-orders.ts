import { createHmac } from 'node:crypto';
import { formatReaisBrasil, parseUf } from '@regapi/br';
import { CERTIFICATE_TERM_BUSINESS_HOURS, certificateForecast } from '@regapi/calendar';
import { type OriginFault, WIRE_ERRORS, type WireCertificateOrder } from '@regapi/origin';
import { brDate } from '../../pdf/record-text';
import { rngFor } from '../../random/prng';
import { growingRecord, growingRecordId, isGrowingMatricula } from '../../world/changing-identities';
import type { SimOffice } from '../../world/offices';
import type { SimRecord } from '../../world/records';
import { type Answer, json, wireError } from '../answer';
import { faultFromMatricula } from '../faults';
import { genericFaultAnswer } from '../generic-faults';
import { originTimeoutMs } from '../latency';
import { type CertificateOrder, type ReceivedEntry, type RecordViewOrder, repeatBlockEnd } from '../order-book';
import { putOrderDocument } from '../order-documents';
import { type CallContext, wait } from '../sim-context';
import { errorCode } from './search';
import { recordViewWire } from './wire-views';

type Product = 'record-view' | 'certificate';

interface PropertyInput {
  readonly matricula: string;
  readonly cartorio: unknown;
  readonly municipio: string;
  readonly uf: string;
  readonly finalidade: unknown;
}

/** `POST /api/visualizacoes`: places the order and answers when the office delivered the PDF (contract 2.5). */
export function orderRecordView(call: CallContext, body: unknown): Promise<Answer> {
  return placeOrder(call, 'record-view', body);
}

/** `POST /api/certidoes`: places the order; the office delivers in registry business hours (contract 2.6). */
export function orderCertificate(call: CallContext, body: unknown): Promise<Answer> {
  return placeOrder(call, 'certificate', body);
}

async function placeOrder(call: CallContext, product: Product, body: unknown): Promise<Answer> {
  const input = readInput(body);
  const now = call.sim.clock.now();
  const entry = call.state.received.open(product, now, {
    matricula: input.matricula,
    cartorio: input.cartorio,
    municipio: input.municipio,
    uf: input.uf,
  });
  const answer = await decide(call, product, input, now, entry);
  if (answer.kind !== 'json' || answer.status !== 200)
    entry.result = answer.kind === 'json' ? errorCode(answer.body) : 'FORA_DO_AR';
  return answer;
}

async function decide(
  call: CallContext,
  product: Product,
  input: PropertyInput,
  now: Date,
  entry: ReceivedEntry,
): Promise<Answer> {
  // contract 2.3: an office sent as a label instead of its number is refused by the origin.
  if (typeof input.cartorio !== 'number' || !Number.isInteger(input.cartorio) || input.cartorio < 1) {
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'O cartório deve ser informado pelo seu número.' });
  }
  const uf = parseUf(input.uf);
  if (!uf || input.matricula.trim() === '' || input.municipio.trim() === '') {
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'Matrícula, município e UF são obrigatórios.' });
  }
  if (product === 'record-view' && input.finalidade !== undefined && ![1, 2, 3].includes(Number(input.finalidade))) {
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'Finalidade inválida.' });
  }
  const fault = call.armed ?? faultFromMatricula(input.matricula, product);
  const generic = await genericFaultAnswer(call, product, fault);
  if (generic) return generic;
  const refusal = faultRefusal(fault);
  if (refusal) return refusal;

  const { world } = call.sim;
  const office = world.findOffice(uf, input.municipio, input.cartorio);
  if (!office)
    return wireError(422, WIRE_ERRORS.dataRefused, { mensagem: 'Cartório não localizado no município informado.' });
  // Issue 12: ONE office out of service is its own answer, naming the office; SERVICO_INDISPONIVEL is the product's.
  if (!call.state.offices.isAvailable(office))
    return wireError(503, WIRE_ERRORS.officeUnavailable, { cns: office.cns });
  if (!office.issuesOnline) return wireError(422, WIRE_ERRORS.cannotIssueOnline);
  // A magic record number stands for the office's first record when its fault needs a real order behind it.
  const magicStandIn = fault === 'timeout-after-order' || fault === 'accepted-without-protocol';
  const record =
    world.findRecord(office, input.matricula) ??
    (magicStandIn ? world.recordsIn(office)[0] : undefined) ??
    // A sandbox record that gains one act per order of it (issue 30: a watch sees a change happen; decision 0175).
    (isGrowingMatricula(input.matricula)
      ? growingRecord(
          world,
          office,
          input.matricula,
          call.state.orders.orderedAt(growingRecordId(office, input.matricula)),
          now,
        )
      : undefined);
  if (!record) return wireError(404, WIRE_ERRORS.recordNotFound);
  // The portal names the order in force: every order on the account is the platform's (contract 1.7; decision 0110).
  const block = call.state.orders.blockedBy(product, record, now, (createdAt) => repeatBlockEnd(createdAt, call.sim));
  if (block)
    return wireError(409, WIRE_ERRORS.repeatedOrder, {
      aceita_a_partir_de: block.until.toISOString(),
      numero_pedido: block.numero,
    });

  return product === 'record-view'
    ? recordView(call, office, record, input.matricula, now, fault, entry)
    : certificate(call, office, record, now, fault, entry);
}

function faultRefusal(fault: OriginFault | undefined): Answer | undefined {
  switch (fault) {
    case 'data-refused':
      return wireError(422, WIRE_ERRORS.dataRefused);
    case 'data-changed':
      return wireError(409, WIRE_ERRORS.dataChanged, {
        mensagem: 'A matrícula foi alterada no cartório. Consulte novamente.',
      });
    case 'cannot-issue-online':
      return wireError(422, WIRE_ERRORS.cannotIssueOnline);
    case 'nothing-found':
      return wireError(404, WIRE_ERRORS.recordNotFound);
    default:
      return undefined;
  }
}

async function recordView(
  call: CallContext,
  office: SimOffice,
  record: SimRecord,
  requested: string,
  now: Date,
  fault: OriginFault | undefined,
  entry: ReceivedEntry,
): Promise<Answer> {
  const { world, clock } = call.sim;
  const durationMs = call.state.latency.draw('record-view');
  const numero = call.state.orders.nextNumero('record-view', now);
  const order: RecordViewOrder = {
    kind: 'record-view',
    numero,
    createdAt: now,
    office,
    record,
    requested,
    valorCentavos: world.tariffs.officeFees.get(office.cns)?.visualizacaoCentavos ?? 0,
    completesAt: new Date(now.getTime() + call.state.latency.scaled(durationMs)),
    deliveredAt: null,
  };
  call.state.orders.add(order);
  entry.numeroPedido = numero;
  putOrderDocument(call.sim, call.state.documents, order);
  if (fault === 'timeout-after-order') {
    // The order stands and completes by itself: only reconciliation (listOrders) can find it (contract 3).
    await wait(call, originTimeoutMs('record-view'));
    return wireError(504, WIRE_ERRORS.timeout);
  }
  await wait(call, durationMs);
  const delivered = Math.min(clock.now().getTime(), order.completesAt.getTime());
  call.state.orders.markDelivered(order, new Date(delivered));
  entry.result = 'ENTREGUE';
  return json(200, recordViewWire(call, order));
}

async function certificate(
  call: CallContext,
  office: SimOffice,
  record: SimRecord,
  now: Date,
  fault: OriginFault | undefined,
  entry: ReceivedEntry,
): Promise<Answer> {
  const { world } = call.sim;
  const valorCentavos = world.tariffs.officeFees.get(office.cns)?.certidaoCentavos ?? 0;
  await wait(call, call.state.latency.draw('certificate'));
  if (fault === 'accepted-without-protocol' || office.acceptsWithoutProtocol) {
    const answer: WireCertificateOrder = {
      numero_pedido: null,
      situacao: 'ACEITO_SEM_PROTOCOLO',
      previsao_entrega_em: null,
      valor: formatReaisBrasil(valorCentavos),
      aceito_em: now.toISOString(),
      mensagem: 'Pedido recebido sem número de protocolo. O valor será devolvido integralmente.',
    };
    entry.result = 'ACEITO_SEM_PROTOCOLO';
    return json(200, answer);
  }
  const numero = call.state.orders.nextNumero('certificate', now);
  // The office takes the business-hours term (sometimes late), compressed like every duration by SIM_TIME_SCALE. A
  // punctual simulator (the sandbox's) takes the term in plain hours, nights and weekends included, and issues exactly
  // at the forecast it reports, compressed the same way: a certificate in minutes whenever it is ordered.
  const rng = rngFor(world.seed, 'certificate-lateness', numero);
  const lateness = rng.chance(0.1) ? 1 + rng.next() * 1.5 : 0.5 + rng.next() * 0.5;
  const term = call.sim.punctual
    ? CERTIFICATE_TERM_BUSINESS_HOURS * 3_600_000 * call.sim.timeScale
    : (certificateForecast(now, office.timeZone).getTime() - now.getTime()) * call.sim.timeScale * lateness;
  const forecast = call.sim.punctual
    ? new Date(now.getTime() + Math.round(term))
    : certificateForecast(now, office.timeZone);
  const order: CertificateOrder = {
    kind: 'certificate',
    numero,
    createdAt: now,
    office,
    record,
    valorCentavos,
    forecast,
    readyAt: new Date(now.getTime() + Math.round(term)),
    validatorCode: validatorCode(world.seed, numero),
  };
  call.state.orders.add(order);
  entry.numeroPedido = numero;
  putOrderDocument(call.sim, call.state.documents, order);
  if (fault === 'timeout-after-order') {
    await wait(call, originTimeoutMs('certificate'));
    return wireError(504, WIRE_ERRORS.timeout);
  }
  const answer: WireCertificateOrder = {
    numero_pedido: numero,
    situacao: 'EM_ANDAMENTO',
    previsao_entrega_em: forecast.toISOString(),
    valor: formatReaisBrasil(valorCentavos),
    aceito_em: now.toISOString(),
    mensagem: `Pedido ${numero} recebido. Prazo de 4 horas úteis do cartório; previsão de entrega em ${brDate(forecast.toISOString())}.`,
  };
  entry.result = 'EM_ANDAMENTO';
  return json(200, answer);
}

/** Four groups of four from an HMAC of the protocol: unique, deterministic, not guessable from the protocol alone. */
function validatorCode(seed: number, numero: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digest = createHmac('sha256', `validador|${seed}`).update(numero).digest();
  let code = '';
  for (let i = 0; i < 16; i++) code += alphabet.charAt((digest[i] ?? 0) % alphabet.length);
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

function readInput(body: unknown): PropertyInput {
  const get = (name: string): unknown =>
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  const text = (name: string): string => {
    const value = get(name);
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  };
  return {
    matricula: text('matricula'),
    cartorio: get('cartorio'),
    municipio: text('municipio'),
    uf: text('uf'),
    finalidade: get('finalidade'),
  };
}
