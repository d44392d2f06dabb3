import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomeIcon } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIDEBAR_COOKIE_NAME,
  Sidebar,
  SidebarContent,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from './sidebar.tsx';

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie jar.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
}

function State() {
  const { state, openMobile } = useSidebar();
  return (
    <output data-testid="state">
      {state}
      {openMobile ? ' mobile-open' : ''}
    </output>
  );
}

function renderSidebar(props: { defaultOpen?: boolean } = {}) {
  return render(
    <SidebarProvider {...props}>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton isActive tooltip="Home">
                <HomeIcon />
                <span>Home</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <main>
        <SidebarTrigger />
        <State />
        <input aria-label="Notes" />
      </main>
    </SidebarProvider>,
  );
}

const state = () => screen.getByTestId('state').textContent;

/** Stubs the viewport's width query: below 768 px counts as mobile (spec §9). */
function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

describe('Sidebar', () => {
  beforeEach(() => {
    clearCookie();
    stubViewport(1440);
  });
  afterEach(() => {
    clearCookie();
  });

  it('starts expanded when no choice was saved', () => {
    renderSidebar();
    expect(state()).toBe('expanded');
    expect(document.querySelector('[data-slot=sidebar]')).toHaveAttribute('data-state', 'expanded');
  });

  it('toggles with Ctrl+B and with Cmd+B, and saves the choice in a 7-day cookie', () => {
    const cookieWrites: string[] = [];
    let proto: object | null = Object.getPrototypeOf(document);
    while (proto && !Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
    const descriptor = proto ? Object.getOwnPropertyDescriptor(proto, 'cookie') : undefined;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    renderSidebar();

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(state()).toBe('collapsed');
    expect(document.querySelector('[data-slot=sidebar]')).toHaveAttribute('data-collapsible', 'icon');
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);
    expect(document.cookie).toContain('sidebar_state=false');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(state()).toBe('expanded');
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=true; path=\/; max-age=604800/);
  });

  it('ignores B without a modifier, so typing is not hijacked', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(screen.getByLabelText('Notes'), 'bb');
    expect(state()).toBe('expanded');
  });

  it('reads the saved choice on load, so a collapsed sidebar stays collapsed after a reload', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: seeding the cookie a previous visit left.
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    renderSidebar();
    expect(state()).toBe('collapsed');
  });

  it('has a trigger named Toggle Sidebar that toggles it', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(state()).toBe('collapsed');
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(state()).toBe('expanded');
  });

  it('marks the active entry', () => {
    renderSidebar();
    expect(screen.getByRole('button', { name: 'Home' })).toHaveAttribute('data-active', 'true');
  });

  it('shows the label as a tooltip only while collapsed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const hoverHome = () => {
        const home = screen.getByRole('button', { name: 'Home' });
        fireEvent.pointerMove(home, { pointerType: 'mouse' });
        act(() => {
          vi.advanceTimersByTime(700);
        });
      };
      const leaveHome = () => {
        const home = screen.getByRole('button', { name: 'Home' });
        fireEvent.pointerLeave(home, { pointerType: 'mouse', clientX: 0, clientY: 0 });
      };
      renderSidebar();
      hoverHome();
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      leaveHome();

      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
      hoverHome();
      expect(screen.getByRole('tooltip')).toHaveTextContent('Home');
    } finally {
      vi.useRealTimers();
    }
  });

  it('becomes a slide-over panel below 768 px, opened by the trigger and without touching the cookie', async () => {
    stubViewport(360);
    const user = userEvent.setup();
    renderSidebar();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));

    const panel = screen.getByRole('dialog', { name: 'Sidebar' });
    expect(panel).toHaveAttribute('data-mobile', 'true');
    expect(screen.getByRole('button', { name: 'Home' })).toBeInTheDocument();
    expect(document.cookie).not.toContain(SIDEBAR_COOKIE_NAME);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
