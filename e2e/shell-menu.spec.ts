import type { Role } from './support/api.ts';
import { expect, test } from './support/test.ts';

// Flow (e): the sidebar menu per role, spec §2.3 and §6 with ARCHITECTURE §5 (Settings for everyone;
// super admin sees everything an admin sees, plus Reports and Analytics).

const everyone: Role[] = ['guest', 'member', 'admin', 'super admin'];
const memberUp: Role[] = ['member', 'admin', 'super admin'];
const adminUp: Role[] = ['admin', 'super admin'];
const superOnly: Role[] = ['super admin'];

const menu: { label: string; href: string; roles: Role[] }[] = [
  { label: 'Dashboard', href: '/d', roles: everyone },
  { label: 'Products', href: '/products', roles: everyone },
  { label: 'Team', href: '/team', roles: adminUp },
  { label: 'Calendar', href: '/calendar', roles: memberUp },
  // Issue 31: the roadmap, for every role that sees products.
  { label: 'Roadmap', href: '/roadmap', roles: everyone },
  // Issue 32: the lifecycle reports, for every role that sees products.
  { label: 'Lifecycle', href: '/lifecycle', roles: everyone },
  { label: 'Reports', href: '/reports', roles: superOnly },
  { label: 'Tasks', href: '/tasks', roles: everyone },
  { label: 'Analytics', href: '/analytics', roles: superOnly },
  // Pages of spec §2.1 that nothing else linked to (issue 14).
  { label: 'Activity', href: '/activity', roles: everyone },
  { label: 'Services', href: '/services', roles: everyone },
  { label: 'Settings', href: '/settings', roles: everyone },
  { label: 'Notifications', href: '/notifications', roles: memberUp },
];

for (const role of everyone) {
  test(`the ${role} sees exactly the menu entries of their role`, async ({ page, signInAs }) => {
    const account = await signInAs(role);
    await page.goto('/d');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    // The user block in the sidebar footer names the signed-in user.
    await expect(page.getByText(account.name).first()).toBeVisible();

    for (const item of menu) {
      // The Notifications link is named 'Notifications, N unread' while the account has unread
      // ones (other specs, running alongside, invite the seeded member).
      const link = page.getByRole('link', { name: new RegExp(`^${item.label}(, \\S+ unread)?$`) });
      if (item.roles.includes(role)) {
        await expect(link.and(page.locator(`[href="${item.href}"]`)).first(), item.label).toBeVisible();
      } else {
        await expect(link, `${item.label} must be hidden from the ${role}`).toHaveCount(0);
      }
    }

    const newProduct = page
      .getByRole('link', { name: 'New Product' })
      .or(page.getByRole('button', { name: 'New Product' }));
    if (role === 'guest') await expect(newProduct).toHaveCount(0);
    else await expect(newProduct.first()).toBeVisible();
  });
}
