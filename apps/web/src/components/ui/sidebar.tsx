import { PanelLeftIcon } from 'lucide-react';
import type { ComponentProps, CSSProperties } from 'react';
import { cn } from '../../lib/cn.ts';
import { currentDirection, t } from '../../lib/i18n/index.ts';
import { Button } from './button.tsx';
import { Separator } from './separator.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from './sheet.tsx';
import { useSidebar } from './sidebar-provider.tsx';

// The sidebar in three files: its state (sidebar-provider.tsx), its frame (here) and its groups and
// menus (sidebar-menu.tsx); import any of it from here.
export * from './sidebar-menu.tsx';
export { SIDEBAR_COOKIE_NAME, SidebarProvider, useSidebar } from './sidebar-provider.tsx';

const SIDEBAR_WIDTH_MOBILE = '18rem';

// The sidebar surface sits half-way between the page and the muted tone, in both themes, so
// it reads as a calm panel without a token of its own; opaque, because the mobile sheet
// slides over the page.
const sidebarSurface = 'bg-[color-mix(in_oklab,var(--muted)_50%,var(--background))] text-foreground';

export type SidebarProps = ComponentProps<'div'> & {
  side?: 'left' | 'right';
  /** 'icon' collapses to a rail of icons, 'offcanvas' slides away, 'none' never collapses. */
  collapsible?: 'offcanvas' | 'icon' | 'none';
};

export function Sidebar({
  side = 'left',
  collapsible = 'icon',
  className,
  children,
  ...props
}: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (collapsible === 'none') {
    return (
      <div
        data-slot="sidebar"
        className={cn('flex h-full w-(--sidebar-width) flex-col', sidebarSurface, className)}
        {...props}
      >
        {children}
      </div>
    );
  }

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-sidebar="sidebar"
          data-slot="sidebar"
          data-mobile="true"
          // `side` is the reading start or end: in a right-to-left language the sheet comes from the right.
          side={currentDirection() === 'rtl' ? (side === 'left' ? 'right' : 'left') : side}
          showCloseButton={false}
          className={cn('w-(--sidebar-width) gap-0 p-0 sm:max-w-none', sidebarSurface)}
          style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
          // Radix would focus the first button, which is Logout in our footer: one Enter after
          // opening would sign the user out. Start on the current page's link instead.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const panel = event.currentTarget as HTMLElement;
            const target =
              panel.querySelector<HTMLElement>('[aria-current="page"]') ??
              panel.querySelector<HTMLElement>('a[href]');
            (target ?? panel).focus();
          }}
        >
          <SheetHeader className="sr-only">
            <SheetTitle>{t('Sidebar')}</SheetTitle>
            <SheetDescription>{t('The main navigation.')}</SheetDescription>
          </SheetHeader>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      className="group peer hidden text-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? collapsible : ''}
      data-side={side}
      data-slot="sidebar"
    >
      {/* Holds the sidebar's width in the page flow, so the inset content sits beside it. */}
      <div
        data-slot="sidebar-gap"
        className={cn(
          'relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear motion-reduce:transition-none',
          'group-data-[collapsible=offcanvas]:w-0 group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
        )}
      />
      <div
        data-slot="sidebar-container"
        className={cn(
          'fixed inset-y-0 z-10 hidden h-svh w-(--sidebar-width) transition-[inset-inline-start,inset-inline-end,width] duration-200 ease-linear motion-reduce:transition-none md:flex',
          side === 'left'
            ? 'start-0 border-e group-data-[collapsible=offcanvas]:start-[calc(var(--sidebar-width)*-1)]'
            : 'end-0 border-s group-data-[collapsible=offcanvas]:end-[calc(var(--sidebar-width)*-1)]',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
          className,
        )}
        {...props}
      >
        <div
          data-sidebar="sidebar"
          data-slot="sidebar-inner"
          className={cn('flex h-full w-full flex-col', sidebarSurface)}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar } = useSidebar();
  return (
    <Button
      data-sidebar="trigger"
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">{t('Toggle Sidebar')}</span>
    </Button>
  );
}

/** A thin strip on the sidebar's edge: click it to toggle, as in Linear. Hidden from keyboards (the trigger and Ctrl/Cmd+B cover them). */
export function SidebarRail({ className, ...props }: ComponentProps<'button'>) {
  const { toggleSidebar } = useSidebar();
  return (
    <button
      type="button"
      data-sidebar="rail"
      data-slot="sidebar-rail"
      aria-label={t('Toggle Sidebar')}
      tabIndex={-1}
      onClick={toggleSidebar}
      title={t('Toggle Sidebar')}
      className={cn(
        'absolute inset-y-0 z-20 hidden w-4 -translate-x-1/2 rtl:translate-x-1/2 transition-all ease-linear after:absolute after:inset-y-0 after:start-1/2 after:w-[2px] hover:after:bg-border sm:flex',
        'group-data-[side=left]:-end-4 group-data-[side=right]:start-0',
        'in-data-[side=left]:cursor-w-resize in-data-[side=right]:cursor-e-resize',
        '[[data-side=left][data-state=collapsed]_&]:cursor-e-resize [[data-side=right][data-state=collapsed]_&]:cursor-w-resize',
        className,
      )}
      {...props}
    />
  );
}

/** The page area beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('relative flex w-full min-w-0 flex-1 flex-col bg-background', className)}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      data-sidebar="header"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-footer"
      data-sidebar="footer"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export function SidebarSeparator({ className, ...props }: ComponentProps<typeof Separator>) {
  return (
    <Separator
      data-slot="sidebar-separator"
      data-sidebar="separator"
      className={cn('mx-2 data-[orientation=horizontal]:w-auto', className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      data-sidebar="content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
}
