import { PrometheusAnswerError, PrometheusQueryError, readPrometheusAnswer } from '../src/metrics/prometheus-query-api';

const success = (data: unknown) => ({ status: 'success', data });

describe('readPrometheusAnswer', () => {
  it('reads a matrix, with Prometheus’s special values as numbers', () => {
    const answer = success({
      resultType: 'matrix',
      result: [
        {
          metric: { product: 'matricula' },
          values: [
            [1700000000, '1.5'],
            [1700000015, 'NaN'],
            [1700000030, '+Inf'],
          ],
        },
      ],
    });
    expect(readPrometheusAnswer(answer, 'x')).toEqual([
      {
        labels: { product: 'matricula' },
        points: [
          [1700000000, 1.5],
          [1700000015, Number.NaN],
          [1700000030, Infinity],
        ],
      },
    ]);
  });

  it('reads a vector as one point per series', () => {
    const answer = success({ resultType: 'vector', result: [{ metric: {}, value: [1700000000.5, '-Inf'] }] });
    expect(readPrometheusAnswer(answer, 'x')).toEqual([{ labels: {}, points: [[1700000000.5, -Infinity]] }]);
  });

  it('turns an error answer into a PrometheusQueryError with its type', () => {
    const answer = { status: 'error', errorType: 'bad_data', error: 'parse error' };
    expect(() => readPrometheusAnswer(answer, 'sum(')).toThrow(PrometheusQueryError);
    expect(() => readPrometheusAnswer(answer, 'sum(')).toThrow('bad_data: parse error');
  });

  it.each([
    ['not an object', []],
    ['no data', { status: 'success' }],
    ['a string result', success({ resultType: 'string', result: [1, 'text'] })],
    [
      'a label that is not a string',
      success({ resultType: 'vector', result: [{ metric: { a: 1 }, value: [1, '1'] }] }),
    ],
    ['a value that is not a number', success({ resultType: 'matrix', result: [{ metric: {}, values: [[1, 'one']] }] })],
    ['a point without a time', success({ resultType: 'matrix', result: [{ metric: {}, values: [['1', '1']] }] })],
  ])('rejects %s', (_what, answer) => {
    expect(() => readPrometheusAnswer(answer, 'x')).toThrow(PrometheusAnswerError);
  });
});
