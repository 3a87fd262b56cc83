import { parseUf } from '@regapi/br';
import type { OriginControl, OriginFault, OriginOperation, OriginSample, ReceivedOrder } from '@regapi/origin';
import type { ControlSamples } from './http/control-routes';

/** An `OriginControl` over the simulator's `/control` endpoints (for the contract kit and for other services' tests). */
export function createSimulatorControl(baseUrl: string): OriginControl {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const send = async (method: 'POST' | 'PUT', path: string, body?: unknown, idempotent = false) => {
    const request = () =>
      fetch(url(path), { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    // A kept-alive connection the simulator closed as we reused it fails before any answer; a call that means the same
    // twice is simply sent again (once), the others are not (a clock advanced twice would be wrong).
    const response = await request().catch((error: unknown) => {
      if (idempotent && isConnectionReset(error)) return request();
      throw error;
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  };
  const post = (path: string, body?: unknown) => send('POST', path, body);
  return {
    reset: () => send('POST', '/control/reset', undefined, true),
    async samples() {
      const response = await fetch(url('/control/samples'));
      if (!response.ok) throw new Error(`GET /control/samples: HTTP ${response.status}`);
      const body = asSamples(await response.json());
      return body.owners.map(
        (owner): OriginSample => ({
          cpfCnpj: owner.cpf_cnpj,
          nome: owner.nome,
          uf: ufOf(owner.uf),
          imoveis: owner.imoveis.map((imovel) => ({
            matricula: imovel.matricula,
            cartorioNumero: imovel.cartorio_numero,
            cartorioMunicipio: imovel.cartorio_municipio,
            cartorioUf: ufOf(imovel.cartorio_uf),
          })),
        }),
      );
    },
    armFault: (fault: OriginFault, operation: OriginOperation, times = 1) =>
      post('/control/faults', { fault, operation, times }),
    advanceTime: (ms: number) => post('/control/clock', { advance_ms: ms }),
    setOfficeAvailable: (cns: string, available: boolean) =>
      send(
        'PUT',
        `/control/offices/${encodeURIComponent(cns)}`,
        { situacao: available ? 'ATIVO' : 'FORA_DO_AR' },
        true,
      ),
    async receivedOrders() {
      const response = await fetch(url('/control/orders'));
      if (!response.ok) throw new Error(`GET /control/orders: HTTP ${response.status}`);
      return listOf(field(await response.json(), 'orders')).map(
        (order): ReceivedOrder => ({
          seq: Number(field(order, 'seq')),
          operation: operationOf(field(order, 'operation')),
          receivedAt: text(field(order, 'received_at')),
          numeroPedido: typeof field(order, 'numero_pedido') === 'string' ? text(field(order, 'numero_pedido')) : null,
          result: text(field(order, 'result')),
        }),
      );
    },
  };
}

/** fetch's "fetch failed" whose cause is the peer closing the connection (ECONNRESET, or undici's socket error). */
function isConnectionReset(error: unknown): boolean {
  const cause = error instanceof TypeError ? field(error.cause, 'code') : undefined;
  return cause === 'ECONNRESET' || cause === 'UND_ERR_SOCKET';
}

/** The control API is ours, but its answers still cross a process boundary: read them defensively. */
function asSamples(value: unknown): ControlSamples {
  return {
    owners: listOf(field(value, 'owners')).map((owner) => ({
      cpf_cnpj: text(field(owner, 'cpf_cnpj')),
      nome: text(field(owner, 'nome')),
      uf: text(field(owner, 'uf')),
      imoveis: listOf(field(owner, 'imoveis')).map((imovel) => ({
        matricula: text(field(imovel, 'matricula')),
        cartorio_numero: Number(field(imovel, 'cartorio_numero')),
        cartorio_municipio: text(field(imovel, 'cartorio_municipio')),
        cartorio_uf: text(field(imovel, 'cartorio_uf')),
      })),
    })),
  };
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}

function listOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error('the simulator control answered without the expected list');
  return value;
}

function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error('the simulator control answered a non-text field');
  return value;
}

function operationOf(value: unknown): ReceivedOrder['operation'] {
  if (value === 'search' || value === 'record-view' || value === 'certificate') return value;
  throw new Error(`unknown order operation ${String(value)}`);
}

function ufOf(value: string) {
  const uf = parseUf(value);
  if (!uf) throw new Error(`the simulator answered an invalid UF: ${value}`);
  return uf;
}
