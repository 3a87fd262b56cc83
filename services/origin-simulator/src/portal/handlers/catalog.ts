import { formatReaisBrasil } from '@regapi/br';
import type { WireCatalog, WireTariffs } from '@regapi/origin';
import { type Answer, json } from '../answer';
import { genericFaultAnswer } from '../generic-faults';
import { type CallContext, wait } from '../sim-context';

/** `GET /api/cartorios`: every office, out-of-service ones included (contract 2.4: they stay counted). */
export async function catalog(call: CallContext): Promise<Answer> {
  const fault = await genericFaultAnswer(call, 'catalog', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('catalog'));
  const offices = call.sim.world.offices;
  const answer: WireCatalog = {
    gerado_em: call.sim.clock.now().toISOString(),
    total: offices.length,
    cartorios: offices.map((office) => ({
      cns: office.cns,
      numero: office.numero,
      nome: office.nome,
      municipio: office.municipio,
      uf: office.uf,
      fuso_horario: office.timeZone,
      situacao: call.state.offices.isAvailable(office) ? 'ATIVO' : 'FORA_DO_AR',
    })),
  };
  return json(200, answer);
}

/** `GET /api/emolumentos`: search fee per UF, certificate and record-view fee per office, in reais as printed. */
export async function tariffs(call: CallContext): Promise<Answer> {
  const fault = await genericFaultAnswer(call, 'tariffs', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('tariffs'));
  const { tariffs: table, offices } = call.sim.world;
  const answer: WireTariffs = {
    vigencia: table.vigencia,
    pesquisa_previa: [...table.searchFees].map(([uf, centavos]) => ({ uf, valor: formatReaisBrasil(centavos) })),
    cartorios: offices.map((office) => {
      const fee = table.officeFees.get(office.cns) ?? { certidaoCentavos: 0, visualizacaoCentavos: 0 };
      return {
        cns: office.cns,
        certidao: formatReaisBrasil(fee.certidaoCentavos),
        visualizacao: formatReaisBrasil(fee.visualizacaoCentavos),
      };
    }),
  };
  return json(200, answer);
}
