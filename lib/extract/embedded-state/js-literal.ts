import { applyDataCall, constructData, defineOwn, isDataCall, isRecord } from './js-data-calls.js';
import { findTopLevelReturn, LiteralError, readJsString, scanBalanced, skipSpace } from './js-scan.js';

/**
 * A reader for the data-shaped subset of JavaScript that pages inline as state: object and
 * array literals with unquoted keys, single quotes, trailing commas, `undefined`, `void 0`,
 * `!0`, `JSON.parse("…")`, `new Date(…)`, and the `(function(a,b){return {…}}(1,"x"))` form
 * that Nuxt 2 and SvelteKit emit for shared values. Nothing is evaluated: an identifier is
 * only ever replaced by the argument literal bound to it, and anything else (a call we do not
 * know, an operator, a variable from outside) stops the read with a LiteralError.
 */

const MAX_DEPTH = 512;
const MAX_ARRAY_LENGTH = 100_000;
/** Slots that `Array(n)` and index assignments may create in one read: `Array(1e5)` is 10 bytes of page. */
const MAX_ALLOCATED_SLOTS = 1_000_000;
/** Keys that would reach the prototype when a statement inside an IIFE assigns through them. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface Scope {
  vars: Map<string, unknown>;
  parent?: Scope;
}

export interface LiteralRead {
  value: unknown;
  /** Index just past the value in the source. */
  end: number;
  /** True when an IIFE body had statements we could not apply (the value may miss shared references). */
  partial: boolean;
}

/** Reads one data value starting at `start` (leading whitespace allowed). Throws LiteralError. */
export function readJsLiteral(src: string, start = 0): LiteralRead {
  const reader = new LiteralReader(src, start);
  const value = reader.readValue(undefined);
  return { value, end: reader.pos, partial: reader.partial };
}

/** Parses a whole text as one value: JSON first (fast, exact), then the tolerant reader. */
export function parseDataText(text: string): { value: unknown; partial: boolean } {
  try {
    return { value: JSON.parse(text), partial: false };
  } catch {
    const read = readJsLiteral(text);
    const rest = skipSpace(text, read.end);
    if (rest < text.length && !/^;?\s*$/.test(text.slice(rest))) {
      throw new LiteralError(`unexpected text after the value at offset ${rest}`);
    }
    return { value: read.value, partial: read.partial };
  }
}

/** Reads the argument list of a call whose `(` is at `open`: `push({…}, [...])` → values. */
export function readCallArguments(src: string, open: number): LiteralRead & { value: unknown[] } {
  const reader = new LiteralReader(src, open);
  const value = reader.readArguments(undefined);
  return { value, end: reader.pos, partial: reader.partial };
}

class LiteralReader {
  partial = false;
  private depth = 0;
  private allocatedSlots = 0;

  constructor(
    private readonly src: string,
    public pos: number,
  ) {}

  readValue(scope: Scope | undefined): unknown {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new LiteralError(`nested deeper than ${MAX_DEPTH} levels`);
    try {
      this.pos = skipSpace(this.src, this.pos);
      const ch = this.src[this.pos];
      if (ch === undefined) throw new LiteralError('value expected, end of text found');
      if (this.src.startsWith('...', this.pos)) throw this.error('a spread is code, not data');
      if (ch === '{') return this.readObject(scope);
      if (ch === '[') return this.readArray(scope);
      if (ch === '"' || ch === "'" || ch === '`') return this.readString();
      if (ch === '(') return this.readParenthesised(scope);
      if (ch === '!') return this.readNegation();
      if (ch === '-' || ch === '+' || ch === '.' || (ch >= '0' && ch <= '9')) return this.readNumber();
      if (/[A-Za-z_$]/.test(ch)) return this.readIdentifierValue(scope);
      throw this.error(`unexpected "${ch}"`);
    } finally {
      this.depth -= 1;
    }
  }

  readArguments(scope: Scope | undefined): unknown[] {
    this.expect('(');
    const values: unknown[] = [];
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ')') {
        this.pos += 1;
        return values;
      }
      values.push(this.readValue(scope));
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ',') this.pos += 1;
      else if (this.src[this.pos] !== ')') throw this.error('"," or ")" expected in argument list');
    }
  }

  private readObject(scope: Scope | undefined): Record<string, unknown> {
    this.pos += 1;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      const ch = this.src[this.pos];
      if (ch === '}') {
        this.pos += 1;
        return out;
      }
      let key: string;
      let bareIdentifier = false;
      if (this.src.startsWith('...', this.pos)) throw this.error('a spread is code, not data');
      if (ch === '"' || ch === "'") {
        key = this.readString();
      } else if (ch !== undefined && /[\d.]/.test(ch)) {
        key = String(this.readNumber());
      } else {
        const name = this.matchIdentifier();
        if (name === null) throw this.error('object key expected');
        key = name;
        bareIdentifier = true;
      }
      this.pos = skipSpace(this.src, this.pos);
      const after = this.src[this.pos];
      let value: unknown;
      if (after === ':') {
        this.pos += 1;
        value = this.readValue(scope);
      } else if (bareIdentifier && (after === ',' || after === '}')) {
        value = this.lookup(scope, key);
      } else {
        throw this.error(`":" expected after key "${key}"`);
      }
      defineOwn(out, key, value);
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ',') this.pos += 1;
      else if (this.src[this.pos] !== '}') throw this.error('"," or "}" expected in object');
    }
  }

  private readArray(scope: Scope | undefined): unknown[] {
    this.pos += 1;
    const out: unknown[] = [];
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      const ch = this.src[this.pos];
      if (ch === ']') {
        this.pos += 1;
        return out;
      }
      if (ch === ',') {
        // An elision (`[1,,2]`) is a hole; JSON has no holes, so it reads as null.
        out.push(null);
        this.pos += 1;
        continue;
      }
      out.push(this.readValue(scope));
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ',') this.pos += 1;
      else if (this.src[this.pos] !== ']') throw this.error('"," or "]" expected in array');
    }
  }

  private readString(): string {
    const { value, end } = readJsString(this.src, this.pos);
    this.pos = end;
    return value;
  }

  private readNegation(): boolean {
    this.pos = skipSpace(this.src, this.pos + 1);
    const digit = this.src[this.pos];
    // Minifiers write true as `!0` and false as `!1`; nothing else is read.
    if ((digit === '0' || digit === '1') && !/[\w.]/.test(this.src[this.pos + 1] ?? '')) {
      this.pos += 1;
      return digit === '0';
    }
    throw this.error('only !0 and !1 are read');
  }

  private readNumber(): number | string | null {
    let sign = 1;
    const signChar = this.src[this.pos];
    if (signChar === '-' || signChar === '+') {
      sign = signChar === '-' ? -1 : 1;
      this.pos = skipSpace(this.src, this.pos + 1);
      if (this.src.startsWith('Infinity', this.pos)) {
        this.pos += 'Infinity'.length;
        return null;
      }
    }
    const pattern =
      /(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)(n?)/y;
    pattern.lastIndex = this.pos;
    const match = pattern.exec(this.src);
    if (!match) throw this.error('number expected');
    this.pos = pattern.lastIndex;
    const digits = match[1].replaceAll('_', '');
    if (match[2] === 'n') {
      // JSON has no BigInt; the decimal string keeps every digit.
      return (sign < 0 ? '-' : '') + BigInt(digits).toString();
    }
    const value = sign * Number(digits);
    return Number.isFinite(value) ? value : null;
  }

  private readIdentifierValue(scope: Scope | undefined): unknown {
    const name = this.matchIdentifier(true);
    if (name === null) throw this.error('identifier expected');
    switch (name) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
      case 'undefined':
      case 'NaN':
      case 'Infinity':
        return null;
      case 'void':
        this.readValue(scope);
        return null;
      case 'new':
        return this.readConstruction(scope);
      case 'function':
        throw this.error('a function is code, not data');
    }
    this.pos = skipSpace(this.src, this.pos);
    if (this.src[this.pos] === '(') return this.readDataCall(name, scope);
    return this.lookup(scope, name);
  }

  private readConstruction(scope: Scope | undefined): unknown {
    this.pos = skipSpace(this.src, this.pos);
    const name = this.matchIdentifier(true);
    this.pos = skipSpace(this.src, this.pos);
    const args = this.src[this.pos] === '(' ? this.readArguments(scope) : [];
    return this.located(() => constructData(name, args));
  }

  private readDataCall(name: string, scope: Scope | undefined): unknown {
    if (!isDataCall(name)) throw this.error(`call to ${name}() is not read`);
    const args = this.readArguments(scope);
    if (name === 'Array' && typeof args[0] === 'number') this.allocate(args[0]);
    return this.located(() => applyDataCall(name, args));
  }

  /** Runs a table lookup, giving its LiteralError the reader's position. */
  private located<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof LiteralError) throw this.error(error.message);
      throw error;
    }
  }

  /** `(…)`: either the IIFE form or a parenthesised value. */
  private readParenthesised(scope: Scope | undefined): unknown {
    const open = this.pos;
    const inner = skipSpace(this.src, open + 1);
    if (this.src.startsWith('function', inner) && !/[\w$]/.test(this.src[inner + 8] ?? '')) {
      return this.readImmediateFunction(scope, inner + 8);
    }
    this.pos = open + 1;
    const value = this.readValue(scope);
    this.expect(')');
    return value;
  }

  /**
   * `(function(a,b){…return X}(1,2))` or `(function(a,b){…})(1,2)`: binds the parameters to
   * the argument literals and reads X. Statements before `return` of the shape `a.b=c` (how
   * devalue links shared and cyclic values) are applied to the bound values; any other
   * statement is skipped and the result marked partial.
   */
  private readImmediateFunction(scope: Scope | undefined, afterKeyword: number): unknown {
    this.pos = skipSpace(this.src, afterKeyword);
    if (this.src[this.pos] !== '(') this.matchIdentifier();
    this.pos = skipSpace(this.src, this.pos);
    const params = this.readParameterList();
    this.pos = skipSpace(this.src, this.pos);
    if (this.src[this.pos] !== '{') throw this.error('function body expected');
    const bodyStart = this.pos + 1;
    const bodyEnd = scanBalanced(this.src, this.pos) - 1;
    if (bodyEnd < 0) throw this.error('unterminated function body');
    this.pos = skipSpace(this.src, bodyEnd + 1);
    let args: unknown[];
    if (this.src[this.pos] === '(') {
      args = this.readArguments(scope);
      this.expect(')');
    } else {
      this.expect(')');
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] !== '(') throw this.error('a function that is not called is code, not data');
      args = this.readArguments(scope);
    }
    const end = this.pos;
    const inner: Scope = {
      vars: new Map(params.map((param, index) => [param, args[index] ?? null])),
      parent: scope,
    };
    const value = this.readFunctionBody(inner, bodyStart, bodyEnd);
    this.pos = end;
    return value;
  }

  private readParameterList(): string[] {
    this.expect('(');
    const params: string[] = [];
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ')') {
        this.pos += 1;
        return params;
      }
      const name = this.matchIdentifier();
      if (name === null) throw this.error('only plain parameter names are read');
      params.push(name);
      this.pos = skipSpace(this.src, this.pos);
      if (this.src[this.pos] === ',') this.pos += 1;
      else if (this.src[this.pos] !== ')') throw this.error('"," or ")" expected in parameters');
    }
  }

  private readFunctionBody(scope: Scope, bodyStart: number, bodyEnd: number): unknown {
    this.pos = bodyStart;
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      while (this.src[this.pos] === ';') this.pos = skipSpace(this.src, this.pos + 1);
      if (this.pos >= bodyEnd) throw this.error('the function returns nothing readable');
      if (this.src.startsWith('return', this.pos) && !/[\w$]/.test(this.src[this.pos + 6] ?? '')) {
        this.pos += 6;
        return this.readValue(scope);
      }
      const statementStart = this.pos;
      try {
        this.readAssignment(scope);
      } catch (error) {
        if (!(error instanceof LiteralError)) throw error;
        this.partial = true;
        const next = findTopLevelReturn(this.src, statementStart, bodyEnd);
        if (next === -1) throw this.error('the function returns nothing readable');
        this.pos = next;
      }
    }
  }

  /** `a.b[0].c = value` or `var x = value`, applied to values bound in this scope only. */
  private readAssignment(scope: Scope): void {
    let name = this.matchIdentifier();
    if (name === 'var' || name === 'let' || name === 'const') {
      this.pos = skipSpace(this.src, this.pos);
      name = this.matchIdentifier();
      if (name === null) throw this.error('declaration name expected');
      this.pos = skipSpace(this.src, this.pos);
      this.expect('=');
      scope.vars.set(name, this.readValue(scope));
      return;
    }
    if (name === null) throw this.error('statement not read');
    const keys: (string | number)[] = [];
    for (;;) {
      this.pos = skipSpace(this.src, this.pos);
      const ch = this.src[this.pos];
      if (ch === '.') {
        this.pos = skipSpace(this.src, this.pos + 1);
        const key = this.matchIdentifier();
        if (key === null) throw this.error('property name expected');
        keys.push(key);
      } else if (ch === '[') {
        this.pos += 1;
        const key = this.readValue(scope);
        if (typeof key !== 'string' && typeof key !== 'number') throw this.error('computed key not read');
        keys.push(key);
        this.expect(']');
      } else {
        break;
      }
    }
    if (this.src[this.pos] !== '=' || this.src[this.pos + 1] === '=') throw this.error('statement not read');
    this.pos += 1;
    const value = this.readValue(scope);
    if (keys.length === 0) {
      if (!scope.vars.has(name)) throw this.error(`assignment to outside variable ${name}`);
      scope.vars.set(name, value);
      return;
    }
    if (keys.some((key) => UNSAFE_KEYS.has(String(key))))
      throw this.error('assignment through a prototype key');
    let target = this.lookup(scope, name);
    for (const key of keys.slice(0, -1)) {
      // Own properties only: walking an inherited member would reach shared prototypes.
      if ((!isRecord(target) && !Array.isArray(target)) || !Object.hasOwn(target, String(key))) {
        throw this.error('assignment through a missing member');
      }
      target = (target as Record<string, unknown>)[String(key)];
    }
    const last = String(keys[keys.length - 1]);
    if (!isRecord(target) && !Array.isArray(target)) throw this.error('assignment not applied');
    if (Array.isArray(target)) {
      const index = Number(last);
      if (!Number.isInteger(index) || index < 0 || index > MAX_ARRAY_LENGTH)
        throw this.error('bad array index');
      this.allocate(Math.max(0, index + 1 - target.length));
      target[index] = value;
    } else {
      defineOwn(target, last, value);
    }
  }

  private allocate(slots: number): void {
    this.allocatedSlots += slots;
    if (this.allocatedSlots > MAX_ALLOCATED_SLOTS) {
      throw new LiteralError(`creates more than ${MAX_ALLOCATED_SLOTS} array slots`);
    }
  }

  /** An identifier, or with `dotted` a member chain such as `JSON.parse`; null when none is here. */
  private matchIdentifier(dotted = false): string | null {
    const pattern = dotted ? /[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*/y : /[A-Za-z_$][\w$]*/y;
    pattern.lastIndex = this.pos;
    const match = pattern.exec(this.src);
    if (!match) return null;
    this.pos = pattern.lastIndex;
    return match[0].replace(/\s+/g, '');
  }

  private lookup(scope: Scope | undefined, name: string): unknown {
    for (let s = scope; s; s = s.parent) {
      if (s.vars.has(name)) return s.vars.get(name);
    }
    throw this.error(`unknown identifier ${name}`);
  }

  private expect(ch: string): void {
    this.pos = skipSpace(this.src, this.pos);
    if (this.src[this.pos] !== ch) throw this.error(`"${ch}" expected`);
    this.pos += 1;
  }

  private error(message: string): LiteralError {
    return new LiteralError(`${message} at offset ${this.pos}`);
  }
}
