/**
 * Axis values in the panel's Grafana unit (the ids dashboard-spec.ts uses), close to what Grafana prints so the
 * pictures read like the dashboards. An id not listed here is printed after a plain number.
 */
const SI = [
  { factor: 1e12, suffix: 'T' },
  { factor: 1e9, suffix: 'G' },
  { factor: 1e6, suffix: 'M' },
  { factor: 1e3, suffix: 'k' },
];
const IEC = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** At most `digits` significant digits, no trailing zeros: 0.25, 12.5, 950. */
const plain = (value: number, digits = 3): string => String(Number(value.toPrecision(digits)));

function short(value: number): string {
  const size = Math.abs(value);
  const scale = SI.find((step) => size >= step.factor);
  return scale === undefined ? plain(value) : `${plain(value / scale.factor)}${scale.suffix}`;
}

function bytes(value: number): string {
  let scaled = value;
  let index = 0;
  while (Math.abs(scaled) >= 1024 && index < IEC.length - 1) {
    scaled /= 1024;
    index++;
  }
  return `${plain(scaled)} ${IEC[index]}`;
}

function seconds(value: number): string {
  const size = Math.abs(value);
  if (size === 0) return '0 s';
  if (size < 1e-3) return `${plain(value * 1e6)} µs`;
  if (size < 1) return `${plain(value * 1e3)} ms`;
  if (size < 60) return `${plain(value)} s`;
  if (size < 3600) return `${plain(value / 60)} min`;
  if (size < 86400) return `${plain(value / 3600)} h`;
  return `${plain(value / 86400)} day`;
}

const FORMATS: Readonly<Record<string, (value: number) => string>> = {
  short,
  none: (value) => plain(value),
  s: seconds,
  // Four digits: an objective of 99.5% and an availability of 99.95% must not both read 99.9%.
  percentunit: (value) => `${plain(value * 100, 4)}%`,
  percent: (value) => `${plain(value, 4)}%`,
  bytes,
  Bps: (value) => `${bytes(value)}/s`,
  reqps: (value) => `${short(value)} req/s`,
  ops: (value) => `${short(value)} ops/s`,
  opm: (value) => `${short(value)} ops/min`,
  currencyBRL: (value) => `R$ ${short(value)}`,
};

export function formatValue(unit: string, value: number): string {
  const format = FORMATS[unit];
  return format === undefined ? `${short(value)} ${unit}` : format(value);
}
