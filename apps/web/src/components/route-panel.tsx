import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { t } from '../lib/i18n/index.ts';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './ui/sheet.tsx';

// A page opened as a side panel over the list it was opened from (docs/decisions/012-task-page.md):
// the URL is the page's own (/tasks/{id}), the history entry carries the list's location as
// `backgroundLocation`, and the shell keeps the list mounted underneath — with its scroll, filters
// and loaded pages — until Back (or Escape, or ×) returns to it. A reload or a shared link has no
// list to keep, so the same URL renders the full page.

export type PanelState = { backgroundLocation: Location };

/**
 * The state to navigate with so that a page opens as a panel over the current screen; from inside
 * a panel, over the same screen (panels do not stack).
 */
export function usePanelState(): PanelState {
  const location = useLocation();
  // The same object until the location changes, so a handler built on it can be memoised.
  return useMemo(() => ({ backgroundLocation: backgroundOf(location) ?? location }), [location]);
}

function backgroundOf(location: Location): Location | undefined {
  const state = location.state as Partial<PanelState> | null;
  return state?.backgroundLocation;
}

const InPanelContext = createContext(false);

/** Whether the page renders inside the side panel (one column, no page header). */
export const useInPanel = () => useContext(InPanelContext);

/**
 * The shell's outlet, able to show a route as a panel: `background` is what stays rendered
 * (the screen the panel was opened from, or simply the current route), `panel` the route opened
 * over it, if any. The background is always the same element at the same place in the tree, so
 * opening and closing the panel never remounts the list.
 */
export function useRoutePanelOutlet(): { background: ReactNode; panel: ReactNode } {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const kept = useRef<{ element: ReactNode; location: Location } | null>(null);
  const background = backgroundOf(location);
  // Only over the very screen it was opened from: after a reload nothing was kept, so the full page shows.
  const inPanel = background !== undefined && kept.current?.location.key === background.key;
  if (!inPanel) kept.current = { element: outlet, location };
  const shown = kept.current ?? { element: outlet, location };
  return {
    background: (
      // The background reads its own location (its search parameters are its filters).
      <LocationContext.Provider value={{ location: shown.location, navigationType }}>
        {shown.element}
      </LocationContext.Provider>
    ),
    panel: inPanel ? <RoutePanel>{outlet}</RoutePanel> : null,
  };
}

/** The side panel: Escape, ×, a click outside and Back all go back to the screen underneath. */
function RoutePanel({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Sheet open onOpenChange={(open) => !open && navigate(-1)}>
      <SheetContent
        side="right"
        // An editor inside (a title being renamed) spends its own Escape on cancelling the edit.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-own-escape]')) {
            event.preventDefault();
          }
        }}
        className="w-full gap-0 overflow-y-auto p-0 sm:max-w-3xl"
      >
        {/* The page names itself with its own heading; the dialog needs a title for screen readers. */}
        <SheetTitle className="sr-only">{t('Task')}</SheetTitle>
        <SheetDescription className="sr-only">
          {t('Opened over the list; Escape closes it.')}
        </SheetDescription>
        <InPanelContext.Provider value={true}>{children}</InPanelContext.Provider>
      </SheetContent>
    </Sheet>
  );
}
