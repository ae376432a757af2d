/** A price as shown and as a number: `{amount: 21.99, currency: 'USD', display: '$21.99'}`. */
export interface Money {
  amount: number | null;
  currency: string | null;
  display: string;
}

const SYMBOLS: [string, string][] = [
  ['R$', 'BRL'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['S$', 'SGD'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['zł', 'PLN'],
  ['kr', 'SEK'],
  ['TL', 'TRY'],
  ['AED', 'AED'],
  ['SAR', 'SAR'],
  ['EGP', 'EGP'],
];

/** `$` alone means the dollar of the store's country. */
const DOLLAR_BY_TLD: Record<string, string> = {
  ca: 'CAD',
  'com.au': 'AUD',
  'com.mx': 'MXN',
  sg: 'SGD',
};

function currencyOf(display: string, host: string): string | null {
  for (const [symbol, code] of SYMBOLS) if (display.includes(symbol)) return code;
  if (display.includes('$')) {
    const tld = Object.keys(DOLLAR_BY_TLD).find((suffix) => host.endsWith(`.${suffix}`));
    return tld ? DOLLAR_BY_TLD[tld] : 'USD';
  }
  const code = /\b([A-Z]{3})\b/.exec(display)?.[1];
  return code ?? null;
}

/** "1,299.00", "1.299,00", "21,99", "2 499": the decimal mark is the last `.`/`,` followed by 1–2 digits. */
function amountOf(display: string): number | null {
  const digits = display.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '');
  const amount = Number(decimal ? `${whole}.${decimal[1]}` : whole);
  return Number.isFinite(amount) ? amount : null;
}

export function parseMoney(display: string | null, host = ''): Money | null {
  if (display === null) return null;
  const shown = display.replace(/\s+/g, ' ').trim();
  if (shown === '') return null;
  return { amount: amountOf(shown), currency: currencyOf(shown, host), display: shown };
}
