// Time zones (analytics, notification quiet hours, recurrence): a leaf module, so that any
// schema may check one without importing another feature's schemas.

/** An IANA time zone name this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
