// Timestamps of the service (docs/service-interface.md §2: `YYYY-MM-DDThh:mm:ss.ffffff+00:00`). Parsed by hand
// instead of `Date.parse` because V8 is lenient in ways that hide bad data: it rolls
// 2024-02-30 over to March 1st and reads a zone-less "2024-01-02 03:04:05" as local time,
// which would make tests and relative times depend on the machine's time zone. The one
// parser: the model and the client's order check (Chronology, below, which api/paging runs on
// every issue) both use it. The one home of time: instants, their order and ranges, ISO weeks,
// and how a time or a span reads ("3 days ago", "5 h", "2024-01-02 03:04:05 UTC").
// Ground floor: imports only common/text.
import { counted, formatCount } from './text';

/** A point in time from the service: epoch milliseconds for arithmetic, plus the wire text. */
export interface Instant {
  /** Milliseconds since the epoch (UTC); sub-millisecond digits are truncated. */
  readonly ms: number;
  /** The string exactly as the service sent it, for tooltips and logs. */
  readonly text: string;
}

// Date, `T` (or a space, as PostgreSQL prints it), hh:mm, optional :ss, 0–9 fraction
// digits, optional offset (Z, ±hh:mm, ±hhmm, ±hh).
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

const MS_PER_MINUTE = 60_000;

/**
 * Parses a service timestamp. Returns undefined for null, empty or malformed text and for
 * impossible dates (month 13, February 30th, offset +25:00). A timestamp without an offset
 * is read as UTC: the service works in UTC and the local zone of the reader is irrelevant.
 */
export function parseTimestamp(text: string | null | undefined): Instant | undefined {
  if (typeof text !== 'string') return undefined;
  const fast = serviceShapeMs(text);
  if (fast !== undefined) return { ms: fast, text };
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(m[7].padEnd(9, '0')) / 1e6);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;

  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = m[11] === undefined ? 0 : Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }

  // setUTCFullYear, because Date.UTC maps years 0–99 to 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, millis);
  const ms = d.getTime() - offsetMinutes * MS_PER_MINUTE;
  return Number.isFinite(ms) ? { ms, text } : undefined;
}

/**
 * The epoch milliseconds of a valid timestamp in exactly the service's shape
 * (YYYY-MM-DDThh:mm:ss, 1–9 fraction digits, Z or ±hh:mm), read without a regex or a Date;
 * undefined for anything else, which then takes the general path above. The model parses
 * every issue's createdAt, and the regex path was the largest cost of adding 100k issues.
 */
function serviceShapeMs(text: string): number | undefined {
  const n = text.length;
  if (n > 35 || !hasServiceSeparators(text)) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  // Years below 1000 go the general way (Date.UTC reads 0–99 as 1900–1999).
  if (
    year < 1000 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  ) {
    return undefined;
  }
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === 46) {
    let count = 0;
    for (at++; at < n; at++, count++) {
      const d = text.charCodeAt(at) - 48;
      if (d < 0 || d > 9) break;
      if (count < 3) millis = millis * 10 + d; // sub-millisecond digits are truncated
    }
    if (count === 0 || count > 9) return undefined;
    for (let k = count; k < 3; k++) millis *= 10;
  }
  const sign = text.charCodeAt(at);
  let offsetMinutes = 0;
  if (sign === 90 && at + 1 === n)
    offsetMinutes = 0; // Z
  else if ((sign === 43 || sign === 45) && at + 6 === n && text.charCodeAt(at + 3) === 58) {
    const oh = digits(text, at + 1, 2);
    const om = digits(text, at + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return undefined;
    offsetMinutes = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  } else return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * MS_PER_MINUTE;
}

/** At least 20 characters with the separators of YYYY-MM-DDThh:mm:ss in their places (the digits are not checked). */
function hasServiceSeparators(t: string): boolean {
  return (
    t.length >= 20 &&
    t.charCodeAt(4) === 45 &&
    t.charCodeAt(7) === 45 &&
    t.charCodeAt(10) === 84 &&
    t.charCodeAt(13) === 58 &&
    t.charCodeAt(16) === 58
  );
}

/** The decimal number in text[at, at+count), or -1 if one of those is not an ASCII digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * Whether issues arrive in chronological order (spec §4.3): tracks the latest timestamp seen
 * and says when one goes back in time. Every timestamp is parsed and compared as a time, so
 * two that differ only in shape (offset, precision) compare as the instants they name.
 */
export class Chronology {
  /** The latest readable timestamp noted and its time; null until one is. */
  private latest: string | null = null;
  private latestMs = 0;

  /** Notes a timestamp; false when it is older than the latest one noted. Unreadable ones are never older. */
  note(created: string): boolean {
    const ms = parseTimestamp(created)?.ms;
    if (ms === undefined) return true;
    if (this.latest !== null && order(ms, created, this.latestMs, this.latest) < 0) return false;
    this.latest = created;
    this.latestMs = ms;
    return true;
  }
}

/** Chronological order of two service timestamps: <0, 0 (equal or not comparable), >0. */
export function compareTimestamps(a: string, b: string): number {
  const x = parseTimestamp(a)?.ms;
  const y = parseTimestamp(b)?.ms;
  return x === undefined || y === undefined ? 0 : order(x, a, y, b);
}

/** Two parsed timestamps by their milliseconds, then (within the same one) by the digits below it. */
function order(ms: number, text: string, otherMs: number, other: string): number {
  return ms - otherMs || subMillisecond(text) - subMillisecond(other);
}

/** The fraction's digits below the millisecond, in nanoseconds (0–999,999). */
function subMillisecond(text: string): number {
  const digits = /[.,]\d{3}(\d{1,6})/.exec(text)?.[1];
  return digits === undefined ? 0 : Number(digits.padEnd(6, '0'));
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Orders possibly-missing instants oldest first, missing ones last. */
export function compareOptionalInstants(a: Instant | null, b: Instant | null): number {
  if (a && b) return a.ms - b.ms;
  return a ? -1 : b ? 1 : 0;
}

/** Orders possibly-missing instants newest first, missing ones last. */
export function compareNewestFirst(a: Instant | null, b: Instant | null): number {
  if (a && b) return b.ms - a.ms;
  return a ? -1 : b ? 1 : 0;
}

/** Earliest and latest of the parseable timestamps among `texts`; nulls when none parses. */
export function timeRange(texts: Iterable<string | null | undefined>): {
  first: Instant | null;
  last: Instant | null;
} {
  let first: Instant | null = null;
  let last: Instant | null = null;
  for (const text of texts) {
    const t = parseTimestamp(text);
    if (!t) continue;
    if (!first || t.ms < first.ms) first = t;
    if (!last || t.ms > last.ms) last = t;
  }
  return { first, last };
}

// ISO 8601 weeks of UTC instants: weeks start on Monday and week 1 is the one that holds
// January 4th (equivalently, the year's first Thursday), so a week belongs to the year of its
// Thursday and the days around New Year can fall in the other year's week 52 or 53.

const MS_PER_DAY = 86_400_000;

export interface IsoWeek {
  /** `2020-W53` */
  readonly week: string;
  /** The Monday starting it, `2020-12-28`. */
  readonly weekStart: string;
}

/** The ISO week (UTC) of epoch milliseconds. */
export function isoWeek(ms: number): IsoWeek {
  const day = Math.floor(ms / MS_PER_DAY); // days since 1970-01-01, a Thursday
  const mondayBased = (((day + 3) % 7) + 7) % 7; // 0 = Monday … 6 = Sunday
  const monday = day - mondayBased;
  const thursday = new Date((monday + 3) * MS_PER_DAY);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1) / MS_PER_DAY;
  const week = Math.floor((monday + 3 - jan1) / 7) + 1;
  return { week: `${pad(year, 4)}-W${pad(week, 2)}`, weekStart: isoDate(monday * MS_PER_DAY) };
}

function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

/** Each unit is used until the next one would round to 1 (moment.js-style thresholds). */
const UNITS: ReadonlyArray<{ name: 'minute' | 'hour' | 'day' | 'month' | 'year'; size: number; below: number }> = [
  { name: 'minute', size: MINUTE, below: 45 * MINUTE },
  { name: 'hour', size: HOUR, below: 22 * HOUR },
  { name: 'day', size: DAY, below: 26 * DAY },
  { name: 'month', size: MONTH, below: 320 * DAY },
  { name: 'year', size: YEAR, below: Infinity },
];

/** How far `ms` is from `nowMs`, in the unit relativeTime words it in (the extension words it in the UI's language). */
export type RelativeSpan =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'now' }
  | { readonly kind: 'past' | 'future'; readonly n: number; readonly unit: 'minute' | 'hour' | 'day' | 'month' | 'year' };

export function relativeSpan(ms: number, nowMs: number): RelativeSpan {
  const diff = ms - nowMs;
  if (!Number.isFinite(diff)) return { kind: 'unknown' };
  const abs = Math.abs(diff);
  if (abs < 45 * SECOND) return { kind: 'now' };
  const unit = UNITS.find((u) => abs < u.below) ?? UNITS[UNITS.length - 1]!;
  return { kind: diff < 0 ? 'past' : 'future', n: Math.max(1, Math.round(abs / unit.size)), unit: unit.name };
}

/** "just now", "5 minutes ago", "in 2 hours", "3 days ago", "1 year ago". */
export function relativeTime(ms: number, nowMs: number): string {
  const span = relativeSpan(ms, nowMs);
  if (span.kind === 'unknown') return 'at an unknown time';
  if (span.kind === 'now') return 'just now';
  const phrase = counted(span.n, span.unit);
  return span.kind === 'past' ? `${phrase} ago` : `in ${phrase}`;
}

/** A span of time in hours below a day ("0.5 h", "5 h", "13 h"), else in days ("1 day", "3.2 days", "45 days"); one decimal below ten. */
export function formatDuration(ms: number): string {
  const span = durationSpan(ms);
  if (span === undefined) return 'unknown';
  if (span.unit === 'hours') return `${span.value} h`;
  return `${span.value} ${span.value === '1' ? 'day' : 'days'}`;
}

/** The number formatDuration writes and its unit; undefined for an unknown span (the extension words it in the UI's language). */
export function durationSpan(ms: number): { readonly value: string; readonly unit: 'hours' | 'days' } | undefined {
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  const oneDecimal = (n: number) => formatCount(n < 9.95 ? Math.round(n * 10) / 10 : Math.round(n));
  if (ms < DAY - 0.5 * HOUR) return { value: oneDecimal(ms / HOUR), unit: 'hours' };
  return { value: oneDecimal(ms / DAY), unit: 'days' };
}

/** "2024-01-02 03:04:05 UTC": absolute, UTC, the same on every machine. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return 'unknown date';
  const iso = d.toISOString(); // 2024-01-02T03:04:05.678Z (or ±YYYYYY-… for extreme years)
  const t = iso.indexOf('T');
  return `${iso.slice(0, t)} ${iso.slice(t + 1, t + 9)} UTC`;
}
