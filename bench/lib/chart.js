// The ratio chart, written as SVG by hand: per scenario, a bar for warren/Fastify and one for
// warren/node:http, with a line at 1.00 (parity).

const WIDTH = 720
const LABEL = 250
const ROW = 46
const TOP = 56
const BAR = 16
const COLORS = { fastify: '#2f6fdf', node: '#9aa4b2' }

function escape(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function bar(y, ratio, scale, color) {
  if (!Number.isFinite(ratio)) return ''
  const width = Math.max(1, ratio * scale)
  return `<rect x="${LABEL}" y="${y}" width="${width.toFixed(1)}" height="${BAR}" fill="${color}"/>` +
    `<text x="${(LABEL + width + 6).toFixed(1)}" y="${y + BAR - 3}" font-size="12">${ratio.toFixed(2)}×</text>`
}

/**
 * The SVG of `rows` (`{ name, vsFastify, vsNode }`), titled `title`. Bars are scaled so the
 * largest ratio (at least 1.25) fits with room for its label.
 */
export function ratioChart(rows, title) {
  const largest = Math.max(1.25, ...rows.flatMap((row) => [row.vsFastify, row.vsNode].filter(Number.isFinite)))
  const scale = (WIDTH - LABEL - 130) / largest
  const height = TOP + rows.length * ROW + 16
  const parity = LABEL + scale
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="bold">${escape(title)}</text>`,
    `<rect x="12" y="34" width="12" height="12" fill="${COLORS.fastify}"/><text x="30" y="44" font-size="12">warren / Fastify</text>`,
    `<rect x="150" y="34" width="12" height="12" fill="${COLORS.node}"/><text x="168" y="44" font-size="12">warren / node:http (requests/s; higher is better)</text>`,
  ]
  rows.forEach((row, index) => {
    const y = TOP + index * ROW
    parts.push(`<text x="12" y="${y + 21}" font-size="12">${escape(row.name)}</text>`)
    parts.push(bar(y + 4, row.vsFastify, scale, COLORS.fastify))
    parts.push(bar(y + 4 + BAR + 2, row.vsNode, scale, COLORS.node))
  })
  parts.push(`<line x1="${parity.toFixed(1)}" y1="${TOP - 4}" x2="${parity.toFixed(1)}" y2="${height - 10}" stroke="#d22" stroke-dasharray="4 3"/>`)
  parts.push(`<text x="${(parity + 3).toFixed(1)}" y="${height - 2}" font-size="11" fill="#d22">1.00</text>`)
  parts.push('</svg>')
  return parts.join('\n') + '\n'
}
