import { FONTES, type Fonte, OpenApiValidator, RESULT_CODES } from '@regapi/contracts';
import { failureResultData } from '../src/failure-result';

// A failed order's data[0] is served by GET /v1/consultas/{protocolo}: it must match docs/openapi.json.
const validator = new OpenApiValidator();

const SCHEMA: Readonly<Record<Fonte, string>> = {
  'pesquisa-previa-bens': 'ResultadoPesquisaPreviaBens',
  'visualizacao-matricula': 'ResultadoVisualizacaoMatricula',
  'certidao-inteiro-teor': 'ResultadoCertidaoInteiroTeor',
};

test.each(FONTES)('every failure result of %s matches its product result schema', (fonte) => {
  for (const { code } of RESULT_CODES) {
    for (const detail of [{}, { numeroPedido: 'P-1', note: 'Nota.' }, { numeroPedido: null }]) {
      expect([code, validator.errorsOf(SCHEMA[fonte], failureResultData(fonte, code, detail))]).toEqual([code, []]);
    }
  }
});

test('a search that ended without a result claims no confidence (contract 2.1, 2.4; decision 0147)', () => {
  for (const { code } of RESULT_CODES) {
    const data = failureResultData('pesquisa-previa-bens', code, {});
    expect([code, 'confianca' in data ? data.confianca : 'absent']).toEqual([code, null]);
  }
});
