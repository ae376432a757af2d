import { readCallArguments } from './js-literal.js';

/**
 * The Next.js app router streams its React Server Components payload into the page as
 * `self.__next_f.push([1,"<chunk>"])` calls. Concatenated, the chunks are the flight stream:
 * rows `<hex id>:<payload>\n`, where the payload is JSON (a model row), or a tag letter and
 * JSON (`I` module, `HL` hint, `E` error, `D` debug…), or `T<hex length>,<text>` whose text is
 * counted in bytes and carries no newline terminator. A row may be split across pushes, so the
 * stream is cut into rows only after concatenation, and on bytes so `T` lengths stay exact.
 */

export interface FlightRowIndex {
  id: string;
  bytes: number;
  /** Top-level keys of an object row (first 50), else null. */
  keys: string[] | null;
  /** Items of an array row or characters of a text row, else null. */
  length: number | null;
}

export interface NextFlight {
  data_rows: FlightRowIndex[];
  /** Model and text rows by id: the addressable data. References such as "$L3" are kept as written. */
  rows: Record<string, unknown>;
  /** `I` rows: client module references. */
  modules: Record<string, unknown>;
  /** `H` rows: resource hints; `code` is the letter after H (`L` preload, `S` stylesheet…). */
  hints: { code: string; value: unknown }[];
  /** Rows with any other tag (errors, debug info, timing). */
  other: { id: string; tag: string; value: unknown }[];
  /** The `[2, …]` push: server action form state, when the page has one. */
  form_state?: unknown;
}

const MAX_INDEX_KEYS = 50;
const PUSH_CALL = /__next_f\s*(?:=\s*self\.__next_f\s*\|\|\s*\[\s*\]\s*\))?\s*\.push\s*(?=\()/g;
const LENGTH_PREFIXED_TAGS = new Set('TAOoUSsLlGgMmVb'.split(''));

export interface FlightChunks {
  chunks: Buffer[];
  formState?: unknown;
  /** True when some push could not be read (the stream then has a gap). */
  unreadable: number;
}

/** Collects the chunk pushes from one inline script into `into`. */
export function collectFlightChunks(script: string, into: FlightChunks): void {
  if (!script.includes('__next_f')) return;
  for (const match of script.matchAll(PUSH_CALL)) {
    const open = (match.index ?? 0) + match[0].length;
    let args: unknown[];
    try {
      args = readCallArguments(script, open).value;
    } catch {
      into.unreadable += 1;
      continue;
    }
    const [chunk] = args;
    if (!Array.isArray(chunk)) continue;
    const [type, payload] = chunk;
    if (type === 1 && typeof payload === 'string') into.chunks.push(Buffer.from(payload, 'utf8'));
    else if (type === 3 && typeof payload === 'string') into.chunks.push(Buffer.from(payload, 'base64'));
    else if (type === 2) into.formState = payload;
  }
}

export function decodeFlight(stream: Buffer, warnings: string[]): NextFlight {
  const flight: NextFlight = { data_rows: [], rows: {}, modules: {}, hints: [], other: [] };
  let malformed = 0;
  let i = 0;
  while (i < stream.length) {
    if (stream[i] === 0x0a) {
      i += 1;
      continue;
    }
    const colon = stream.indexOf(0x3a, i);
    const newline = stream.indexOf(0x0a, i);
    if (colon === -1 || (newline !== -1 && newline < colon)) {
      malformed += 1;
      i = newline === -1 ? stream.length : newline + 1;
      continue;
    }
    const id = stream.toString('latin1', i, colon);
    if (!/^[0-9a-fA-F]*$/.test(id)) {
      malformed += 1;
      i = newline === -1 ? stream.length : newline + 1;
      continue;
    }
    const tagStart = colon + 1;
    const tag = String.fromCharCode(stream[tagStart] ?? 0);
    const sized = LENGTH_PREFIXED_TAGS.has(tag) ? readLengthPrefix(stream, tagStart + 1) : null;
    if (sized) {
      const body = stream.subarray(sized.bodyStart, sized.bodyStart + sized.length);
      i = sized.bodyStart + sized.length;
      if (tag === 'T') addDataRow(flight, id, body.toString('utf8'), body.length);
      else flight.other.push({ id, tag, value: { binary_bytes: body.length } });
      continue;
    }
    const end = newline === -1 ? stream.length : newline;
    i = end + 1;
    let payloadStart = tagStart;
    let rowTag = '';
    if (/[A-Z]/.test(tag)) {
      rowTag = tag;
      payloadStart += 1;
      if (tag === 'H') {
        rowTag += String.fromCharCode(stream[payloadStart] ?? 0);
        payloadStart += 1;
      }
    }
    const text = stream.toString('utf8', payloadStart, end);
    const value = parseRowPayload(text);
    if (value === UNPARSED) malformed += 1;
    const decoded = value === UNPARSED ? text : value;
    if (rowTag === '') addDataRow(flight, id, decoded, end - payloadStart);
    else if (rowTag === 'I') flight.modules[id] = decoded;
    else if (rowTag.startsWith('H')) flight.hints.push({ code: rowTag.slice(1), value: decoded });
    else flight.other.push({ id, tag: rowTag, value: decoded });
  }
  if (malformed > 0) warnings.push(`next_f: ${malformed} flight row(s) were not JSON and are kept as text`);
  return flight;
}

const UNPARSED = Symbol('unparsed');

function parseRowPayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSED;
  }
}

function readLengthPrefix(stream: Buffer, start: number): { length: number; bodyStart: number } | null {
  // A hex length of at most 8 digits then a comma; anything else is a JSON row after all.
  const comma = stream.indexOf(0x2c, start);
  if (comma === -1 || comma === start || comma - start > 8) return null;
  const hex = stream.toString('latin1', start, comma);
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  const length = Number.parseInt(hex, 16);
  return { length: Math.min(length, stream.length - comma - 1), bodyStart: comma + 1 };
}

function addDataRow(flight: NextFlight, id: string, value: unknown, bytes: number): void {
  // Ids are unique within one stream; a repeat (a malformed page) keeps the first.
  if (Object.hasOwn(flight.rows, id)) return;
  flight.rows[id] = value;
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  flight.data_rows.push({
    id,
    bytes,
    keys: isObject ? Object.keys(value).slice(0, MAX_INDEX_KEYS) : null,
    length: Array.isArray(value) ? value.length : typeof value === 'string' ? value.length : null,
  });
}
