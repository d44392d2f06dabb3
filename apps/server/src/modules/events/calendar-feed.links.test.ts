import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';

// Issue 27, "Also": a link is a URI value (RFC 5545 §3.3.13), not text: `;` and `,` stay as they
// are. The feed is read back by a real iCalendar parser (ical.js).

const { ctx, as, member } = useTestApp();

const links = [
  'https://meet.example.com/j/123;pwd=a,b?x=1,2;y=3',
  // Longer than one 75-octet line: folded, and still the same link once unfolded.
  `https://video.example.org/room/${'abc;def,'.repeat(12)}end?a=1;b=2,3`,
];

describe('the calendar feed', () => {
  it("gives back an event's meeting link with ; and , unchanged, in its URL and its description", async () => {
    const mia = await member('Mia Meetings');
    const today = ctx.clock.now().toISOString().slice(0, 10);
    for (const [i, meetingLink] of links.entries()) {
      const created = await as(mia, {
        method: 'POST',
        url: '/api/events',
        payload: { title: `Call ${i}`, date: today, startTime: '10:00', type: 'meeting', meetingLink },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const feed = await as(mia, { method: 'POST', url: '/api/user/calendar-feed' });
    expect(feed.statusCode, feed.body).toBe(201);

    const res = await as(undefined, { url: new URL(feed.json<{ url: string }>().url).pathname });
    expect(res.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
    const byTitle = new Map(events.map((e) => [String(e.getFirstPropertyValue('summary')), e]));
    for (const [i, link] of links.entries()) {
      const event = byTitle.get(`Call ${i}`);
      expect(event?.getFirstPropertyValue('url')).toBe(link);
      expect(String(event?.getFirstPropertyValue('description'))).toContain(`Join: ${link}`);
    }
    // Every line stays within 75 octets (folded), the URL lines included.
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
