/**
 * When posted mail is expected (issue 27 item 6). Ordinary 1st and 2nd class letters are not
 * tracked to the door: after the printer hands a letter to Royal Mail it is "Posted", and the
 * recipient can expect it on Royal Mail's service standard, counted in working days (Monday to
 * Friday, bank holidays excepted): 1st class the next working day, 2nd class within three.
 */

/**
 * Bank holidays in England and Wales, 2026 to 2028. Source: https://www.gov.uk/bank-holidays
 * (its feed https://www.gov.uk/bank-holidays.json, division "england-and-wales"), including the
 * substitute days when a holiday falls on a weekend. Dates after the list are counted as working
 * days unless they fall on a weekend: extend the list when gov.uk publishes the next year.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly string[] = [
  '2026-01-01', // New Year's Day
  '2026-04-03', // Good Friday
  '2026-04-06', // Easter Monday
  '2026-05-04', // Early May bank holiday
  '2026-05-25', // Spring bank holiday
  '2026-08-31', // Summer bank holiday
  '2026-12-25', // Christmas Day
  '2026-12-28', // Boxing Day (substitute day: 26 December is a Saturday)
  '2027-01-01', // New Year's Day
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
  '2027-05-03', // Early May bank holiday
  '2027-05-31', // Spring bank holiday
  '2027-08-30', // Summer bank holiday
  '2027-12-27', // Christmas Day (substitute day: 25 December is a Saturday)
  '2027-12-28', // Boxing Day (substitute day: 26 December is a Sunday)
  '2028-01-03', // New Year's Day (substitute day: 1 January is a Saturday)
  '2028-04-14', // Good Friday
  '2028-04-17', // Easter Monday
  '2028-05-01', // Early May bank holiday
  '2028-05-29', // Spring bank holiday
  '2028-08-28', // Summer bank holiday
  '2028-12-25', // Christmas Day
  '2028-12-26', // Boxing Day
];
const HOLIDAYS = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS);

/** Working days Royal Mail's service standard allows: 1st class the next, 2nd class within three. */
export const POST_WORKING_DAYS = { premium: 1, standard: 3 } as const;

/** The calendar day (yyyy-mm-dd) of an instant in UK time. */
export function ukDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Adds days to a yyyy-mm-dd day (calendar arithmetic in UTC, so no clock change shifts it). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Monday to Friday and not a bank holiday in England and Wales. */
export function isUkWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day);
}

/**
 * The day (yyyy-mm-dd, UK) a letter posted at `postedAt` is expected by: the first working day
 * after the day it was posted for 1st class (premium), the third for 2nd class (standard). A letter
 * posted on a Saturday, Sunday or bank holiday counts from the next working day the same way.
 */
export function expectedDelivery(postedAt: Date, service: 'premium' | 'standard'): string {
  let day = ukDay(postedAt);
  for (let left = POST_WORKING_DAYS[service]; left > 0; ) {
    day = addDays(day, 1);
    if (isUkWorkingDay(day)) left--;
  }
  return day;
}

/** "Friday 13 March 2026": a yyyy-mm-dd day as people read it. */
export function formatLongDay(day: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
      .formatToParts(new Date(`${day}T00:00:00Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * What the panel says of posted mail instead of "Delivered on": "Expected on Friday 13 March 2026"
 * for 1st class, "Expected by Tuesday 17 March 2026" for 2nd class (within three working days).
 */
export function expectedDeliveryText(postedAt: Date, service: 'premium' | 'standard'): string {
  const day = formatLongDay(expectedDelivery(postedAt, service));
  return service === 'premium' ? `Expected on ${day}` : `Expected by ${day}`;
}
