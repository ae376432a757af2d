/*
 * The four PII classes of fast mode (docs/reference/README.md#common-parameters): conventional patterns, each narrowed by a check the regex
 * cannot express (Luhn, SSN ranges, digit counts). Digits are ASCII `\d` on purpose: card, SSN and
 * phone numbers in other digit systems are out of scope; letters are `\p{L}` because `\w` is ASCII-only.
 */

export const PII_ENTITIES = ['email', 'phone', 'credit_card', 'ssn'] as const;
export type PiiEntity = (typeof PII_ENTITIES)[number];

export const REDACTION_TAGS: Record<PiiEntity, string> = {
  email: '[REDACTED_EMAIL]',
  phone: '[REDACTED_PHONE]',
  credit_card: '[REDACTED_CREDIT_CARD]',
  ssn: '[REDACTED_SSN]',
};

export interface PiiDetector {
  entity: PiiEntity;
  /** Global, Unicode-aware. */
  pattern: RegExp;
  /** Second opinion on a pattern match; absent means every match counts. */
  accept?: (match: string) => boolean;
}

/** E.164 allows at most 15 digits; fewer than 8 is a local number or just a figure. */
const MIN_PHONE_DIGITS = 8;
const MAX_PHONE_DIGITS = 15;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Card networks issue from 2 (Mastercard 2-series) to 6 (Discover, UnionPay); 1, 7, 8, 9 and 0 prefixes
 * are airline, fuel, telecom or national schemes, and a run of zeros is Luhn-valid, so the prefix check
 * removes the commonest false positives that Luhn lets through.
 */
export function isCardNumber(match: string): boolean {
  const digits = digitsOf(match);
  return digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhnValid(digits);
}

/** SSA never issues area 000, 666 or 900–999, group 00 or serial 0000. */
export function isPlausibleSsn(match: string): boolean {
  const [area, group, serial] = [
    digitsOf(match).slice(0, 3),
    digitsOf(match).slice(3, 5),
    digitsOf(match).slice(5),
  ];
  return area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
}

function hasPhoneDigitCount(match: string): boolean {
  const count = digitsOf(match).length;
  return count >= MIN_PHONE_DIGITS && count <= MAX_PHONE_DIGITS;
}

/**
 * In this order: emails first (their local part may hold digits a phone pattern would take), cards
 * before SSNs and phones (a 4-4-4-4 card contains phone-shaped runs). Tags carry no digits, so a
 * later detector never re-matches an earlier tag. Built on the first redaction, not at load: the
 * Unicode classes cost a cold start 1.5 ms, and most calls never redact.
 */
let detectors: readonly PiiDetector[] | undefined;

export function piiDetectors(): readonly PiiDetector[] {
  if (detectors) return detectors;
  const EMAIL =
    /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?![\p{L}\p{N}-])/gu;

  /*
   * 16 digits as 4-4-4-4 (up to 19 with a short tail), Amex 4-6-5, Diners 4-6-4, each with one consistent
   * separator, or 13–19 bare digits. Never preceded or followed by another digit, so a longer number is
   * not mined for a card-shaped slice, and never after `+`, which marks an international phone number.
   */
  const CREDIT_CARD =
    /(?<![\p{N}+-])(?:\d{4}([ -]?)\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?|\d{4}([ -]?)\d{6}\2\d{4,5}|\d{13,19})(?!\p{N})/gu;

  /** 3-2-4 with the same hyphen or space twice; nine bare digits are too often order numbers or zip+4. */
  const SSN = /(?<![\p{N}-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\p{N}]|-\p{N})/gu;

  /** `+` country code, then groups separated by space, dot or hyphen, one group possibly in parentheses. */
  const PHONE_INTERNATIONAL =
    /(?<![\p{L}\p{N}+])\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]?\d{1,5}){1,5}(?![\p{N}]|[.-]\p{N})/gu;

  /** NANP: optional 1, area code (bare or parenthesised), 3-4 digits; a separator is required between groups. */
  const PHONE_US =
    /(?<![\p{L}\p{N}])(?<!\p{N}[.-])(?:1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\p{N}]|[.-]\p{N})/gu;

  detectors = [
    { entity: 'email', pattern: EMAIL },
    { entity: 'credit_card', pattern: CREDIT_CARD, accept: isCardNumber },
    { entity: 'ssn', pattern: SSN, accept: isPlausibleSsn },
    { entity: 'phone', pattern: PHONE_INTERNATIONAL, accept: hasPhoneDigitCount },
    { entity: 'phone', pattern: PHONE_US },
  ];
  return detectors;
}
