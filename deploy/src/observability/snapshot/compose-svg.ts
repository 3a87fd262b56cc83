export interface GridLayout {
  readonly columns: number;
  /** Every cell has the size of the panel SVGs it holds. */
  readonly cellWidth: number;
  readonly cellHeight: number;
}

const HEADER_HEIGHT = 48;

const escapeXml = (text: string): string =>
  text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char] ?? char);

/** Places a whole SVG document at (x, y) inside another: a nested <svg> keeps its own viewBox and ids. */
function placed(svg: string, x: number, y: number): string {
  const root = svg.replace(/^\s*<\?xml[^>]*>\s*/, '');
  if (!root.startsWith('<svg')) throw new Error('not an SVG document');
  return `<svg x="${x}" y="${y}"${root.slice('<svg'.length)}`;
}

/**
 * One SVG of a dashboard's panels in a grid under its title, from the panels' own SVGs: the combined picture shows
 * exactly what the single ones do. (ECharts' ids carry the instance number, so nested documents do not collide.)
 */
export function composeGrid(title: string, cells: readonly string[], layout: GridLayout): string {
  const rows = Math.ceil(cells.length / layout.columns);
  const width = layout.columns * layout.cellWidth;
  const height = HEADER_HEIGHT + rows * layout.cellHeight;
  const body = cells.map((svg, index) =>
    placed(
      svg,
      (index % layout.columns) * layout.cellWidth,
      HEADER_HEIGHT + Math.floor(index / layout.columns) * layout.cellHeight,
    ),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<text x="${width / 2}" y="${HEADER_HEIGHT / 2 + 8}" text-anchor="middle" font-family="DejaVu Sans" font-size="22" font-weight="bold" fill="#333">${escapeXml(title)}</text>`,
    ...body,
    '</svg>',
  ].join('\n');
}
