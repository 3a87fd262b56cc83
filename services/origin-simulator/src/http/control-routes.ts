import { formatCpfCnpj } from '@regapi/br';
import { ORIGIN_FAULTS, ORIGIN_OPERATIONS, type OriginFault, type OriginOperation } from '@regapi/origin';
import { Router } from 'express';
import { FAULT_TABLE, FAULTS_BY_OPERATION, magicCnpj, magicCpf, magicMatricula } from '../portal/faults';
import type { SimContext } from '../portal/sim-context';

export interface ControlHooks {
  reset(): void;
}

/** The wire shape of `GET /control/samples` (issue 3). */
export interface ControlSamples {
  owners: {
    cpf_cnpj: string;
    nome: string;
    uf: string;
    imoveis: { matricula: string; cartorio_numero: number; cartorio_municipio: string; cartorio_uf: string }[];
  }[];
}

/** Demo and test controls: never part of the origin's protocol, never needed by the service. */
export function controlRoutes(sim: SimContext, hooks: ControlHooks): Router {
  const router = Router();

  router.get('/control/samples', (_req, res) => {
    const body: ControlSamples = {
      owners: sim.world.samples.map((sample) => ({
        cpf_cnpj: formatCpfCnpj(sample.person.doc) ?? sample.person.doc,
        nome: sample.person.nome,
        uf: sample.uf,
        imoveis: sample.records.map((record) => {
          const office = sim.world.officeByCns(record.cns);
          return {
            matricula: record.matricula,
            cartorio_numero: office?.numero ?? 0,
            cartorio_municipio: office?.municipio ?? '',
            cartorio_uf: office?.uf ?? sample.uf,
          };
        }),
      })),
    };
    res.json(body);
  });

  router.get('/control/orders', (_req, res) => {
    res.json({
      orders: sim
        .state()
        .received.list()
        .map((entry) => ({
          seq: entry.seq,
          operation: entry.operation,
          received_at: entry.receivedAt,
          input: entry.input,
          numero_pedido: entry.numeroPedido,
          result: entry.result,
        })),
    });
  });

  router.get('/control/faults', (_req, res) => {
    res.json({
      armed: sim.state().faults.list(),
      table: FAULT_TABLE.map((spec) => ({
        fault: spec.fault,
        code: spec.code,
        description: spec.description,
        operations: ORIGIN_OPERATIONS.filter((op) => FAULTS_BY_OPERATION[op].includes(spec.fault)),
        magic: {
          cpf: FAULTS_BY_OPERATION.search.includes(spec.fault) ? formatCpfCnpj(magicCpf(spec.fault)) : null,
          cnpj: FAULTS_BY_OPERATION.search.includes(spec.fault) ? formatCpfCnpj(magicCnpj(spec.fault)) : null,
          matricula:
            FAULTS_BY_OPERATION['record-view'].includes(spec.fault) ||
            FAULTS_BY_OPERATION.certificate.includes(spec.fault)
              ? magicMatricula(spec.fault)
              : null,
        },
      })),
    });
  });

  router.post('/control/faults', (req, res) => {
    const fault: unknown = req.body?.fault;
    const operation: unknown = req.body?.operation;
    const times: unknown = req.body?.times ?? 1;
    if (
      !isFault(fault) ||
      !isOperation(operation) ||
      typeof times !== 'number' ||
      !Number.isInteger(times) ||
      times < 1
    ) {
      res.status(400).json({
        error: 'body must be {"fault": <fault>, "operation": <operation>, "times"?: integer >= 1}',
        faults: ORIGIN_FAULTS,
        operations: ORIGIN_OPERATIONS,
      });
      return;
    }
    if (!FAULTS_BY_OPERATION[operation].includes(fault)) {
      res.status(400).json({
        error: `fault "${fault}" does not apply to "${operation}"`,
        applicable: FAULTS_BY_OPERATION[operation],
      });
      return;
    }
    sim.state().faults.arm(fault, operation, times);
    res.status(201).json({ armed: sim.state().faults.list() });
  });

  router.delete('/control/faults', (_req, res) => {
    sim.state().faults.clear();
    res.status(204).end();
  });

  // Issue 12: one office goes out of service (or comes back) at the origin, as the registry's own offices do.
  router.get('/control/offices', (_req, res) => {
    res.json({ changed: sim.state().offices.list() });
  });

  router.put('/control/offices/:cns', (req, res) => {
    const cns = String(req.params.cns);
    const situacao: unknown = req.body?.situacao;
    if (situacao !== 'ATIVO' && situacao !== 'FORA_DO_AR') {
      res.status(400).json({ error: 'body must be {"situacao": "ATIVO" | "FORA_DO_AR"}' });
      return;
    }
    if (!sim.world.officeByCns(cns)) {
      res.status(404).json({ error: `no office with CNS ${cns}` });
      return;
    }
    sim.state().offices.set(cns, situacao === 'ATIVO');
    res.json({ cns, situacao });
  });

  router.post('/control/reset', (_req, res) => {
    hooks.reset();
    res.status(204).end();
  });

  router.get('/control/clock', (_req, res) => {
    res.json({ now: sim.clock.now().toISOString() });
  });

  router.post('/control/clock', (req, res) => {
    const advance: unknown = req.body?.advance_ms;
    if (typeof advance !== 'number' || !Number.isFinite(advance) || advance < 0) {
      res.status(400).json({ error: 'body must be {"advance_ms": number >= 0}' });
      return;
    }
    res.json({ now: sim.clock.advance(advance).toISOString() });
  });

  return router;
}

function isFault(value: unknown): value is OriginFault {
  return typeof value === 'string' && (ORIGIN_FAULTS as readonly string[]).includes(value);
}

function isOperation(value: unknown): value is OriginOperation {
  return typeof value === 'string' && (ORIGIN_OPERATIONS as readonly string[]).includes(value);
}
