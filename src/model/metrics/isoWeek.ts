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
