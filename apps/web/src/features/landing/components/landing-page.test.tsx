import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LandingPage } from './landing-page.tsx';

function renderLanding() {
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
  return { ...result, user };
}

describe('LandingPage', () => {
  it('has one h1 and the page landmarks', () => {
    renderLanding();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("sends 'Get Started' and 'Start Your Free Trial' to /auth", () => {
    renderLanding();

    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute('href', '/auth');
  });

  it('sends Log In and Sign Up in the header to /auth', () => {
    renderLanding();
    const header = within(screen.getByRole('banner'));

    expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth');
  });

  it('links the header to the page sections, and those sections exist', () => {
    const { container } = renderLanding();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));

    for (const [name, id] of [
      ['Features', 'features'],
      ['How it works', 'how-it-works'],
      ['Pricing', 'pricing'],
      ['Contact', 'contact'],
    ] as const) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', `#${id}`);
      expect(container.querySelector(`#${id}`)).toBeInTheDocument();
    }
  });

  it('shows the marketing figures', () => {
    renderLanding();

    expect(screen.getAllByText(/10,000\+/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/4\.9\/5/).length).toBeGreaterThan(0);
    expect(screen.getByText(/setup in under 2 minutes/i)).toBeInTheDocument();
  });

  it('gives the secondary calls to action their actions', () => {
    const { container } = renderLanding();

    expect(screen.getByRole('link', { name: 'See Our Process' })).toHaveAttribute('href', '#how-it-works');
    expect(screen.getByRole('link', { name: 'Explore Dashboard' })).toHaveAttribute('href', '#showcase');
    expect(container.querySelector('#showcase')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule a Demo' }).getAttribute('href')).toMatch(
      /^mailto:sales@shipyard\.example/,
    );
  });

  it('shows six features, three steps and pricing tiers that all lead to /auth', () => {
    renderLanding();

    const features = screen.getByRole('region', { name: /everything a product team needs/i });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(6);

    const steps = screen.getByRole('region', { name: /three steps/i });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Quick setup', 'Configure workspace', 'Start collaborating']);

    const pricing = screen.getByRole('region', { name: /simple plans/i });
    const ctas = within(pricing).getAllByRole('link');
    expect(ctas).toHaveLength(3);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/auth');
  });

  it('draws the sample board with the five status columns', () => {
    renderLanding();

    const board = screen.getByRole('region', { name: 'Sample product board' });
    for (const status of ['Planning', 'Development', 'Testing', 'Production', 'Maintenance']) {
      expect(within(board).getByText(status)).toBeInTheDocument();
    }
  });

  it('has the footer tagline and the contact e-mail', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));

    expect(footer.getByText(/bringing teams closer with collaboration tools/i)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'hello@shipyard.example' })).toHaveAttribute(
      'href',
      'mailto:hello@shipyard.example',
    );
  });

  it('opens the compact menu with the section links, Log In and Sign Up, and Escape closes it', async () => {
    const { user } = renderLanding();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = within(await screen.findByRole('navigation', { name: 'Sections' }));
    expect(menu.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    const panel = within(document.getElementById('landing-menu') as HTMLElement);
    expect(panel.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(panel.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes the compact menu when a section link is followed', async () => {
    const { user } = renderLanding();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await user.click(menu.getByRole('link', { name: 'Features' }));
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });
});
