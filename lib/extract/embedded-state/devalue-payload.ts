import { unflatten } from 'devalue';

/**
 * `__NUXT_DATA__` is a devalue-flattened array. devalue knows its own built-in tags; Nuxt adds
 * wrappers (`Reactive`, `ShallowRef`, `EmptyRef`, `NuxtError`, `Island`…) and a module can add
 * more. An unknown tag makes `unflatten` throw, so every tag the payload uses that devalue does
 * not know gets a reviver: the Vue wrappers unwrap to their content, anything else passes its
 * content through. No reviver is page code; they only return data.
 */

const DEVALUE_TAGS = new Set([
  'Date',
  'Set',
  'Map',
  'RegExp',
  'Object',
  'BigInt',
  'null',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Float16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'DataView',
  'ArrayBuffer',
  'URL',
  'URLSearchParams',
  'Temporal.Duration',
  'Temporal.Instant',
  'Temporal.PlainDate',
  'Temporal.PlainTime',
  'Temporal.PlainDateTime',
  'Temporal.PlainMonthDay',
  'Temporal.PlainYearMonth',
  'Temporal.ZonedDateTime',
]);

/** Nuxt serialises an empty ref as a string: `_` for undefined, `0n` for 0n, else JSON. */
function reviveEmptyRef(value: unknown): unknown {
  if (value === '_') return null;
  if (value === '0n') return '0';
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function decodeDevalue(payload: unknown): unknown {
  if (!Array.isArray(payload) || payload.length === 0) {
    throw new Error('a devalue payload is a non-empty array');
  }
  const revivers: Record<string, (value: unknown) => unknown> = {};
  for (const entry of payload) {
    // In a flattened payload only a tagged value is an array starting with a string.
    if (Array.isArray(entry) && typeof entry[0] === 'string' && !DEVALUE_TAGS.has(entry[0])) {
      revivers[entry[0]] =
        entry[0] === 'EmptyRef' || entry[0] === 'EmptyShallowRef' ? reviveEmptyRef : passThrough;
    }
  }
  return unflatten(payload, revivers);
}

function passThrough(value: unknown): unknown {
  return value;
}
