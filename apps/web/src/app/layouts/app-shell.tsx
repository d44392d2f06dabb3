// Every screen's styles: the public pages' first load has only public.css (docs/decisions/005-bundle-budget.md);
// the shell's chunk waits for this sheet before any signed-in page renders.
import '../../index.css';
// English plural forms ('1 task'): the signed-in pages show plurals, the public pages none.
import '../../lib/i18n/english-plurals.ts';
import { AppExtensionsProvider } from '../../components/app-extensions.tsx';
import { ReauthDialogHost } from '../../components/reauth-dialog.tsx';
import { useRoutePanelOutlet } from '../../components/route-panel.tsx';
import { SidebarInset, SidebarProvider } from '../../components/ui/sidebar.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { FollowAccountLanguage } from '../../features/languages/components/follow-account-language.tsx';
import { TemplateExtensions } from '../../features/templates/components/template-extensions.tsx';
import { RealtimeProvider } from '../realtime/realtime-provider.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { GlobalCommands } from './global-commands.tsx';
import { PhoneTabBar } from './phone-tab-bar.tsx';
import { taskFormExtensions } from './task-form-extensions.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The signed-in shell (spec §2.3): sidebar, top bar and the page, and the realtime socket that
 * keeps them current while someone is signed in. RequireSession guarantees a user.
 * Loaded lazily, so public pages (landing, /auth) never download the sidebar and its menus.
 */
export function Component() {
  const { data: user } = useSession();
  // A task opened from a list shows as a panel over it (docs/decisions/012-task-page.md).
  const { background, panel } = useRoutePanelOutlet();
  if (!user) return null;
  return (
    <RealtimeProvider>
      <FollowAccountLanguage language={user.language} />
      <AppExtensionsProvider value={taskFormExtensions}>
        {/* What templates add to the task and product menus and the create dialog (issue 29). */}
        <TemplateExtensions>
          <GlobalCommands user={user}>
            <SidebarProvider>
              <AppSidebar user={user} />
              <SidebarInset>
                <TopBar />
                {/* On a phone the tab bar covers the bottom: the page ends above it (issue 33). */}
                <main
                  id="main"
                  className="flex-1 px-4 pt-6 pb-[calc(1.5rem+var(--tab-bar-height))] md:px-8 md:py-8"
                >
                  {background}
                  {panel}
                </main>
              </SidebarInset>
              <PhoneTabBar user={user} />
            </SidebarProvider>
            {/* Asks for the password again when an admin action needs a recent sign-in (issue 27 #2). */}
            <ReauthDialogHost />
          </GlobalCommands>
        </TemplateExtensions>
      </AppExtensionsProvider>
    </RealtimeProvider>
  );
}
