import { t } from '../../../lib/i18n/index.ts';

/** Above this the badge says '99+'. */
const UNREAD_BADGE_MAX = 99;

export const unreadBadgeText = (count: number) =>
  count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);

/**
 * The accessible name of a link that carries the badge ('Notifications, 3 unread'); undefined
 * at 0, when the visible label is the name. (Hidden text inside the link would not do: the
 * link lays its parts out as flex items, and name computation puts a space before the comma.)
 */
export const unreadLinkLabel = (label: string, count: number): string | undefined =>
  count > 0 ? t('{{label}}, {{number}} unread', { label, number: unreadBadgeText(count) }) : undefined;

/**
 * The unread count on the sidebar's Notifications link: a small pill beside the label, a dot on
 * the icon while the sidebar is collapsed, nothing at 0. Both are hidden from screen readers:
 * give the link `unreadLinkLabel` as its name. The link must be positioned (for the dot).
 */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = unreadBadgeText(count);
  return (
    <>
      <span
        aria-hidden="true"
        data-slot="unread-dot"
        className="absolute top-1 end-1 hidden size-2 rounded-full bg-primary group-data-[collapsible=icon]:block"
      />
      <span
        aria-hidden="true"
        data-slot="unread-badge"
        className="ms-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 font-medium text-[11px] text-primary-foreground tabular-nums group-data-[collapsible=icon]:hidden"
      >
        {text}
      </span>
    </>
  );
}
