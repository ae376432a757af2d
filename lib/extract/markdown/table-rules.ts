import type TurndownService from 'turndown';

/**
 * Cells end with this character so the table rule can split rows back into cells without parsing
 * pipes (which cell text may contain). The serializer strips control characters from page text, so it
 * cannot occur in content.
 */
const CELL_END = '\u001F';

function cellText(content: string): string {
  return content.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/**
 * Our own GFM table rules, replacing turndown-plugin-gfm's: that plugin leaves a table without a
 * <th> header row as raw HTML and breaks on cells holding line breaks or pipes. Here the first row is
 * always the header (what a reader takes it for), rows are padded to the widest row, and colspans
 * keep columns aligned.
 */
export function tableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const span = Number((node as HTMLElement).getAttribute('colspan')) || 1;
      return cellText(content) + CELL_END.repeat(Math.min(Math.max(span, 1), 100));
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content) => `\n${content.replace(/\n/g, ' ')}\n`,
  });
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => {
      const rows = content
        .split('\n')
        .filter((line) => line.includes(CELL_END))
        .map((line) =>
          line
            .split(CELL_END)
            .slice(0, -1)
            .map((cell) => cell.trim()),
        );
      const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
      if (columns === 0) return '';
      const lines = rows.map((row) => {
        const padded = row.concat(Array(columns - row.length).fill(''));
        return `| ${padded.join(' | ')} |`;
      });
      const separator = `| ${Array(columns).fill('---').join(' | ')} |`;
      lines.splice(1, 0, separator);
      return `\n\n${lines.join('\n')}\n\n`;
    },
  });
}
