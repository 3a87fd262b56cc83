const echarts = require('echarts');
const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
const red = 0.995;
chart.setOption({
  animation: false,
  xAxis: { type: 'time' },
  yAxis: {
    type: 'value',
    scale: true,
    min: (e) => {
      console.log('min', e);
      return Math.min(e.min, red - 0.0002);
    },
    max: (e) => {
      console.log('max', e);
      return Math.max(e.max, red);
    },
  },
  series: [
    {
      type: 'line',
      data: [
        [1700000000000, 0.9995],
        [1700000060000, 0.9989],
      ],
      markLine: { symbol: 'none', lineStyle: { color: '#d44a3a', type: 'dashed' }, data: [{ yAxis: red }] },
    },
  ],
});
const svg = chart.renderToSVGString();
console.log((svg.match(/dasharray/g) || []).length, svg.match(/<text[^>]*>[^<]*<\/text>/g).join('\n'));
